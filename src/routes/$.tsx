import { createFileRoute, redirect } from '@tanstack/react-router'

// product.md §2: any unknown path goes to the error page with code 404.
export const Route = createFileRoute('/$')({
  beforeLoad: () => {
    throw redirect({ to: '/error', search: { code: 404 }, replace: true })
  },
})
