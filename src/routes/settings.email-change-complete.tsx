import { createFileRoute, useNavigate } from '@tanstack/react-router'
import { useActorRef, useSelector } from '@xstate/react'
import { useEffect, useRef } from 'react'
import * as v from 'valibot'
import { fromPromise } from 'xstate'
import { emailChangeMachine } from '../../machines/email-change/email-change-machine'
import { MessagePage } from '../ui/message-page'
import { endSession } from '../features/auth/sign-out'
import { settledAuth } from '../features/auth/auth-guard'
import { accountCommon, emailChangeText } from '../text/account'
import { PageSpinner } from '../ui/page-spinner'
import { flowInspect } from '../adapters/flow-recorder'

// The mailed link's target (spec §2): no login needed, the link itself is the proof.
export const Route = createFileRoute('/settings/email-change-complete')({
  validateSearch: v.object({ token: v.optional(v.pipe(v.union([v.string(), v.number()]), v.transform(String))) }),
  component: EmailChangeCompletePage,
})

function EmailChangeCompletePage() {
  const { services, auth } = Route.useRouteContext()
  const { token } = Route.useSearch()
  const navigate = useNavigate()
  // The link needs no login, but a browser signed in as another member must get the failure page
  // (issue 12 item 4): the call carries the session's token when there is one, and the server
  // refuses a link that is not that member's.
  const completeWithSession = async (linkToken: string) => {
    const session = await settledAuth(auth, services.identity)
    const idToken = session.matches('signedIn') ? await services.identity.getIdToken().catch(() => null) : null
    return services.api.call('email-change-complete', { token: linkToken }, idToken ? { headers: { Authorization: `Bearer ${idToken}` } } : {})
  }
  // A link works once: strict mode's second mount must not spend it again.
  const call = useRef<ReturnType<typeof services.api.call<'email-change-complete'>> | null>(null)
  const actor = useActorRef(
    emailChangeMachine.provide({
      actors: {
        completeChange: fromPromise(({ input }) => (call.current ??= completeWithSession(input.token))),
        signOut: fromPromise(() => endSession(auth, services.identity)),
      },
      actions: { goToError: (_, { code }) => void navigate({ to: '/error', search: { code }, replace: true }) },
    }),
    { inspect: flowInspect },
  )
  // A missing token fails like a bad one (the call's schema refuses it): error `emailchange`.
  useEffect(() => actor.send({ type: 'link.open', token: token ?? '' }), [actor, token])
  const confirmed = useSelector(actor, (s) => s.matches('confirmed'))
  const alreadyChanged = useSelector(actor, (s) => s.matches('alreadyChanged'))
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
