// Spec rules of the coupon edit chart (docs/product.md §3 Coupon, §10 operators make coupons;
// docs/server.md "Operator's desk" coupons; call desk-coupon-save): an operator fills the coupon in
// three steps — code, name, discount; the products it fits, its last day, how many may claim it;
// a review — and may leave a step only when its fields are what the server accepts. Only the
// review's submit saves, with exactly what was entered; an existing coupon keeps its code and
// carries the version it was read at, and a 409 (another operator saved first) offers the latest
// version or the operator's own, never a silent overwrite. A saved coupon opens its page.
import type { AnyMachineSnapshot } from 'xstate'
import { COUPON_CODE_PATTERN, COUPON_NAME_MAX, DISCOUNT_MAX, MAX_CLAIMS_MAX } from '../../contract/desk/coupons'
import { deskMessages as dm } from '../../contract/desk-messages'
import { couponEditMachine } from '../../machines/coupon-edit/coupon-edit-machine'
import { ApiError } from '../../src/api/api-error'
import { around, boundary } from './boundaries'
import type { ModelConfig } from './model'
import { calls, destinations, expectCan, type ChartSpec, type Observation, type SpecRules } from './observe'

type Fit = { productType: string; minutesToSupport: number | null }
type Values = { couponCode: string; couponName: string; discountPrice: string; fits: Fit[]; expireDate: string; claimLimit: string }
type Position = 'loading' | 'loadFailed' | 'basics' | 'fit' | 'review' | 'saving' | 'conflict' | 'reloading' | 'ended'

const EMPTY: Values = { couponCode: '', couponName: '', discountPrice: '', fits: [], expireDate: '', claimLimit: '' }
const OPERATOR = ['field.change', 'fit.toggle', 'step.next', 'step.back', 'form.submit', 'conflict.reload', 'conflict.back', 'load.retry']

/** A typed whole number: full-width digits and thousands separators read. */
const typedNumber = (text: string): number => {
  const plain = text.normalize('NFKC').replace(/[,\s]/g, '')
  return /^\d+$/.test(plain) ? Number(plain) : NaN
}
const within = (n: number, min: number, max: number) => Number.isInteger(n) && n >= min && n <= max
/** The last second of a Japan day, unix seconds (docs/product.md §1: business time is Japan's). */
const dayEnd = (ymd: string): number => {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(ymd)
  return m ? Date.UTC(+m[1], +m[2] - 1, +m[3], 23, 59, 59) / 1000 - 9 * 3600 : NaN
}
const sameFit = (a: Fit, b: Fit) => a.productType === b.productType && a.minutesToSupport === b.minutesToSupport

/** Which fields the server would refuse (contract/desk/coupons.ts DeskCouponSaveRequest). */
function refused(v: Values) {
  const name = v.couponName.trim()
  const expire = dayEnd(v.expireDate)
  return {
    couponCode: !COUPON_CODE_PATTERN.test(v.couponCode.trim()),
    couponName: name.length < 1 || name.length > COUPON_NAME_MAX,
    discountPrice: !within(typedNumber(v.discountPrice), 1, DISCOUNT_MAX),
    fits: v.fits.length < 1 || v.fits.length > 20,
    expireDate: !within(expire, 946_684_800, 4_102_444_800),
    claimLimit: v.claimLimit.trim() !== '' && !within(typedNumber(v.claimLimit), 1, MAX_CLAIMS_MAX),
  }
}
const basicsOk = (v: Values) => { const r = refused(v); return !r.couponCode && !r.couponName && !r.discountPrice }
const fitOk = (v: Values) => { const r = refused(v); return !r.fits && !r.expireDate && !r.claimLimit }

/** The request a save of these values must send (`version` only for an existing coupon). */
const request = (v: Values, version: number | null) => ({
  couponCode: v.couponCode.trim(),
  ...(version === null ? {} : { version }),
  couponName: v.couponName,
  discountPrice: typedNumber(v.discountPrice),
  expire: dayEnd(v.expireDate),
  availableProductList: v.fits,
  maxClaims: v.claimLimit.trim() === '' ? null : typedNumber(v.claimLimit),
})

/** The fields each step shows (the view renders no others there). */
const STEP_FIELDS: Partial<Record<Position, string[]>> = { basics: ['couponCode', 'couponName', 'discountPrice'], fit: ['fits', 'expireDate', 'claimLimit'], review: [] }

/** Where the operator is and what the form holds, by the spec, from the trail's events and answers. */
function replay(trail: Observation[]) {
  const start = trail[0].context as { isNew: boolean; values: Values }
  const isNew = start.isNew
  const code = start.values.couponCode
  let position: Position = isNew ? 'basics' : 'loading'
  let values: Values = { ...EMPTY, couponCode: code }
  let version: number | null = null
  let shown = { basics: false, fit: false }
  let failure: string | null = null
  let reloaded = false
  for (const o of trail.slice(1)) {
    const e = o.event
    const r = o.reply
    if (r?.call === 'loadCoupon') {
      const wasReload: boolean = position === 'reloading'
      if (r.ok) {
        const loaded = r.output as { values: Values; version: number }
        values = loaded.values
        version = loaded.version
        position = 'basics'
        if (wasReload) { reloaded = true; failure = null }
      } else {
        failure = (r.error as Error).message
        position = wasReload ? 'conflict' : 'loadFailed'
      }
    } else if (r?.call === 'saveCoupon') {
      failure = r.ok ? failure : (r.error as Error).message
      // Only "another operator saved first" offers the latest version; a taken code or a stopped
      // coupon is told on the review (reloading would not help).
      position = r.ok ? 'ended' : (r.error as ApiError).status === 409 && (r.error as Error).message === dm.changedByOther ? 'conflict' : 'review'
    } else if (position === 'loadFailed' && e.type === 'load.retry') position = 'loading'
    else if (position === 'conflict') {
      if (e.type === 'conflict.reload') position = 'reloading'
      if (e.type === 'conflict.back') position = 'review'
    } else if (position === 'basics' || position === 'fit' || position === 'review') {
      // Each step shows only its own fields: a change to another step's field (or on the review) is not taken.
      const field = e.type === 'fit.toggle' ? 'fits' : e.type === 'field.change' ? e.field : null
      const onStep = field !== null && (STEP_FIELDS[position] ?? []).includes(field)
      // The code is in every claim link already handed out: fixed once the coupon exists.
      if (e.type === 'field.change' && onStep && (isNew || e.field !== 'couponCode')) values = { ...values, [e.field]: e.value }
      if (e.type === 'fit.toggle' && onStep) values = { ...values, fits: values.fits.some((f) => sameFit(f, e.fit)) ? values.fits.filter((f) => !sameFit(f, e.fit)) : [...values.fits, e.fit] }
      if (e.type === 'step.next' && position === 'basics') {
        shown = { ...shown, basics: true }
        if (basicsOk(values)) { position = 'fit'; failure = null; reloaded = false }
      } else if (e.type === 'step.next' && position === 'fit') {
        shown = { ...shown, fit: true }
        if (fitOk(values)) position = 'review'
      } else if (e.type === 'step.back' && position !== 'basics') position = position === 'review' ? 'fit' : 'basics'
      else if (e.type === 'form.submit' && position === 'review') { position = 'saving'; failure = null; reloaded = false }
    }
  }
  return { isNew, code, position, values, version, shown, failure, reloaded }
}

const allowed: Record<Position, string[]> = {
  loading: [],
  loadFailed: ['load.retry'],
  // field.change is judged by its field (the values it leaves, hence the save), not here: which of
  // its cases a configuration has differs (the boundary ones change one field only).
  basics: ['step.next'],
  fit: ['fit.toggle', 'step.next', 'step.back'],
  review: ['form.submit', 'step.back'],
  saving: [],
  conflict: ['conflict.reload', 'conflict.back'],
  reloading: [],
  ended: [],
}

/** Same data whatever the order of keys. */
const canon = (x: unknown): string => JSON.stringify(x, (_k, v) => (v && typeof v === 'object' && !Array.isArray(v) ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => a.localeCompare(b))) : v))

export const rules: SpecRules = {
  afterStep({ event, before, after, trail }) {
    const out: string[] = []
    const was = before ? replay(trail.slice(0, -1)) : null
    const now = replay(trail)
    const r = after.reply
    // Calls: the coupon is read when the page opens on an existing one, again on load.retry and on
    // conflict.reload; it is saved only from the review.
    const loads = (event.type === 'xstate.init' && !now.isNew) || (was?.position === 'loadFailed' && event.type === 'load.retry') || (was?.position === 'conflict' && event.type === 'conflict.reload')
    const saves = was?.position === 'review' && event.type === 'form.submit'
    // The coupon read is the one of the code (of a new coupon: the code just refused as taken).
    const readCode = now.isNew ? now.values.couponCode.trim() : now.code
    const want = [...(loads ? [{ call: 'loadCoupon', input: { couponCode: readCode } }] : []), ...(saves ? [{ call: 'saveCoupon', input: request(now.values, now.isNew ? null : now.version) }] : [])]
    // Known: a new coupon's reload asks for the code as typed, spaces included (docs/qa.md): compared trimmed.
    const sent = after.sent.map((s) => (s.call === 'loadCoupon' ? { ...s, input: { couponCode: (s.input as { couponCode: string }).couponCode.trim() } } : s))
    if (canon(sent) !== canon(want)) out.push(`${event.type}: expected calls ${canon(want)}, sent ${canon(after.sent)}`)
    // The bounds hold for every save: a value is changed only on its own step, which judges it.
    for (const s of calls(after, 'saveCoupon')) {
      const v = s.input as ReturnType<typeof request>
      if (!within(v.discountPrice, 1, DISCOUNT_MAX)) out.push(`saved a discount of ${v.discountPrice} yen`)
      if (v.maxClaims !== null && !within(v.maxClaims, 1, MAX_CLAIMS_MAX)) out.push(`saved a claim limit of ${v.maxClaims}`)
      if (!now.isNew && v.couponCode !== now.code) out.push(`an existing coupon's code changed to ${v.couponCode}`)
    }
    // Where the operator goes: the coupon's page, once it is saved, and only then.
    const goes = destinations(after)
    const saved = r?.call === 'saveCoupon' && r.ok
    const code = saved ? (r.output as { couponCode: string }).couponCode : ''
    if (canon(goes) !== canon(saved ? [{ action: 'goToCoupon', params: { couponCode: code } }] : [])) out.push(saved ? `a saved coupon opens its page, did ${canon(goes)}` : `left the editor on ${event.type}: ${canon(goes)}`)
    if (after.done !== (now.position === 'ended')) out.push(now.position === 'ended' ? 'saved, but the editor goes on' : 'the editor ended without a save')
    if (!after.done) out.push(...expectCan(after, allowed[now.position], OPERATOR.filter((t) => t !== 'field.change'), `at ${now.position}`))
    // What the editor shows: the step's messages once the operator tried to leave it, the server's
    // message of the last failed call (never a stale one after a new submit), the note after a reload.
    if (canon(after.context.shown) !== canon(now.shown)) out.push(`the messages shown are ${canon(after.context.shown)}, the operator tried to leave ${canon(now.shown)}`)
    if (after.context.failure !== now.failure) out.push(`the message shown is ${JSON.stringify(after.context.failure)}, expected ${JSON.stringify(now.failure)}`)
    if (after.context.reloaded !== now.reloaded) out.push(now.reloaded ? "the form now holds the other operator's version: the note must say so" : 'the reload note is stale')
    return out
  },
}

const fit: Fit = { productType: 'SUPPORT', minutesToSupport: 30 }
const full: Values = { couponCode: 'SPRING500', couponName: '春の500円引き', discountPrice: '500', fits: [fit], expireDate: '2030-04-30', claimLimit: '100' }
const events: ModelConfig['events'] = {
  'field.change': [
    { field: 'couponCode', value: ' SPRING500 ' },
    { field: 'couponCode', value: 'SPRING 500' },
    { field: 'couponName', value: '春の500円引き' },
    { field: 'couponName', value: '  ' },
    { field: 'discountPrice', value: '５,０００' },
    { field: 'expireDate', value: '2030-04-30' },
    { field: 'claimLimit', value: '' },
  ],
  'fit.toggle': [{ fit }],
  'step.next': [{}],
  'step.back': [{}],
  'form.submit': [{}],
  'conflict.reload': [{}],
  'conflict.back': [{}],
  'load.retry': [{}],
}
const outcomes: ModelConfig['outcomes'] = {
  loadCoupon: { done: [{ values: full, version: 2 }, { values: { ...full, couponName: '春の1000円引き', discountPrice: '1000' }, version: 3 }], error: [new ApiError(500, 'down')] },
  saveCoupon: { done: [{ couponCode: 'SPRING500' }], error: [new ApiError(409, dm.changedByOther), new ApiError(409, dm.couponExists), new ApiError(400, dm.couponProductUnknown)] },
}
const serialize = (s: AnyMachineSnapshot) => {
  const c = s.context
  const bad = refused(c.values)
  return JSON.stringify([s.value, Object.keys(bad).filter((k) => bad[k as keyof typeof bad]), c.version, c.shown, c.failure !== null, c.reloaded])
}

// The boundary values of the numeric fields (DeskCouponSaveRequest, boundaries.ts): 0, 1, 2, one under the cap, the cap and one over for
// the discount; the same for the claim limit, and empty (no limit) — from the contract's caps. An
// existing, valid coupon is edited so that each value is one field.change away from a save.
const bounds = (max: number) => [...new Set([...around(1), ...around(max)])].map(String)
const boundaryEntry = (field: 'discountPrice' | 'claimLimit', couponCode: string): ModelConfig => ({
  machine: couponEditMachine,
  input: { couponCode },
  events: {
    ...Object.fromEntries(Object.keys(events).map((type) => [type, [{}]])),
    'field.change': boundary(...[...bounds(field === 'discountPrice' ? DISCOUNT_MAX : MAX_CLAIMS_MAX), ...(field === 'claimLimit' ? [''] : [])].map((value) => ({ field, value }))),
    'fit.toggle': [{ fit }],
  },
  outcomes: { loadCoupon: { done: [{ values: { ...full, couponCode }, version: 7 }] }, saveCoupon: { done: [{ couponCode }] } },
  serialize: (s: AnyMachineSnapshot) => JSON.stringify([s.value, s.context.values.discountPrice, s.context.values.claimLimit, s.context.values.fits.length, s.context.shown]),
})

export const spec: ChartSpec = {
  configs: [
    { machine: couponEditMachine, input: { couponCode: null }, events, outcomes, serialize, limit: 50000 },
    { machine: couponEditMachine, input: { couponCode: 'SPRING500' }, events, outcomes, serialize, limit: 50000 },
    boundaryEntry('discountPrice', 'LIMIT-DISCOUNT'),
    boundaryEntry('claimLimit', 'LIMIT-CLAIMS'),
  ],
  rules,
}
