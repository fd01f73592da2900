// Generated-path tests of the rating chart: every transition, replayed live. Two entries
// (with and without ticketNumber) share one coverage check. The events and call outcomes are the
// spec rules' own (tests/machines/rating.spec-rules.ts); a coarser state identity keeps this small.
import type { AnyMachineSnapshot } from 'xstate'
import { describeModel } from './model'
import { spec } from './rating.spec-rules'

// What changes what can happen next: overall given, comment too long, tip chosen.
const serialize = (s: AnyMachineSnapshot) =>
  JSON.stringify([s.value, s.context.memberTotalScore !== null, s.context.comment.trim().length > 500, s.context.tipProductId !== null])

describeModel(spec.configs.map((c) => ({ ...c, serialize })))
