import { createFileRoute, Outlet } from '@tanstack/react-router'

/**
 * The operator's desk: every page under it is the operator's (the staff layout shows 権限がありません
 * to others, and every desk call is refused to them by the server). Its API client is loaded with
 * the first desk page, so neither member pages nor a consultant's pages carry the desk's registry.
 */
export const Route = createFileRoute('/staff/_desk')({
  staticData: { staffRoles: ['operator'] },
  beforeLoad: async ({ context }) => {
    const { createDeskApiClient } = await import('../api/desk-client')
    const { services } = context
    return { deskApi: createDeskApiClient({ apiBase: services.config.apiBase, getIdToken: () => services.identity.getIdToken() }) }
  },
  component: Outlet,
})
