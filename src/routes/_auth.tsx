import { createFileRoute, redirect } from '@tanstack/react-router'
import { settledAuth } from '../features/auth/auth-guard'
import { authView } from '../../machines/auth/auth-view'

/**
 * The pathless layout of every page that needs login (product.md §2 Authentication rule): waits until
 * the auth state is known, then sends an anonymous visitor to /login remembering path AND query.
 */
export const Route = createFileRoute('/_auth')({
  beforeLoad: async ({ context, location }) => {
    const auth = await settledAuth(context.auth, context.services.identity)
    if (!authView.isSignedIn(auth)) {
      throw redirect({ to: '/login', search: { redirect: location.href } })
    }
  },
})
