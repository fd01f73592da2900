import { errorSearch } from '../../ui/error-search'
import { useNavigate } from '@tanstack/react-router'
import { useActorRef } from '@xstate/react'
import { useEffect, useRef } from 'react'
import { fromPromise } from 'xstate'
import { signupMachine } from '../../../machines/signup/signup-machine'
import { OFF_TOKEN, type CaptchaPort } from '../../adapters/captcha'
import { flowInspect } from '../../adapters/flow-recorder'
import type { ApiClient } from '../../api/client'
import type { SignupSearch } from './signup-search'

/** The ports the signup flow uses (the app's services satisfy it). */
export type SignupPorts = { api: ApiClient; captcha: CaptchaPort }

/**
 * The signup chart with its effects: this file is the one place of the signup flow calling
 * `.provide` and the API (issue 14). The form page (/signup) uses this hook …
 */
export function useSignupActor({ api, captcha }: SignupPorts, search: SignupSearch) {
  const navigate = useNavigate()
  return useActorRef(
    signupMachine.provide({
      actors: {
        submitSignup: fromPromise(async ({ input }) => {
          // spec §1: the captcha protects signup, except on the landing-page variant.
          const recaptchaToken = input.source === 'SIGNUP_FORM_LP' ? OFF_TOKEN : await captcha.getToken('signup')
          await api.call('signup-request', { ...input, recaptchaToken })
        }),
        copyPassword: fromPromise(({ input }) => navigator.clipboard.writeText(input.password)),
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
  const actor = useActorRef(
    signupMachine.provide({
      actors: {
        completeSignup: fromPromise(async ({ input }) => {
          call.current ??= api.call('signup-complete', { token: input.token })
          const answer = await call.current
          return { alreadyCompleted: answer.alreadyCompleted === true }
        }),
      },
      actions: {
        goToLoginThanks: () => void navigate({ to: '/login', search: { signup: 'success' }, replace: true }),
        goToError: (_, { code }) => void navigate({ to: '/error', search: errorSearch(code), replace: true }),
      },
    }),
    { input: {}, inspect: flowInspect },
  )
  useEffect(() => actor.send({ type: 'link.open', token: token ?? '' }), [actor, token])
  return actor
}
