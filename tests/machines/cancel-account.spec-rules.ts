// Spec rules of the cancel-account chart (spec §4 "Cancelling the account logs out and goes to
// /login", §5 both checkboxes, §7 analytics on cancellation, §8): the request is sent only with
// both boxes ticked; success is tracked, signs out and goes to /login; a 4xx with
// UNUSED_SUPPORT_TICKETS_ARE_AVAILABLE stays with its message; other failures go to /error.
import { cancelAccountMachine } from '../../machines/cancel-account/cancel-account-machine'
import { ApiError } from '../../src/api/api-error'
import { actions, expectCan, expectGoes, expectSent, httpStatus, leavingEnds, statusCode, type ChartSpec, type Observation, type SpecRules } from './observe'

function form(trail: Observation[]) {
  const ticked: Record<string, boolean> = { ticketsForfeited: false, dataDeleted: false }
  let phase: 'editing' | 'cancelling' | 'signingOut' = 'editing'
  let unused = false
  for (const o of trail) {
    const e = o.event
    if (phase === 'editing' && e.type === 'consent.toggle') { ticked[e.consent] = !ticked[e.consent]; unused = false }
    else if (phase === 'editing' && e.type === 'form.submit' && ticked.ticketsForfeited && ticked.dataDeleted) phase = 'cancelling'
    else if (o.reply?.call === 'cancelAccount') {
      if (o.reply.ok) phase = 'signingOut'
      else { phase = 'editing'; unused = isUnused(o.reply.error) }
    }
  }
  return { both: ticked.ticketsForfeited && ticked.dataDeleted, phase, unused }
}
const isUnused = (error: unknown) => httpStatus(error) < 500 && String((error as Error).message).includes('UNUSED_SUPPORT_TICKETS_ARE_AVAILABLE')

export const rules: SpecRules = {
  invariant: (o) => leavingEnds(o),
  afterStep({ event, after, trail }) {
    const v: string[] = []
    const now = form(trail)
    const r = after.reply
    const tracked = actions(after, 'trackCancellation').length
    if (event.type === 'form.submit') v.push(...expectSent(after, now.phase === 'cancelling' ? [{ call: 'cancelAccount', input: undefined }] : [], now.both ? 'both boxes ticked: cancel' : 'the boxes are not both ticked'))
    else if (event.type === 'consent.toggle' || event.type === 'xstate.init') v.push(...expectSent(after, [], event.type))
    if (r?.call === 'cancelAccount') {
      if (r.ok) {
        v.push(...expectSent(after, [{ call: 'signOut', input: undefined }], 'cancelled: sign out'), ...expectGoes(after, [], 'while signing out'))
        if (tracked !== 1) v.push('a cancellation sends one analytics event (§7)')
      } else if (isUnused(r.error)) v.push(...expectGoes(after, [], 'unused tickets: stay with the message'))
      else v.push(...expectGoes(after, [{ action: 'goToError', params: { code: statusCode(after) } }], `a failed cancellation (error ${statusCode(after)})`))
    } else if (tracked) v.push('the cancellation is tracked once, when it succeeded')
    if (r?.call === 'signOut') v.push(...expectGoes(after, [{ action: 'goToLogin', params: undefined }], 'after signing out (or failing to), /login'))
    if (!after.done) {
      if (!!after.context.unusedTickets !== now.unused) v.push(`the unused-tickets message must ${now.unused ? '' : 'not '}show`)
      v.push(...expectCan(after, now.phase === 'editing' ? ['consent.toggle', ...(now.both ? ['form.submit'] : [])] : [], ['consent.toggle', 'form.submit'], `while ${now.phase}`))
    }
    return v
  },
}

export const spec: ChartSpec = {
  configs: [
    {
      machine: cancelAccountMachine,
      events: { 'consent.toggle': [{ consent: 'ticketsForfeited' }, { consent: 'dataDeleted' }], 'form.submit': [{}] },
      outcomes: {
        cancelAccount: { done: [undefined], error: [new ApiError(400, 'UNUSED_SUPPORT_TICKETS_ARE_AVAILABLE'), new ApiError(400, 'OTHER'), new ApiError(500, 'down')] },
        signOut: { done: [undefined], error: [new Error('offline')] },
      },
      serialize: (s) => JSON.stringify([s.value, s.context.consents, s.context.unusedTickets]),
    },
  ],
  rules,
}
