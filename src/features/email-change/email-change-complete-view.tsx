import { useSelector } from '@xstate/react'
import type { EmailChangeActorRef } from '../../../machines/email-change/email-change-machine'
import { emailChangeView } from '../../../machines/email-change/email-change-view'
import { accountCommon, emailChangeText } from '../../text/account'
import { MessagePage } from '../../ui/message-page'
import { PageSpinner } from '../../ui/page-spinner'

/**
 * /settings/email-change-complete: a spinner while the link is checked, then the page that says
 * the new address is in use (log in again with it), or that the link was used before.
 */
export function EmailChangeCompleteView({ actor }: { actor: EmailChangeActorRef }) {
  const confirmed = useSelector(actor, emailChangeView.isChanged)
  const alreadyChanged = useSelector(actor, emailChangeView.isAlreadyChanged)
  if (alreadyChanged) {
    return (
      <MessagePage title={emailChangeText.alreadyTitle} action={accountCommon.toLogin} to="/login">
        {emailChangeText.alreadyBody}
      </MessagePage>
    )
  }
  if (!confirmed) return <PageSpinner />
  return (
    <MessagePage title={emailChangeText.completeTitle} action={accountCommon.toLogin} to="/login">
      {emailChangeText.completeBody}
    </MessagePage>
  )
}
