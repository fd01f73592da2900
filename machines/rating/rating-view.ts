import type { RatingSnapshot } from './rating-machine'

type Snapshot = RatingSnapshot

/**
 * What /rating shows, asked of the rating chart (docs/decisions.md 45): tags and context, never
 * state names.
 */
export const ratingView = {
  /** The ticket or the tip list is still loading. */
  isLoading: (s: Snapshot) => s.hasTag('loading'),
  /** The confirmation dialog is open (also while the rating is being sent). */
  isConfirmOpen: (s: Snapshot) => s.hasTag('confirmOpen'),
  isSending: (s: Snapshot) => s.hasTag('sending'),
  canSubmit: (s: Snapshot) => s.can({ type: 'form.submit' }),
  /** The tip chosen (its product and price), or undefined without one. */
  chosenTip: (s: Snapshot) => s.context.tips.find((x) => x.productId === s.context.tipProductId),
}
