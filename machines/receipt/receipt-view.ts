import type { SnapshotFrom } from 'xstate'
import type { receiptMachine } from './receipt-machine'

type Snapshot = SnapshotFrom<typeof receiptMachine>

/** What the receipt page shows, asked of the receipt chart (docs/decisions.md 45): tags and `can`, never state names. */
export const receiptView = {
  isLoading: (s: Snapshot) => s.hasTag('loading'),
  /** The addressee form is open (also while it is being saved). */
  isEditing: (s: Snapshot) => s.hasTag('editing'),
  isSaving: (s: Snapshot) => s.hasTag('saving'),
  canEdit: (s: Snapshot) => s.can({ type: 'addressee.edit' }),
  canSubmit: (s: Snapshot) => s.can({ type: 'addressee.submit' }),
}
