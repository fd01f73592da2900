import { createFileRoute } from '@tanstack/react-router'
import { MessagePage } from '../ui/message-page'
import { accountCommon, passwordChangeText } from '../text/account'

// Outside _auth: the member was signed out by the change (product.md §4).
export const Route = createFileRoute('/settings/password-change-complete')({
  component: () => (
    <MessagePage title={passwordChangeText.completeTitle} action={accountCommon.toLogin} to="/login">
      {passwordChangeText.completeBody}
    </MessagePage>
  ),
})
