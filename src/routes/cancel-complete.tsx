import { createFileRoute } from '@tanstack/react-router'
import { cancelCompleteText as t } from '../text/account'
import { MessagePage } from '../ui/message-page'

// After a cancellation: a public page, the member is signed out already; product.md §4's
// "goes to /login" is the button.
export const Route = createFileRoute('/cancel-complete')({
  component: CancelCompletePage,
})

function CancelCompletePage() {
  return (
    <MessagePage title={t.title} action={t.login} to="/login">
      {t.body}
    </MessagePage>
  )
}
