import { headerText } from '../../text/layout'
import { headerAuthClasses as css } from './header-auth.styles.gen'
import './header-auth.styles.gen.css'

/**
 * The member frame's header as the app draws it for a signed-in member (app-header.tsx), made from
 * the header the page came with (drawn before the session was known, with ログイン): the home's own
 * start (src/app/home-start.tsx) shows the frame without the app. ログアウト in place of ログイン,
 * and the member ID beside the menu button, with the classes Chakra gives them
 * (header-auth.specimen.tsx). Pressed, they are the app's: the page is handed over first.
 */
export function showSignedIn(root: HTMLElement, memberId: string | null) {
  const header = root.querySelector('header')
  if (!header) return
  const login = header.querySelector('nav a[href="/login"]')
  if (login) {
    const logout = document.createElement('button')
    logout.type = 'button'
    logout.className = css.logoutButton
    logout.textContent = headerText.logout
    login.replaceWith(logout)
  }
  const menu = header.querySelector(`button[aria-label="${headerText.openMenu}"]`)
  if (menu && memberId) {
    const id = document.createElement('p')
    id.className = css.memberId
    id.textContent = `${headerText.memberId}: ${memberId}`
    menu.before(id)
  }
}
