import { assertEvent, assign, fromPromise, sendTo, setup, type ActorRefFrom } from 'xstate'
import * as v from 'valibot'
import { SignupRequest } from '../../contract/calls'
import { isClientFailure, isRateLimitedFailure } from '../shared/api-failure'
import { formErrors, visibleErrors } from '../shared/form-errors'
import { clipboardMachine } from './clipboard-machine'

/**
 * Signup (product.md §2 signup page, §4 Signup, §5, §8).
 *
 * form:      editing ─form.submit [isFormValid]─▶ submitting ─▶ toRegistrationTemp (goToRegistrationTemp: /registeration-temp)
 *            submitting ─[isRateLimited]─▶ editing (rateLimited: wait and retry)
 *            submitting ─[isClientError]─▶ editing (emailInUse: ご入力いただいたメールアドレスは既に使用されています。)
 *            submitting ─other─▶ toError (goToError: /error?code=400)
 *            editing ─link.open─▶ confirming ─▶ toLoginThanks (goToLoginThanks: /login?signup=success)
 *                                  | toLinkError (goToError: /error?code=signup)
 *                                  confirming ─[isAlreadyCompleted]─▶ alreadyRegistered (stays on the page: the
 *                                  link was opened before: success, with a way to log in)
 * password.copy [hasPassword] (any time): the password entered goes to the clipboard child
 *            (./clipboard-machine.ts: copying ─▶ copied ─after 2 s─▶ idle, the copy tooltip).
 *
 * Inputs arrive normalised by the view (src/ui/normalize.ts): phone digits only,
 * password stripped of Japanese and cut to 12. The chart validates with the contract's rules.
 */

export type SignupField = 'memberLastname' | 'memberFirstname' | 'phoneNumber' | 'emailLocal' | 'emailDomain' | 'password'
/** Fields that carry an error message: the e-mail's two inputs are checked as one address. */
export type SignupErrorField = 'memberLastname' | 'memberFirstname' | 'phoneNumber' | 'email' | 'password'

/** The form part of the signup payload (product.md §5 rules and messages, from the contract). */
export const SignupForm = v.object({
  memberLastname: SignupRequest.entries.memberLastname,
  memberFirstname: SignupRequest.entries.memberFirstname,
  phoneNumber: SignupRequest.entries.phoneNumber,
  email: SignupRequest.entries.email,
  password: SignupRequest.entries.password,
})

export type SignupPayload = Omit<v.InferOutput<typeof SignupRequest>, 'recaptchaToken'>

export type SignupInput = {
  /** `display=lp`: the landing-page variant (no survey, no captcha, source SIGNUP_FORM_LP). */
  landingPage?: boolean
  lpSource?: string | null
  chatbotSourceUrl?: string | null
}

export type SignupContext = {
  values: Record<SignupField, string>
  registrationAnswers: string[]
  touched: Partial<Record<SignupErrorField, boolean>>
  /** Errors of the touched fields: what the view shows. */
  errors: Partial<Record<SignupErrorField, string>>
  landingPage: boolean
  lpSource: string | null
  chatbotSourceUrl: string | null
  emailInUse: boolean
  /** The last submit answered 429 (the view asks to wait and retry). */
  rateLimited: boolean
  passwordVisible: boolean
}

export type SignupEvent =
  | { type: 'field.change'; field: SignupField; value: string }
  | { type: 'field.blur'; field: SignupField }
  | { type: 'survey.toggle'; answer: string }
  | { type: 'password.toggleVisibility' }
  | { type: 'password.generate'; password: string }
  | { type: 'password.copy' }
  | { type: 'form.submit' }
  | { type: 'link.open'; token: string }

const errorField = (field: SignupField): SignupErrorField => (field === 'emailLocal' || field === 'emailDomain' ? 'email' : field)

export const signupEmail = (values: Record<SignupField, string>) =>
  values.emailLocal === '' && values.emailDomain === '' ? '' : `${values.emailLocal}@${values.emailDomain}`

const formValues = (c: SignupContext) => ({
  memberLastname: c.values.memberLastname,
  memberFirstname: c.values.memberFirstname,
  phoneNumber: c.values.phoneNumber,
  email: signupEmail(c.values),
  password: c.values.password,
})

/** Recomputes the shown errors after `touched` or `values` changed. */
function withErrors(c: SignupContext): Pick<SignupContext, 'errors'> {
  return { errors: visibleErrors(formErrors<SignupErrorField>(SignupForm, formValues(c)), c.touched) }
}

export const signupMachine = setup({
  types: {
    context: {} as SignupContext,
    input: {} as SignupInput,
    events: {} as SignupEvent,
    children: {} as { clipboard: 'clipboard' },
  },
  guards: {
    // product.md §4: submit is blocked while any field error shows (or would show).
    isFormValid: ({ context }) => v.is(SignupForm, formValues(context)),
    hasPassword: ({ context }) => context.values.password !== '',
    isClientError: ({ event }) => 'error' in event && isClientFailure(event.error),
    isRateLimited: ({ event }) => 'error' in event && isRateLimitedFailure(event.error),
    /** signup-complete said this registration was completed before (a reload, another browser). */
    isAlreadyCompleted: ({ event }) =>
      'output' in event && typeof event.output === 'object' && event.output !== null && 'alreadyCompleted' in event.output && event.output.alreadyCompleted === true,
  },
  actors: {
    /** signup-request with the captcha token (the route adds it, except on the LP variant). */
    submitSignup: fromPromise<void, SignupPayload>(async () => {
      throw new Error('provide submitSignup')
    }),
    /** signup-complete with the mailed token. */
    completeSignup: fromPromise<{ alreadyCompleted: boolean }, { token: string }>(async () => {
      throw new Error('provide completeSignup')
    }),
    clipboard: clipboardMachine,
  },
  actions: {
    changeField: assign(({ context, event }) => {
      assertEvent(event, 'field.change')
      const next = {
        ...context,
        values: { ...context.values, [event.field]: event.value },
        touched: { ...context.touched, [errorField(event.field)]: true },
        emailInUse: errorField(event.field) === 'email' ? false : context.emailInUse,
      }
      return { ...next, ...withErrors(next) }
    }),
    touchField: assign(({ context, event }) => {
      assertEvent(event, 'field.blur')
      const next = { ...context, touched: { ...context.touched, [errorField(event.field)]: true } }
      return withErrors(next)
    }),
    toggleAnswer: assign(({ context, event }) => {
      assertEvent(event, 'survey.toggle')
      const has = context.registrationAnswers.includes(event.answer)
      return { registrationAnswers: has ? context.registrationAnswers.filter((a) => a !== event.answer) : [...context.registrationAnswers, event.answer] }
    }),
    toggleVisibility: assign({ passwordVisible: ({ context }) => !context.passwordVisible }),
    // The generated password is shown, so the member can note it (product.md §2 auto-generate).
    useGeneratedPassword: assign(({ context, event }) => {
      assertEvent(event, 'password.generate')
      const next = { ...context, values: { ...context.values, password: event.password }, touched: { ...context.touched, password: true } }
      return { ...next, ...withErrors(next), passwordVisible: true }
    }),
    markEmailInUse: assign({ emailInUse: true }),
    markRateLimited: assign({ rateLimited: true, emailInUse: false }),
    clearRateLimited: assign({ rateLimited: false }),
    /** Navigate to /registeration-temp keeping the query (product.md §2). */
    goToRegistrationTemp: () => {},
    /** Navigate to /login?signup=success (signs out, shows the thank-you modal). */
    goToLoginThanks: () => {},
    goToError: (_, _params: { code: string }) => {},
  },
}).createMachine({
  id: 'signup',
  // One region, `form` (the clipboard is a child): its states keep their names (form.editing, …).
  type: 'parallel',
  context: ({ input }) => ({
    values: { memberLastname: '', memberFirstname: '', phoneNumber: '', emailLocal: '', emailDomain: '', password: '' },
    registrationAnswers: [],
    touched: {},
    errors: {},
    landingPage: input?.landingPage ?? false,
    lpSource: input?.lpSource ?? null,
    chatbotSourceUrl: input?.chatbotSourceUrl ?? null,
    emailInUse: false,
    rateLimited: false,
    passwordVisible: false,
  }),
  // The clipboard child takes the password entered; it says when it copied (its `copied` tag).
  invoke: { id: 'clipboard', src: 'clipboard' },
  on: { 'password.copy': { guard: 'hasPassword', actions: sendTo('clipboard', ({ context }) => ({ type: 'copy' as const, password: context.values.password })) } },
  states: {
    form: {
      initial: 'editing',
      states: {
        editing: {
          on: {
            'field.change': { actions: 'changeField' },
            'field.blur': { actions: 'touchField' },
            'survey.toggle': { actions: 'toggleAnswer' },
            'password.toggleVisibility': { actions: 'toggleVisibility' },
            'password.generate': { actions: 'useGeneratedPassword' },
            'form.submit': { guard: 'isFormValid', target: 'submitting' },
            'link.open': { target: 'confirming' },
          },
        },
        submitting: {
          tags: ['sending'],
          entry: 'clearRateLimited',
          invoke: {
            src: 'submitSignup',
            input: ({ context }) => ({
              ...formValues(context),
              registrationAnswers: context.landingPage ? [] : context.registrationAnswers,
              source: context.landingPage ? ('SIGNUP_FORM_LP' as const) : ('SIGNUP_FORM' as const),
              lpSource: context.lpSource,
              chatbotSourceUrl: context.chatbotSourceUrl,
            }),
            onDone: { target: 'toRegistrationTemp', actions: 'goToRegistrationTemp' },
            onError: [
              // 429 is our rate limit, not the spec's "address taken".
              { guard: 'isRateLimited', target: 'editing', actions: 'markRateLimited' },
              // product.md §8: any 4xx means the address is taken; anything else is error 400.
              { guard: 'isClientError', target: 'editing', actions: 'markEmailInUse' },
              { target: 'toError', actions: { type: 'goToError', params: { code: '400' } } },
            ],
          },
        },
        // The confirmation mail is sent: to /registeration-temp (the query kept).
        toRegistrationTemp: { type: 'final', tags: ['leaving'] },
        // The request failed for another reason: to /error?code=400 (product.md §8).
        toError: { type: 'final', tags: ['leaving'] },
        // The mailed link (/registeration-complete?token=…) completes the registration.
        confirming: {
          invoke: {
            src: 'completeSignup',
            input: ({ event }) => {
              assertEvent(event, 'link.open')
              return { token: event.token }
            },
            onDone: [
              { guard: 'isAlreadyCompleted', target: 'alreadyRegistered' },
              { target: 'toLoginThanks', actions: 'goToLoginThanks' },
            ],
            onError: { target: 'toLinkError', actions: { type: 'goToError', params: { code: 'signup' } } },
          },
        },
        // The registration is complete: to /login?signup=success (signed out, the thank-you dialog).
        toLoginThanks: { type: 'final' },
        // The page says the registration stands and offers login (the token names the registration,
        // so this holds in any browser, signed in or not).
        alreadyRegistered: { type: 'final', tags: ['page:alreadyRegistered'] },
        // A bad or expired link: to /error?code=signup.
        toLinkError: { type: 'final' },
      },
    },
  },
})

export type SignupActorRef = ActorRefFrom<typeof signupMachine>
