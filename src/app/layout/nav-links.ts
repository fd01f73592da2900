import { headerText } from '../../text/layout'

/** The header's in-app links (product.md §2 "Header links"), shared by the bar and the mobile menu. */
export const navLinks = [
  { to: '/', label: headerText.home },
  { to: '/support/menu', label: headerText.supportMenu },
  { to: '/purchase-list', label: headerText.purchaseList },
  { to: '/settings', label: headerText.settings },
] as const
