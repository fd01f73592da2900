// The header's signed-in bits as static classes (src/app/layout/header-auth.specimen.tsx, decision
// 102) are the classes the app's own header renders: a change to AppHeader's logout button or
// member ID without the specimen following fails here.
import { screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { headerAuthClasses } from '../../src/app/layout/header-auth.styles.gen'
import { headerText } from '../../src/text/layout'
import { demoMember, renderApp } from './app-harness'

describe('header static styles', () => {
  it('are the classes of AppHeader’s logout button and member ID', async () => {
    renderApp('/', { signedIn: true })
    // jsdom applies no media query: the nav is hidden at its base value, so its button is looked up as hidden.
    const logout = await screen.findByRole('button', { name: headerText.logout, hidden: true })
    expect(logout.className).toBe(headerAuthClasses.logoutButton)
    const memberId = await screen.findByText(`${headerText.memberId}: ${demoMember.memberId}`)
    expect(memberId.className).toBe(headerAuthClasses.memberId)
  })
})
