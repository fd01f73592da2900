import type { SnapshotFrom } from 'xstate'
import { noContactFromUnixTime } from '../../contract/outcome-rules'
import { maxMinutesOf, type consultationOutcomeMachine } from './consultation-outcome-machine'

type Snapshot = SnapshotFrom<typeof consultationOutcomeMachine>

/** The panel's steps: the choice, its confirmation (also while it is saved), a failed save, the saved outcome. */
type OutcomeStep = 'choosing' | 'confirming' | 'failed' | 'saved'

/**
 * What the 結果を記録 panel shows, asked of the consultation-outcome chart (docs/decisions.md 45):
 * tags and context, never state names.
 */
export const consultationOutcomeView = {
  step: (s: Snapshot): OutcomeStep => (s.hasTag('done') ? 'saved' : s.hasTag('failed') ? 'failed' : s.hasTag('confirmOpen') ? 'confirming' : 'choosing'),
  isSaving: (s: Snapshot) => s.hasTag('saving'),
  canNext: (s: Snapshot) => s.can({ type: 'form.next' }),
  /** The most minutes 完了 takes as the clock was last read (0: none yet). */
  maxMinutes: (s: Snapshot) => maxMinutesOf(s.context),
  /** ご連絡なし is not offered yet only because of the wait: when it opens (unix seconds), else null. */
  noContactFrom: (s: Snapshot): number | null =>
    s.context.status === 'UNSUPPORTED' && !s.context.noContact && !s.context.offered.includes('NO_CONTACT') ? noContactFromUnixTime(s.context.times) : null,
}
