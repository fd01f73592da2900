// Spec rules of the rating chart (product.md §2 /rating, §4 Rating, §5 Rating, §8): what is sent and
// where the member goes, judged on every generated path. Only event types,
// actor names, goTo* names and params — no state names.
import type { AnyMachineSnapshot } from 'xstate'
import { RATING_COMMENT_MAX } from '../../contract/fields'
import { ratingMachine } from '../../machines/rating/rating-machine'
import { ApiError } from '../../src/api/api-error'
import type { ModelConfig } from './model'
import { actions, calls, destinations, httpStatus, isClient, type ChartSpec, type Observation, type SpecRules } from './observe'
import { ticketFixture } from './reservation-fixtures'
import { boundary, textsAround } from './boundaries'

const tips = [{ productId: 'TIP-500', price: 500, minutesToSupport: 0, showOnMypage: false, productType: 'TIP' as const, productName: 'チップ' }]
const events: ModelConfig['events'] = {
  'score.change': [{ score: 4 }, { score: 0 }],
  'detail.change': [{ key: 'friendliness', score: 3 }, { key: 'clearExplanation', score: 9 }],
  // The comment's boundary values (product.md §5 Rating: at most 500 once trimmed, the contract's
  // RATING_COMMENT_MAX): one under, exactly 500, 500 once trimmed, and one over — each typed on
  // paths of its own (boundaries.ts), since the state identity only tells "over 500".
  'comment.change': [{ value: '  とても助かりました  ' }, ...boundary(...textsAround(RATING_COMMENT_MAX).map((value) => ({ value })), { value: ` ${'あ'.repeat(RATING_COMMENT_MAX)} ` })],
  'tip.select': [{ productId: 'TIP-500' }, { productId: null }, { productId: 'TIP-UNKNOWN' }],
  'form.submit': [{}],
  'modal.confirm': [{}],
  'modal.cancel': [{}],
}
const outcomes: ModelConfig['outcomes'] = {
  loadTicket: { done: [{ ...ticketFixture, supportStatus: 'COMPLETED' }], error: [new ApiError(400, 'ALREADY_RATED'), new ApiError(400, 'RATING_NOT_AVAILABLE'), new ApiError(500, 'boom')] },
  loadTips: { done: [tips], error: [new ApiError(503, 'down')] },
  postRating: { done: [{}], error: [new ApiError(400, 'already rated'), new ApiError(500, 'boom')] },
}
// Everything the rules track is part of a state's identity, so a path reaches the post with each
// kind of entered data (a chart that drops a sub-score or the comment is then seen in the post).
const serialize = (s: AnyMachineSnapshot) =>
  JSON.stringify([s.value, s.context.memberTotalScore, s.context.comment.trim().length > RATING_COMMENT_MAX, s.context.comment !== '', s.context.tipProductId, s.context.detail])

const DEFAULT_DETAIL = { friendliness: 5, smoothProgress: 5, problemSolving: 5, clearExplanation: 5 }
const isScore = (n: unknown) => Number.isInteger(n) && (n as number) >= 1 && (n as number) <= 5

/** What the member has entered so far, read from the events of the trail (product.md §5). */
function entered(trail: Observation[]) {
  let score: number | null = null
  const detail: Record<string, number> = { ...DEFAULT_DETAIL }
  let comment = ''
  let tip: string | null = null
  const tipList = trail.flatMap((o) => (o.reply?.call === 'loadTips' && o.reply.ok ? (o.reply.output as typeof tips) : []))
  for (const { event: e } of trail) {
    if (e.type === 'score.change' && isScore(e.score)) score = e.score
    if (e.type === 'detail.change' && isScore(e.score)) detail[e.key] = e.score
    if (e.type === 'comment.change') comment = e.value
    if (e.type === 'tip.select' && (e.productId === null || tipList.some((t) => t.productId === e.productId))) tip = e.productId
  }
  const chosen = tipList.find((t) => t.productId === tip)
  return { score, detail, comment: comment.trim(), tip: chosen ? { productId: chosen.productId, price: chosen.price } : null }
}
const ticketNumberOf = (trail: Observation[]) => (calls(trail[0] ?? trail[1], 'loadTicket')[0]?.input as { ticketNumber?: string } | undefined)?.ticketNumber
const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b)

const MEMBER_EDITS = ['score.change', 'detail.change', 'comment.change', 'tip.select', 'form.submit', 'modal.cancel']

export const rules: SpecRules = {
  invariant(o) {
    const v: string[] = []
    const goes = destinations(o)
    if (goes.length > 1) v.push(`goes to ${goes.length} places at once: ${JSON.stringify(goes)}`)
    // A destination ends the page: the chart must be finished, and finished only by leaving.
    if (goes.length && !o.done) v.push(`${goes[0].action} ran but the chart goes on`)
    if (o.done && o.event.type !== 'xstate.init' && !goes.length) v.push('the chart ended without sending the member anywhere')
    return v
  },
  afterStep({ event, after, trail }) {
    const v: string[] = []
    const sent = after.sent.map((s) => s.call)
    const ticketNumber = ticketNumberOf(trail)
    if (event.type === 'xstate.init') {
      // §2: no ticketNumber → /error?code=404, nothing loaded; otherwise the ticket is loaded.
      const hasTicket = !!trail[0].context?.ticketNumber
      if (!hasTicket && !same(destinations(after), [{ action: 'goToError', params: { code: '404' } }])) v.push(`no ticketNumber must go to error 404, did ${JSON.stringify(after.did)}`)
      if (!hasTicket && sent.length) v.push(`no ticketNumber must load nothing, sent ${sent}`)
      if (hasTicket && !same(calls(after), [{ call: 'loadTicket', input: { ticketNumber: after.context.ticketNumber } }])) v.push(`the ticket must be loaded first, sent ${JSON.stringify(after.sent)}`)
      return v
    }
    // Editing the form, opening and closing the modal: nothing is sent, the member stays.
    if (MEMBER_EDITS.includes(event.type)) {
      if (sent.length) v.push(`${event.type} must send nothing, sent ${sent}`)
      if (destinations(after).length) v.push(`${event.type} must not leave the page, did ${JSON.stringify(destinations(after))}`)
    }
    if (event.type === 'modal.confirm') {
      // Confirm sends exactly what the member entered, once, and only after a valid submit (§4, §5).
      const i = trail.length - 1
      const lastSubmit = trail.map((o) => o.event.type).lastIndexOf('form.submit', i)
      const lastCancel = trail.map((o) => o.event.type).lastIndexOf('modal.cancel', i)
      const lastConfirm = trail.map((o) => o.event.type).lastIndexOf('modal.confirm', i - 1)
      const modalOpen = lastSubmit > lastCancel && lastSubmit > lastConfirm
      const e = entered(trail)
      const valid = e.score !== null && e.comment.length <= RATING_COMMENT_MAX
      const posts = calls(after, 'postRating')
      if (modalOpen && valid) {
        const expected = { ticketNumber, memberTotalScore: e.score, memberDetailScore: e.detail, ratingComment: e.comment, tip: e.tip }
        if (posts.length !== 1) v.push(`confirm must post the rating once, sent ${JSON.stringify(after.sent)}`)
        else if (!same(posts[0].input, expected)) v.push(`the rating post must carry what was entered: expected ${JSON.stringify(expected)}, sent ${JSON.stringify(posts[0].input)}`)
        if (after.sent.length !== posts.length) v.push(`confirm must send only the rating, sent ${sent}`)
      } else if (sent.length) v.push(`confirm without an open confirmation of a valid form must send nothing, sent ${sent}`)
      if (destinations(after).length) v.push('confirm must not leave before the answer')
    } else if (calls(after, 'postRating').length) v.push(`the rating is posted only on modal.confirm, not on ${event.type}`)
    const r = after.reply
    if (r) {
      const status = httpStatus(r.error)
      const goes = destinations(after)
      if (r.call === 'loadTicket') {
        if (r.ok && !same(after.context.ticket, r.output)) v.push('the rating page shows the ticket it loaded')
        if (r.ok && !same(after.sent, [{ call: 'loadTips', input: undefined }])) v.push(`after the ticket, the tips must be loaded, sent ${JSON.stringify(after.sent)}`)
        // product.md §2 error codes: `rating` = "bad link or rating already submitted"; §8: other 4xx → 400.
        const rated = isClient(status) && r.error instanceof Error && r.error.message.includes('ALREADY_RATED')
        const code = rated ? 'rating' : isClient(status) ? '400' : String(status)
        if (!r.ok && !same(goes, [{ action: 'goToError', params: { code } }])) v.push(`a failed ticket load (${status}) must go to error ${code}, did ${JSON.stringify(goes)}`)
      }
      if (r.call === 'loadTips') {
        if (r.ok && (after.sent.length || goes.length)) v.push('with the tips loaded the form shows, nothing else')
        if (!r.ok && !same(goes, [{ action: 'goToError', params: { code: String(status) } }])) v.push(`a failed tip list (${status}) must go to error ${status}, did ${JSON.stringify(goes)}`)
      }
      if (r.call === 'postRating') {
        const e = entered(trail)
        const track = actions(after, 'trackRating')
        if (r.ok) {
          const expected = e.tip ? [{ action: 'goToTipPayment', params: { productId: e.tip.productId, parentTicketNumber: ticketNumber } }] : [{ action: 'goToComplete', params: undefined }]
          if (!same(goes, expected)) v.push(`a successful rating ${e.tip ? 'with a tip must go to tip payment' : 'without a tip must go to /rating-complete'}: expected ${JSON.stringify(expected)}, did ${JSON.stringify(goes)}`)
          if (!same(track, [{ action: 'trackRating', params: { ticketNumber, score: e.score, tip: !!e.tip } }])) v.push(`a successful rating sends one analytics event (§7), did ${JSON.stringify(track)}`)
        } else {
          const code = isClient(status) ? 'rating' : String(status)
          if (!same(goes, [{ action: 'goToError', params: { code } }])) v.push(`a failed rating post (${status}) must go to error ${code}, did ${JSON.stringify(goes)}`)
          if (track.length) v.push('a failed rating is not tracked')
        }
        if (after.sent.length) v.push(`nothing is sent after the rating post, sent ${sent}`)
      }
    }
    // What the member can do (§4, §5): the form until submitted (send enabled only with an
    // overall score and a comment of at most 500 characters), then only the modal's two buttons.
    const phase = phaseOf(trail)
    const can = new Set(after.can)
    const e = entered(trail)
    if (phase === 'form') {
      for (const t of ['score.change', 'detail.change', 'comment.change', 'tip.select']) if (!can.has(t)) v.push(`the form must accept ${t}`)
      const valid = e.score !== null && e.comment.length <= RATING_COMMENT_MAX
      if (can.has('form.submit') !== valid) v.push(`send must be ${valid ? 'enabled' : 'disabled'} (overall ${e.score}, comment ${e.comment.length} characters)`)
      if (can.has('modal.confirm') || can.has('modal.cancel')) v.push('no confirmation is open on the form')
    } else if (phase === 'modal') {
      if (!can.has('modal.confirm') || !can.has('modal.cancel')) v.push(`the confirmation must offer confirm and cancel, can ${[...can]}`)
      for (const t of ['score.change', 'detail.change', 'comment.change', 'tip.select', 'form.submit']) if (can.has(t)) v.push(`the open confirmation blocks ${t}`)
    } else if (can.size) v.push(`while ${phase} the member can do nothing, can ${[...can]}`)
    return v
  },
}

/** Where the member is by the spec, from the events alone: loading, form, modal, sending, gone. */
function phaseOf(trail: Observation[]): 'loading' | 'form' | 'modal' | 'sending' | 'gone' {
  let phase: ReturnType<typeof phaseOf> = 'loading'
  for (let i = 0; i < trail.length; i++) {
    const o = trail[i]
    if (destinations(o).length) return 'gone'
    if (o.reply?.call === 'loadTips' && o.reply.ok) phase = 'form'
    else if (phase === 'form' && o.event.type === 'form.submit') {
      const e = entered(trail.slice(0, i + 1))
      if (e.score !== null && e.comment.length <= RATING_COMMENT_MAX) phase = 'modal'
    } else if (phase === 'modal' && o.event.type === 'modal.cancel') phase = 'form'
    else if (phase === 'modal' && o.event.type === 'modal.confirm') phase = 'sending'
  }
  return phase
}

export const spec: ChartSpec = {
  configs: [
    { machine: ratingMachine, input: { ticketNumber: 'S0000003' }, events, outcomes, serialize },
    { machine: ratingMachine, input: {}, events, outcomes, serialize },
  ],
  rules,
}
