import { errorSearch } from '../../ui/error-search'
import { useNavigate } from '@tanstack/react-router'
import { useActorRef } from '@xstate/react'
import { useEffect, useRef } from 'react'
import { fromPromise } from 'xstate'
import { emailChangeMachine } from '../../../machines/email-change/email-change-machine'
import { flowInspect } from '../../adapters/flow-recorder'
import type { ApiClient } from '../../api/client'

/**
 * The e-mail change chart with its effects: this file is the one place of the flow calling
 * `.provide` and the API. The request page (/settings/email-change-request) uses this
 * hook …
 */
export function useEmailChangeActor({ api }: { api: ApiClient }) {
  const navigate = useNavigate()
  return useActorRef(
    emailChangeMachine.provide({
      actors: { requestChange: fromPromise(async ({ input }) => void (await api.call('email-change-request', input))) },
      actions: {
        goToRequestComplete: () => void navigate({ to: '/settings/email-change-request-complete' }),
        goToError: (_, { code }) => void navigate({ to: '/error', search: errorSearch(code) }),
      },
    }),
    { inspect: flowInspect },
  )
}

/** What the link's page needs of the session (built by the route from the router context). */
export type EmailChangeSession = {
  /** Ends a session of the old address, if any. */
  end(): Promise<void>
  /** The signed-in member's token once the auth state is known; null when nobody is signed in. */
  idToken(): Promise<string | null>
}

/**
 * … and the mailed link's page (/settings/email-change-complete?token=) this one: it opens the
 * link once mounted. A missing token fails like a bad one (the call's schema refuses it): error
 * `emailchange`.
 */
export function useEmailChangeLinkActor({ api }: { api: ApiClient }, session: EmailChangeSession, token: string | undefined) {
  const navigate = useNavigate()
  // The link needs no login, but a browser signed in as another member must get the failure page
  //: the call carries the session's token when there is one, and the server
  // refuses a link that is not that member's.
  const completeWithSession = async (linkToken: string) => {
    const idToken = await session.idToken()
    return api.call('email-change-complete', { token: linkToken }, idToken ? { headers: { Authorization: `Bearer ${idToken}` } } : {})
  }
  // A link works once: strict mode's second mount must not spend it again.
  const call = useRef<ReturnType<typeof api.call<'email-change-complete'>> | null>(null)
  const actor = useActorRef(
    emailChangeMachine.provide({
      actors: {
        completeChange: fromPromise(({ input }) => (call.current ??= completeWithSession(input.token))),
        signOut: fromPromise(() => session.end()),
      },
      actions: { goToError: (_, { code }) => void navigate({ to: '/error', search: errorSearch(code), replace: true }) },
    }),
    { inspect: flowInspect },
  )
  useEffect(() => {
    actor.send({ type: 'link.open', token: token ?? '' })
  }, [actor, token])
  return actor
}
