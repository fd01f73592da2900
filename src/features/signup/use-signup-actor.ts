import { errorSearch } from '../../ui/error-search'
import { useNavigate } from '@tanstack/react-router'
import { useActorRef } from '@xstate/react'
import { useEffect, useRef, useState } from 'react'
import { fromPromise } from 'xstate'
import { isRateLimitedFailure } from '../../../machines/shared/api-failure'
import { clipboardMachine } from '../../../machines/signup/clipboard-machine'
import { signupMachine, type SignupPayload } from '../../../machines/signup/signup-machine'
import { OFF_TOKEN, type CaptchaPort } from '../../adapters/captcha'
import { flowInspect } from '../../adapters/flow-recorder'
import type { SessionKey, SessionStore } from '../../adapters/session-store'
import type { ApiClient } from '../../api/client'
import type { SignupSearch } from './signup-search'
import { couponLink } from '../../ui/coupon-link'
import { useClientValue } from '../../ui/use-client-value'

/** The ports the signup flow uses (the app's services satisfy it). */
export type SignupPorts = { api: ApiClient; captcha: CaptchaPort; session: SessionStore }

/** The address the provisional-registration mail went to: session storage, never the URL. */
export const signupSentToKey: SessionKey = 'mypage.signupSentTo'

/**
 * The last signup request, for 「確認メールを再送する」 on /registeration-temp. In memory
 * only, never stored (it holds the password): after a reload the page offers 「登録をやり直す」 instead.
 */
let lastRequest: SignupPayload | null = null

/** product.md §1: the captcha protects signup, except on the landing-page variant. */
async function sendSignup(api: ApiClient, captcha: CaptchaPort, payload: SignupPayload) {
  const recaptchaToken = payload.source === 'SIGNUP_FORM_LP' ? OFF_TOKEN : await captcha.getToken('signup')
  await api.call('signup-request', { ...payload, recaptchaToken })
}

/**
 * The signup chart with its effects: this file is the one place of the signup flow calling
 * `.provide` and the API. The form page (/signup) uses this hook …
 */
export function useSignupActor({ api, captcha, session }: SignupPorts, search: SignupSearch) {
  const navigate = useNavigate()
  return useActorRef(
    signupMachine.provide({
      actors: {
        submitSignup: fromPromise(async ({ input }) => {
          // The coupon link the visitor came with travels with the registration (signup-complete
          // hands it back for the first login to claim).
          const request = search.couponCode ? { ...input, couponCode: search.couponCode } : input
          await sendSignup(api, captcha, request)
          lastRequest = request
          session.set(signupSentToKey, input.email)
        }),
        clipboard: clipboardMachine.provide({
          actors: { copyPassword: fromPromise(({ input }) => navigator.clipboard.writeText(input.password)) },
        }),
      },
      actions: {
        goToRegistrationTemp: () => void navigate({ to: '/registeration-temp', search }),
        goToError: (_, { code }) => void navigate({ to: '/error', search: errorSearch(code) }),
      },
    }),
    { input: { landingPage: search.display === 'lp', lpSource: search.lpSource ?? null, chatbotSourceUrl: search.chatbotSourceUrl ?? null }, inspect: flowInspect },
  )
}

/**
 * … and the mailed link's page (/registeration-complete?token=) this one: it opens the link once
 * mounted. A missing token fails like a bad one (the call's schema refuses it): error `signup`.
 */
export function useSignupLinkActor({ api }: Pick<SignupPorts, 'api'>, token: string | undefined) {
  const navigate = useNavigate()
  // A link works once: strict mode's second mount must not spend it again.
  const call = useRef<ReturnType<typeof api.call<'signup-complete'>> | null>(null)
  const couponCode = useRef<string | null>(null)
  const actor = useActorRef(
    signupMachine.provide({
      actors: {
        completeSignup: fromPromise(async ({ input }) => {
          call.current ??= api.call('signup-complete', { token: input.token })
          const answer = await call.current
          couponCode.current = answer.couponCode ?? null
          return { alreadyCompleted: answer.alreadyCompleted === true }
        }),
      },
      actions: {
        // A signup that came from a coupon link logs in to claim it (the login page says so).
        goToLoginThanks: () =>
          void navigate({ to: '/login', search: { signup: 'success', ...(couponCode.current ? { redirect: couponLink(couponCode.current) } : {}) }, replace: true }),
        goToError: (_, { code }) => void navigate({ to: '/error', search: errorSearch(code), replace: true }),
      },
    }),
    { input: {}, inspect: flowInspect },
  )
  useEffect(() => {
    actor.send({ type: 'link.open', token: token ?? '' })
  }, [actor, token])
  return actor
}

export type ResendStatus = 'idle' | 'sending' | 'sent' | 'rateLimited' | 'failed'

/**
 * /registeration-temp: the address the mail went to, and sending the same signup
 * request again. The page is prerendered and hydrated, so its first render has no address (the
 * server snapshot); the stored one follows at once. `canResend` only while this tab still holds
 * the request (not after a reload); the server's signup-request limits apply (429: rateLimited).
 */
export function useSignupResend({ api, captcha, session }: SignupPorts) {
  const sentTo = useClientValue(() => session.get(signupSentToKey))
  const [status, setStatus] = useState<ResendStatus>('idle')
  const request = lastRequest
  const canResend = sentTo !== null && request !== null && request.email === sentTo
  const resend = async () => {
    if (!request || status === 'sending') return
    setStatus('sending')
    try {
      await sendSignup(api, captcha, request)
      setStatus('sent')
    } catch (error) {
      setStatus(isRateLimitedFailure(error) ? 'rateLimited' : 'failed')
    }
  }
  return { sentTo, canResend, status, resend }
}
