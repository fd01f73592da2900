import { createFileRoute, redirect, useRouterState } from '@tanstack/react-router'
import { errorCodeOf } from '../features/home/load-home'
import { loadMenu } from '../features/menu/load-menu'
import { MenuPage } from '../features/menu/menu-page'
import { TallPage } from '../ui/tall-page'

declare module '@tanstack/react-router' {
  interface HistoryState {
    /** product.md §2 /support/menu: show the 'please select a menu' toast. */
    displayToast?: boolean
  }
}

export const Route = createFileRoute('/_auth/support/menu')({
  // product.md §4 Ticket menu: a failed fetch goes to the error page with its status (§8).
  loader: async ({ context }) => {
    try {
      return await loadMenu(context.services.api)
    } catch (error) {
      throw redirect({ to: '/error', search: { code: errorCodeOf(error) } })
    }
  },
  // The page holds a viewport and so does its spinner (src/ui/tall-page.tsx): the footer is not
  // painted in view and then pushed out by the ticket cards.
  staticData: { tallPage: true },
  component: SupportMenu,
})

function SupportMenu() {
  const data = Route.useLoaderData()
  const displayToast = useRouterState({ select: (s) => s.location.state.displayToast === true })
  return (
    <TallPage>
      <MenuPage data={data} displayToast={displayToast} />
    </TallPage>
  )
}
