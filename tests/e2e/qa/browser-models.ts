import { createMachine, type AnyMachineSnapshot } from 'xstate'
import { authMachine } from '../../../machines/auth/auth-machine'
import { checkoutMachine, initialCheckoutContext, type CheckoutLoaded } from '../../../machines/checkout/checkout-machine'
import { couponClaimMachine } from '../../../machines/coupon-claim/coupon-claim-machine'
import { purchaseListMachine, type PurchasePage } from '../../../machines/purchase-list/purchase-list-machine'
import { cancelAccountMachine } from '../../../machines/cancel-account/cancel-account-machine'
import { emailChangeMachine } from '../../../machines/email-change/email-change-machine'
import { passwordChangeMachine } from '../../../machines/password-change/password-change-machine'
import { passwordResetMachine } from '../../../machines/password-reset/password-reset-machine'
import { profileMachine } from '../../../machines/profile/profile-machine'
import { ratingMachine } from '../../../machines/rating/rating-machine'
import { reservationChangeMachine } from '../../../machines/reservation-change/reservation-change-machine'
import { signupMachine } from '../../../machines/signup/signup-machine'
import { ApiError } from '../../../src/api/api-error'
import { sandboxTestCards } from '../../../contract/calls'
import { generatePaths, type ModelConfig } from '../../machines/model'
import { transitionsTaken } from './path-transitions'
import { scheduleFixture, ticketFixture } from '../../machines/reservation-fixtures'
import { statePath, type FlowEvent } from '../drivers/flow-driver'
import type { PathFile, PathStep } from './path-file'

type Any = any // eslint-disable-line @typescript-eslint/no-explicit-any

/**
 * Browser models: the same charts and the same path generator as
 * the spec rules (tests/machines/model.ts), restricted to what a browser run can do against the real local
 * stack: only event cases a member can perform, and for each invoked actor only the outcome the
 * real server gives for the run's account (a flow with two data-dependent outcomes has two
 * configs). Every generated path becomes a path file; the browser then walks it through the
 * flow's driver.
 */
export type BrowserModel = {
  flow: string
  account: PathFile['account']
  startRoute: string
  configs: Array<{ config: ModelConfig; description: string; /** Keeps only paths that end in this state (dot path prefix). */ endsIn?: string }>
  /** Events the app sends by itself (not the member): folded into the previous step like actor results. */
  automatic?: string[]
  /** Drops paths the browser cannot walk (e.g. an automatic event in the middle). */
  accept?: (events: FlowEvent[]) => boolean
  /** Rewrites an event whose fixture data the real server does not have into the driver's symbolic form. */
  browserEvent?: (event: FlowEvent) => FlowEvent
  /** At most this many paths per config: the browser run stays short. */
  maxPaths?: number
}

const only = (done: unknown[]) => ({ done, error: [] as unknown[] })
const member = { memberId: 'u1', email: 'x@example.com', memberLastname: '山田', memberFirstname: '太郎', phoneNumber: '0312345678', useFreeInterviewTime: null }

const signupConfig = (emailLocal: string, emailDomain: string, outcome: { done?: unknown[]; error?: unknown[] }): ModelConfig => ({
  machine: signupMachine,
  input: {},
  events: {
    'field.change': [
      { field: 'memberLastname', value: '山田' },
      { field: 'memberFirstname', value: '花子' },
      { field: 'phoneNumber', value: '09012345678' },
      { field: 'emailLocal', value: emailLocal },
      { field: 'emailDomain', value: emailDomain },
      { field: 'password', value: 'hanako12' },
    ],
    'form.submit': [{}],
  },
  outcomes: { submitSignup: outcome, completeSignup: only([undefined]) },
  serialize: (s) => JSON.stringify([s.value, Object.values(s.context.values).filter(Boolean).length]),
  limit: 100000,
})

/**
 * Checkout as a member buying ADD-30 for one of their SUPPORT tickets (no coupon fits, no saved card, no slot needed) on the
 * sandbox provider. In the browser the page leaves for 3-D Secure and a new chart resumes on the
 * return, so the card-payment child's one result stands for that round trip; the card typed
 * decides the provider's outcomes (docs/payments.md).
 */
const checkoutLoaded: CheckoutLoaded = {
  chargeData: {
    availableCardBrandList: ['Visa'], staff: null, creditcard: null,
    product: { productId: 'ADD-30', productType: 'ADD', productName: '30分延長チケット', minutesToSupport: 30, price: 3300 },
  },
  coupons: [],
  email: 'x@example.com',
  hasSavedSlot: false,
}
const checkoutChart = createMachine(
  { ...checkoutMachine.config, context: initialCheckoutContext({ params: { productId: 'ADD-30', reserveNow: false, staffId: null, parentTicketNumber: null, reservationTime: null, supportType: null }, keySeed: 'seed' }) },
  checkoutMachine.implementations as never,
)
const checkoutConfig = (number: string, payEvent: Record<string, unknown>, outcome: { card?: { done?: unknown[]; error?: unknown[] }; charge: { done?: unknown[]; error?: unknown[] } }): ModelConfig => ({
  machine: checkoutChart,
  events: {
    'card.change': [{ element: 'number', complete: true, number }, { element: 'expiry', complete: true }, { element: 'cvc', complete: true }],
    'holderName.change': [{ value: 'TARO YAMADA' }],
    'pay.submit': [payEvent],
  },
  outcomes: {
    readStoredAttempt: only([null]),
    loadCheckout: only([checkoutLoaded]),
    couponCheck: only([{ outcome: 'applied', couponCode: 'WELCOME500', couponPrice: 0 }]),
    cardPayment: outcome.card ?? only([{ outcome: 'finished', token: 'tok_1' }]),
    charge: outcome.charge,
  },
  serialize: (s) => {
    const f = s.context.form
    return JSON.stringify([s.value, f.card.number, f.card.expiry, f.card.cvc, f.holderName !== '', s.context.tries])
  },
  limit: 100000,
})
const chargeResponse = { ticketNumber: 'A0001', receiptNumber: 'R0001', productType: 'ADD', amount: 3300, couponCode: null }
/** What the charge child answers for a charge that went through. */
const charged = { outcome: 'charged', response: chargeResponse }

/** The browser models of the account charts: each path runs as a new member of its own. */
const accountModels: BrowserModel[] = [
  {
    flow: 'profile',
    account: 'fresh',
    startRoute: '/settings',
    maxPaths: 1,
    configs: [{
      description: 'correct the last name, save, then empty it (its error shows)',
      config: {
        machine: profileMachine,
        events: { 'field.change': [{ field: 'memberLastname', value: '' }, { field: 'memberLastname', value: '佐藤' }], 'form.submit': [{}] },
        outcomes: { loadMember: only([member]), saveProfile: only([{ ...member, memberLastname: '佐藤' }]) },
        serialize: (s) => JSON.stringify([s.value, s.context.values.memberLastname, s.context.saved]),
      },
    }],
    accept: (events) => events.some((e) => e.type === 'form.submit'),
  },
  {
    flow: 'cancelAccount',
    // A first-time member holds no unused support ticket: the cancellation goes through.
    account: 'fresh',
    startRoute: '/settings',
    maxPaths: 1,
    configs: [{
      description: 'tick both agreements, confirm 本当に退会しますか？ and cancel the membership',
      endsIn: 'toCancelComplete',
      config: {
        machine: cancelAccountMachine,
        events: { 'consent.toggle': [{ consent: 'ticketsForfeited' }, { consent: 'dataDeleted' }], 'form.submit': [{}], 'modal.confirm': [{}] },
        outcomes: { cancelAccount: only([undefined]), signOut: only([undefined]) },
        serialize: (s) => JSON.stringify([s.value, s.context.consents]),
      },
    }],
  },
  {
    flow: 'emailChange',
    account: 'fresh',
    startRoute: '/settings/email-change-request',
    maxPaths: 1,
    configs: [
      {
        description: 'ask for a new address', endsIn: 'toRequestComplete',
        config: {
          machine: emailChangeMachine,
          events: { 'field.change': [{ value: 'changed-${unique}@example.com' }], 'form.submit': [{}] },
          outcomes: { requestChange: only([undefined]), completeChange: only([]), signOut: only([]) },
          serialize: (s) => JSON.stringify([s.value, s.context.email]),
        },
      },
      {
        description: 'open the mailed link of a requested change', endsIn: 'confirmed',
        config: {
          machine: emailChangeMachine,
          events: { 'link.open': [{ token: '{mailed}' }] },
          outcomes: { requestChange: only([]), completeChange: only([{ email: 'changed@example.com' }]), signOut: only([undefined]) },
        },
      },
      {
        description: 'open a link that is no link of ours', endsIn: 'toLinkError',
        config: {
          machine: emailChangeMachine,
          events: { 'link.open': [{ token: 'not-a-token' }] },
          outcomes: { requestChange: only([]), completeChange: { done: [], error: [new ApiError(400, 'EMAIL_CHANGE_LINK_INVALID')] }, signOut: only([]) },
        },
      },
    ],
  },
  {
    flow: 'passwordChange',
    account: 'fresh',
    startRoute: '/settings/password-change',
    maxPaths: 1,
    configs: [{
      description: 'a new password and its confirmation, sent', endsIn: 'toComplete',
      config: {
        machine: passwordChangeMachine,
        events: {
          'field.change': [
            { field: 'newPassword', value: 'newpass12' },
            { field: 'newPasswordConfirm', value: 'newpass12' },
          ],
          'form.submit': [{}],
        },
        outcomes: { changePassword: only([undefined]), signOut: only([undefined]) },
        serialize: (s) => JSON.stringify([s.value, s.context.values]),
      },
    }],
  },
  {
    flow: 'passwordReset',
    account: 'fresh',
    startRoute: '/password-reset-request',
    maxPaths: 1,
    configs: [
      {
        description: 'ask for the code with the account\'s address', endsIn: 'resetting.editing',
        config: {
          machine: passwordResetMachine,
          events: { 'field.change': [{ field: 'email', value: 'member@example.com' }], 'form.submit': [{}] },
          outcomes: { requestCode: only([undefined]), resetPassword: only([]) },
          serialize: (s) => JSON.stringify([s.value, s.context.values]),
        },
      },
      {
        description: 'an address no member has: メンバーが見つかりません', endsIn: 'requesting.editing',
        config: {
          machine: passwordResetMachine,
          events: { 'field.change': [{ field: 'email', value: 'nobody@example.com' }], 'form.submit': [{}] },
          outcomes: { requestCode: { done: [], error: [new ApiError(400, 'Member Not Found.')] }, resetPassword: only([]) },
          serialize: (s) => JSON.stringify([s.value, s.context.values]),
        },
      },
      {
        description: 'the code page opened from the mail: set a new password with the mailed code', endsIn: 'toComplete',
        config: {
          machine: passwordResetMachine,
          events: {
            'code.open': [{ email: 'member@example.com' }],
            'field.change': [{ field: 'authCode', value: '123456' }, { field: 'newPassword', value: 'newpass12' }, { field: 'newPasswordConfirm', value: 'newpass12' }],
            'form.submit': [{}],
          },
          outcomes: { requestCode: only([]), resetPassword: only([undefined]) },
          serialize: (s) => JSON.stringify([s.value, s.context.values]),
        },
      },
    ],
    // Each path ends with the member sending the page.
    accept: (events) => events.filter((e) => !e.type.startsWith('xstate.')).at(-1)?.type === 'form.submit',
    // The chart's data as the browser's: the run's own account, a new unknown address, the mailed code.
    browserEvent: (e) => {
      if (e.value === '123456') return { ...e, value: '{mailedCode}' }
      return JSON.parse(JSON.stringify(e).replaceAll('member@example.com', '${email}').replaceAll('nobody@example.com', 'nobody-${unique}@example.com')) as FlowEvent
    },
  },
]

/**
 * The payment history of a demo copy (tests/e2e/fixtures.ts): the past 3 months fill two pages
 * (the first reports more, the second none) and 2023 is empty. The chart's one `fetchPage` may
 * answer either way at any call, so `accept` keeps the paths whose answers are the server's.
 */
const morePage: PurchasePage = { ticketList: [], lastEvaluatedKey: { memberId: 'MB1', ticketNumber: 'S1', purchaseTime: 1_700_000_000 } }
const lastPage: PurchasePage = { ticketList: [], lastEvaluatedKey: null }
const purchaseListModel: BrowserModel = {
  flow: 'purchaseList',
  account: 'demo',
  startRoute: '/purchase-list',
  maxPaths: 2,
  accept: (events) => {
    // The answer to each call, by what asked for it: the first page has more, a next page or a year has none.
    let asked = 'first'
    return events.every((e) => {
      if (e.type === 'more.load' || e.type === 'period.change') asked = e.type
      if (!e.type.startsWith('xstate.done.actor.')) return true
      const more = (e.output as PurchasePage).lastEvaluatedKey !== null
      return asked === 'first' ? more : !more
    })
  },
  configs: [{
    description: 'load the second page of the past 3 months, then the empty year 2023',
    config: {
      machine: purchaseListMachine,
      input: {},
      events: { 'more.load': [{}], 'period.change': [{ period: '2023' }] },
      outcomes: { fetchPage: only([morePage, lastPage]) },
      serialize: (s: AnyMachineSnapshot) => JSON.stringify([s.value, s.context.period, s.context.lastEvaluatedKey !== null]),
    },
  }],
}

export const browserModels: BrowserModel[] = [
  purchaseListModel,
  {
    flow: 'auth',
    account: 'fresh',
    startRoute: '/login',
    automatic: ['identity.changed'],
    // The identity provider's first report (nobody signed in) opens the page; a forced sign-out
    // later cannot be caused from the page.
    accept: (events) => events.findIndex((e) => e.type === 'identity.changed') <= 0 && events.filter((e) => e.type === 'identity.changed').length === 1,
    configs: [{
      description: 'log in with the account, then the logout dialog',
      config: {
        machine: authMachine,
        events: {
          'identity.changed': [{ user: null }],
          'form.change': [{ field: 'email', value: '${email}' }, { field: 'password', value: '${password}' }],
          'form.submit': [{}],
          'logout.request': [{}], 'logout.confirm': [{}], 'logout.cancel': [{}],
        },
        outcomes: { callLogin: only([undefined]), signIn: only([{ uid: 'u1', email: 'x@example.com' }]), loadMember: only([member]), signOut: only([undefined]) },
        serialize: (s) => JSON.stringify([s.value, s.context.email.trim() !== '', s.context.password !== '']),
      },
    }],
  },
  {
    flow: 'signup',
    account: 'fresh',
    startRoute: '/signup',
    configs: [
      { description: 'a new address: the confirmation mail is sent', config: signupConfig('signup-${unique}', 'example.com', only([undefined])) },
      { description: 'an address already registered: 既に登録されています', config: signupConfig('demo', 'example.com', { done: [], error: [new ApiError(400, 'EMAIL_ALREADY_USED')] }) },
    ],
  },
  {
    flow: 'rating',
    account: 'demo',
    startRoute: '/rating?ticketNumber={ratableTicket}',
    configs: [{
      description: 'rate a completed ticket without a tip',
      config: {
        machine: ratingMachine,
        input: { ticketNumber: 'S0000003' },
        events: {
          'score.change': [{ score: 4 }],
          'comment.change': [{ value: '丁寧に教えていただきました' }],
          'form.submit': [{}], 'modal.confirm': [{}], 'modal.cancel': [{}],
        },
        outcomes: { loadTicket: only([{ ...ticketFixture, supportStatus: 'COMPLETED' }]), loadTips: only([[]]), postRating: only([{}]) },
        serialize: (s: AnyMachineSnapshot) => JSON.stringify([s.value, s.context.memberTotalScore !== null, s.context.comment !== '']),
      },
    }],
  },
  {
    flow: 'couponClaim',
    account: 'demo',
    startRoute: '/',
    configs: [{
      description: 'open a coupon link signed in (with and without a code)',
      config: {
        machine: couponClaimMachine,
        events: { 'link.open': [{ couponCode: 'CAMPAIGN2000', signedIn: true }, { couponCode: null, signedIn: true }] },
        outcomes: { claimCoupon: only([undefined]) },
      },
    }],
  },
  {
    flow: 'reservationChange',
    account: 'demo',
    startRoute: '/support/reservation-date-change?ticketNumber={changeableTicket}',
    // The chart's slots come from a fixture; in the browser the first open cell stands for it.
    browserEvent: (e) => (e.type === 'slot.select' ? { type: 'slot.select', choice: 'firstOpen' } : e),
    configs: [{
      description: 'move a reservation: pick a slot, cancel, pick again, confirm',
      config: {
        machine: reservationChangeMachine,
        input: { ticketNumber: 'S0000001', today: '20250602' },
        events: {
          'slot.select': [
            { choice: { slotType: 'withStaff', time: '10-30', staffId: 'STAFF-01', staffNickname: 'さくら' } },
            { choice: { slotType: 'noAssign', time: '10-00', staffId: null, staffNickname: null } },
          ],
          'modal.confirm': [{}], 'modal.cancel': [{}],
        },
        // The page opens on the reservation's own day: the fixture ticket's, 06-05.
        outcomes: { loadTicket: only([ticketFixture]), loadSchedule: only([scheduleFixture('20250605')]), updateReservation: only([{}]) },
        serialize: (s: AnyMachineSnapshot) => JSON.stringify([s.value, s.context.choice !== null]),
      },
    }],
  },
  {
    flow: 'checkout',
    // An extension (ADD) of one of the member's own SUPPORT tickets: a demo copy.
    account: 'demo',
    startRoute: '/buy?productId=ADD-30&parentTicketNumber={ownSupportTicket}',
    maxPaths: 1,
    configs: [
      { description: 'pay with 4242 4242 4242 4242 (approved, no challenge)', endsIn: 'toComplete', config: checkoutConfig(sandboxTestCards.approved, {}, { charge: only([charged]) }) },
      {
        description: 'pay with 4000 0027 6000 3184 and approve 3-D Secure', endsIn: 'toComplete',
        config: checkoutConfig(sandboxTestCards.challenge, { threeDSecure: 'approve' }, { charge: only([charged]) }),
      },
      {
        description: 'pay with 4000 0027 6000 3184 and fail 3-D Secure', endsIn: 'ready.failed',
        config: checkoutConfig(sandboxTestCards.challenge, { threeDSecure: 'fail' }, { card: only([{ outcome: 'failed' }]), charge: only([charged]) }),
      },
      {
        description: 'pay with 4000 0000 0000 0002 (declined)', endsIn: 'ready.failed',
        config: checkoutConfig(sandboxTestCards.declined, {}, { charge: only([{ outcome: 'failed' }]) }),
      },
    ],
  },
  ...accountModels,
]

export const browserFlows = () => browserModels.map((m) => m.flow)

/**
 * A generated path as path-file steps: each member event with the state the chart rests in once
 * the actors' results, delays and automatic events that follow it have been taken.
 */
export function stepsOf(path: { steps: Array<{ event: Any; state: Any }> }, automatic: string[] = []): PathStep[] {
  const steps: PathStep[] = []
  for (const { event, state } of path.steps) {
    const internal = event.type.startsWith('xstate.') || automatic.includes(event.type)
    if (!internal) steps.push({ event: { ...event }, expectedState: statePath(state.value) })
    else if (steps.length) steps[steps.length - 1].expectedState = statePath(state.value)
  }
  return steps
}

/**
 * Whether the chart rests (waits for the member) after each member event of the path: a path
 * that ends while an actor is still running or a delay pending asserts a moment the browser
 * cannot hold, so the browser leaves it to the machine tests.
 */
function restsAfterEveryStep(path: { steps: Array<{ event: Any; state: Any }> }, automatic: string[] = []): boolean {
  const busy = (snapshot: Any) =>
    (snapshot._nodes as Any[]).some(
      (n) =>
        (n.invoke ?? []).some((i: Any) => n.transitions.has(`xstate.done.actor.${i.id}`) || n.transitions.has(`xstate.error.actor.${i.id}`)) ||
        [...n.transitions.keys()].some((k: string) => k.startsWith('xstate.after.')),
    )
  return path.steps.every(({ state }, i) => {
    const next = path.steps[i + 1]
    const settled = !next || !(next.event.type.startsWith('xstate.') || automatic.includes(next.event.type))
    return !settled || i === 0 || !busy(state)
  })
}

/** A generated browser path and the chart transitions it takes (`source event [guard] → target`). */
export type GeneratedPath = { file: PathFile; transitions: string[] }

/**
 * The generated paths of one flow (deduplicated, at most `maxPaths` per config), sampled so that
 * every chart transition any of them takes is still taken by one kept: the path taking the most
 * transitions not yet taken is kept first, until none is left untaken; a path that takes only
 * transitions the kept ones take is left out (checkout's approved card and its 3-D Secure
 * approval take the same transitions: the chart sees one card result for the round trip). In the
 * generator's order.
 */
export function generatedPaths(flow: string): GeneratedPath[] {
  const candidates = candidatePaths(flow)
  const taken = new Set<string>()
  const kept = new Set<GeneratedPath>()
  for (;;) {
    const gain = (c: GeneratedPath) => c.transitions.filter((t) => !taken.has(t)).length
    const best = candidates.filter((c) => !kept.has(c)).reduce<GeneratedPath | null>((a, c) => (gain(c) > (a ? gain(a) : 0) ? c : a), null)
    if (!best) break
    kept.add(best)
    for (const t of best.transitions) taken.add(t)
  }
  // A path kept early may be covered by those kept after it: left out too.
  for (const p of [...kept]) {
    const others = new Set([...kept].filter((o) => o !== p).flatMap((o) => o.transitions))
    if (p.transitions.every((t) => others.has(t))) kept.delete(p)
  }
  return candidates.filter((c) => kept.has(c))
}

/** The transitions the flow's generated browser paths take before sampling (what the sample must keep). */
export const candidateTransitions = (flow: string) => [...new Set(candidatePaths(flow).flatMap((c) => c.transitions))].sort()

/** The generated paths of one flow, as path files (sampled: `generatedPaths`). */
export const generatedPathFiles = (flow: string): PathFile[] => generatedPaths(flow).map((p) => p.file)

function candidatePaths(flow: string): GeneratedPath[] {
  const model = browserModels.find((m) => m.flow === flow)
  if (!model) throw new Error(`no browser model for flow "${flow}" (known: ${browserFlows().join(', ')})`)
  const found: GeneratedPath[] = []
  const seen = new Set<string>()
  for (const { config, description, endsIn } of model.configs) {
    let kept = 0
    for (const path of generatePaths(config).paths) {
      if (!restsAfterEveryStep(path, model.automatic)) continue
      const events = path.steps.map((s) => s.event as FlowEvent).filter((e) => e.type !== 'xstate.init')
      if (model.accept && !model.accept(events)) continue
      const steps = stepsOf(path, model.automatic).map((s) => ({ ...s, event: model.browserEvent ? model.browserEvent(s.event) : s.event }))
      const key = JSON.stringify(steps)
      if (!steps.length || seen.has(key)) continue
      if (endsIn && !steps[steps.length - 1].expectedState.split(',').some((s) => s === endsIn || s.startsWith(`${endsIn}.`))) continue
      seen.add(key)
      found.push({
        file: { flow, startRoute: model.startRoute, account: model.account, description: `generated from machines (${description})`, steps },
        transitions: transitionsTaken(config, path),
      })
      if (++kept >= (model.maxPaths ?? 3)) break
    }
  }
  return found
}
