// Spec rules of the cancel-account chart (product.md §4 "Cancelling the account logs out and goes to
// /login", §5 both checkboxes, §7 analytics on cancellation, §8): with both boxes
// ticked, 退会する opens a last 「本当に退会しますか？」 question; only its confirm sends the request,
// its cancel goes back without a call. Success is tracked, signs out and goes to the public
// 「退会しました」 page (its button leads to /login); a 4xx with UNUSED_SUPPORT_TICKETS_ARE_AVAILABLE
// stays with its message; other failures go to /error.
import { cancelAccountMachine } from '../../machines/cancel-account/cancel-account-machine'
import { ApiError } from '../../src/api/api-error'
import { actions, expectCan, expectGoes, expectSent, httpStatus, leavingEnds, statusCode, type ChartSpec, type Observation, type SpecRules } from './observe'

type Phase = 'editing' | 'confirming' | 'cancelling' | 'signingOut'

function form(trail: Observation[]) {
  const ticked: Record<string, boolean> = { ticketsForfeited: false, dataDeleted: false }
  let phase: Phase = 'editing'
  let unused = false
  for (const o of trail) {
    const e = o.event
    if (phase === 'editing' && e.type === 'consent.toggle') { ticked[e.consent] = !ticked[e.consent]; unused = false }
    else if (phase === 'editing' && e.type === 'form.submit' && ticked.ticketsForfeited && ticked.dataDeleted) phase = 'confirming'
    else if (phase === 'confirming' && e.type === 'modal.cancel') phase = 'editing'
    else if (phase === 'confirming' && e.type === 'modal.confirm') phase = 'cancelling'
    else if (o.reply?.call === 'cancelAccount') {
      if (o.reply.ok) phase = 'signingOut'
      else { phase = 'editing'; unused = isUnused(o.reply.error) }
    }
  }
  return { both: ticked.ticketsForfeited && ticked.dataDeleted, phase, unused }
}
const isUnused = (error: unknown) => httpStatus(error) < 500 && String((error as Error).message).includes('UNUSED_SUPPORT_TICKETS_ARE_AVAILABLE')

const allowedIn = (phase: Phase, both: boolean): string[] => {
  if (phase === 'editing') return ['consent.toggle', ...(both ? ['form.submit'] : [])]
  if (phase === 'confirming') return ['modal.confirm', 'modal.cancel']
  return []
}

export const rules: SpecRules = {
  invariant: (o) => leavingEnds(o),
  afterStep({ event, after, trail }) {
    const v: string[] = []
    const now = form(trail)
    const r = after.reply
    const tracked = actions(after, 'trackCancellation').length
    if (event.type === 'modal.confirm') v.push(...expectSent(after, now.phase === 'cancelling' ? [{ call: 'cancelAccount', input: undefined }] : [], 'confirmed: cancel'))
    else if (event.type === 'form.submit' || event.type === 'modal.cancel' || event.type === 'consent.toggle' || event.type === 'xstate.init')
      v.push(...expectSent(after, [], `${event.type}: no call before the last confirmation`))
    if (r?.call === 'cancelAccount') {
      if (r.ok) {
        v.push(...expectSent(after, [{ call: 'signOut', input: undefined }], 'cancelled: sign out'), ...expectGoes(after, [], 'while signing out'))
        if (tracked !== 1) v.push('a cancellation sends one analytics event (§7)')
      } else if (isUnused(r.error)) v.push(...expectGoes(after, [], 'unused tickets: stay with the message'))
      else v.push(...expectGoes(after, [{ action: 'goToError', params: { code: statusCode(after) } }], `a failed cancellation (error ${statusCode(after)})`))
    } else if (tracked) v.push('the cancellation is tracked once, when it succeeded')
    if (r?.call === 'signOut') v.push(...expectGoes(after, [{ action: 'goToCancelComplete', params: undefined }], 'after signing out (or failing to), the 退会しました page'))
    if (!after.done) {
      if (!!after.context.unusedTickets !== now.unused) v.push(`the unused-tickets message must ${now.unused ? '' : 'not '}show`)
      const dialog = now.phase !== 'editing'
      if (after.tags.includes('dialog:confirm') !== dialog) v.push(`the 本当に退会しますか？ dialog must ${dialog ? '' : 'not '}show while ${now.phase}`)
      v.push(...expectCan(after, allowedIn(now.phase, now.both), ['consent.toggle', 'form.submit', 'modal.confirm', 'modal.cancel'], `while ${now.phase}`))
    }
    return v
  },
}

export const spec: ChartSpec = {
  configs: [
    {
      machine: cancelAccountMachine,
      events: { 'consent.toggle': [{ consent: 'ticketsForfeited' }, { consent: 'dataDeleted' }], 'form.submit': [{}], 'modal.confirm': [{}], 'modal.cancel': [{}] },
      outcomes: {
        cancelAccount: { done: [undefined], error: [new ApiError(400, 'UNUSED_SUPPORT_TICKETS_ARE_AVAILABLE'), new ApiError(400, 'OTHER'), new ApiError(500, 'down')] },
        signOut: { done: [undefined], error: [new Error('offline')] },
      },
      serialize: (s) => JSON.stringify([s.value, s.context.consents, s.context.unusedTickets]),
    },
  ],
  rules,
}
