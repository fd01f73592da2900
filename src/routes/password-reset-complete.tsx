import { createFileRoute } from '@tanstack/react-router'
import { MessagePage } from '../ui/message-page'
import { accountCommon, passwordResetText } from '../text/account'

export const Route = createFileRoute('/password-reset-complete')({
  component: () => (
    <MessagePage title={passwordResetText.completeTitle} action={accountCommon.toLogin} to="/login">
      {passwordResetText.completeBody}
    </MessagePage>
  ),
})
