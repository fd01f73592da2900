// Product.md §2 step breadcrumb: home → ticket (payment history on the change page) → date and
// consultant → payment; earlier steps are links, the date step on its own page is a callback, and
// /buy shows it with payment as the current step. Rendered with the app's Chakra system in a router.
import { ChakraProvider } from '@chakra-ui/react'
import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from '@tanstack/react-router'
import { fireEvent, render, screen, within } from '@testing-library/react'
import type { ComponentProps } from 'react'
import { describe, expect, it, vi } from 'vitest'
import { system } from '../../src/theme'
import { StepBreadcrumb } from '../../src/ui/step-breadcrumb'

async function show(props: ComponentProps<typeof StepBreadcrumb>) {
  const history = createMemoryHistory({ initialEntries: ['/'] })
  const router = createRouter({ routeTree: createRootRoute({ component: () => <StepBreadcrumb {...props} /> }), history })
  render(
    <ChakraProvider value={system}>
      <RouterProvider router={router} />
    </ChakraProvider>,
  )
  return within(await screen.findByRole('navigation', { name: 'お申し込みの流れ' }))
}

describe('step breadcrumb', { timeout: 20_000 }, () => {
  it('on /buy: payment is current, the earlier steps link back (date step to the grid of the product)', async () => {
    const nav = await show({ variant: 'purchase', current: 'buy', productId: 'SUPPORT-60' })
    expect(nav.getByRole('link', { name: 'ホーム' }).getAttribute('href')).toBe('/')
    expect(nav.getByRole('link', { name: 'チケット選択' }).getAttribute('href')).toBe('/support/menu')
    expect(nav.getByRole('link', { name: '日時・相談員選択' }).getAttribute('href')).toBe('/support/staff?productId=SUPPORT-60')
    expect(nav.getByText('お支払い').getAttribute('aria-current')).toBe('step')
  })
  it('on the change page the second step is payment history and the date step is a callback', async () => {
    const onCurrentStep = vi.fn()
    const nav = await show({ variant: 'change', current: 'staff', onCurrentStep })
    expect(nav.getByRole('link', { name: 'お支払い履歴' }).getAttribute('href')).toBe('/purchase-list')
    expect(nav.queryByRole('link', { name: 'チケット選択' })).toBeNull()
    fireEvent.click(nav.getByRole('button', { name: '日時・相談員選択' }))
    expect(onCurrentStep).toHaveBeenCalledOnce()
    // A change is not paid for: its last step is its own, never お支払い.
    expect(nav.getByText('変更完了')).toBeTruthy()
    expect(nav.queryByText('お支払い')).toBeNull()
  })
  it('on the purchase grid the last step is payment, not the change flow’s', async () => {
    const nav = await show({ variant: 'purchase', current: 'staff', onCurrentStep: () => {} })
    expect(nav.getByText('お支払い')).toBeTruthy()
    expect(nav.queryByText('変更完了')).toBeNull()
  })
})
