import * as v from 'valibot'
import type { BuySearch } from './buy-search'
import { ChargeRequest } from './calls'
import { ContactDevice, ContactOs, ProductType, RemoteSupport, SupportType } from './entities'

/**
 * The purchase hand-off (product.md §2 "/buy details", §3 session storage), declared
 * once for every layer a purchase crosses:
 * - `BuySearch` (./buy-search.ts): /buy's typed search params. Whoever starts a purchase links with
 *   `<Link to="/buy" search={…}>` / `navigate({ to: '/buy', search })` (the rating's tip, the
 *   staff selection, an extension), and the 3-D Secure page returns to the same URL;
 * - `SavedSlot`: the slot /support/staff keeps in session storage (`mypage.purchaseState`), the
 *   fallback of each search param and what the grid reopens when the member comes back;
 * - `PurchaseHandoff`: both resolved into what the checkout chart works with;
 * - `PurchaseAttempt`: the attempt kept in session storage across the 3-D Secure redirect and for
 *   a reload (`mypage.checkoutAttempt`, with its idempotency key).
 */

/** What the checkout chart was opened with: each search param, or the saved slot's value. */
export const PurchaseHandoff = v.object({
  productId: v.string(),
  /** product.md §5 Immediate reservation: the slot and the support method were chosen before /buy. */
  reserveNow: v.boolean(),
  staffId: v.nullable(v.string()),
  /** The ticket an extension (ADD) or a tip (TIP) belongs to. */
  parentTicketNumber: v.nullable(v.string()),
  /** `SUPPORT-YYYYMMDD-HH-MM` of the chosen slot, null when none. */
  reservationTime: v.nullable(v.string()),
  /** Only for an immediate reservation: the support method chosen before /buy. */
  supportType: v.nullable(SupportType),
})
export type PurchaseHandoff = v.InferOutput<typeof PurchaseHandoff>


/** The hand-off as /buy's search params: what the 3-D Secure return URL and a link carry. */
export function handoffSearch(h: PurchaseHandoff): BuySearch {
  return {
    productId: h.productId,
    ...(h.reserveNow ? { reserveNow: 'true' } : {}),
    ...(h.staffId ? { staffId: h.staffId } : {}),
    ...(h.parentTicketNumber ? { parentTicketNumber: h.parentTicketNumber } : {}),
    ...(h.reservationTime ? { reservationTime: h.reservationTime } : {}),
    ...(h.supportType ? { supportType: h.supportType } : {}),
  }
}

/** The slot chosen on /support/staff, kept in session storage for /buy and for the way back. */
export const SavedSlot = v.object({
  productId: v.string(),
  slotType: v.picklist(['noAssign', 'withStaff']),
  staffId: v.nullable(v.string()),
  staffNickname: v.nullable(v.string()),
  /** `SUPPORT-YYYYMMDD-HH-MM` */
  reservationTime: v.string(),
  minutesToSupport: v.number(),
})
export type SavedSlot = v.InferOutput<typeof SavedSlot>

/** The form as it was when the attempt was stored, so a failure after the return keeps the choices. */
export const AttemptFormState = v.object({
  concernText: v.string(),
  device: v.nullable(ContactDevice),
  os: v.nullable(ContactOs),
  remoteSupport: v.nullable(RemoteSupport),
  supportType: SupportType,
  saveCard: v.boolean(),
})

/**
 * The /buy form before any attempt: kept as the member types, so 戻る, Back or a reload
 * of the same purchase (product and parent ticket) brings the concern text and choices back.
 * An attempt, once stored, carries its own copy in `state`.
 */
export const CheckoutDraft = v.object({
  productId: v.string(),
  parentTicketNumber: v.nullable(v.string()),
  state: AttemptFormState,
  /** When it was stored (epoch ms): an old draft is not picked up. */
  savedAt: v.number(),
})
export type CheckoutDraft = v.InferOutput<typeof CheckoutDraft>

/**
 * One purchase attempt as kept in session storage (product.md §3 list: the params, the submit payload,
 * the form state, the token and the product type; the payload carries parentTicketNumber, staffId,
 * reservationTime, supportType, reserveNow, couponCode and the concern text once, not beside it),
 * plus the idempotency key so the charge after the return is the same purchase.
 */
export const PurchaseAttempt = v.object({
  handoff: PurchaseHandoff,
  payload: ChargeRequest,
  state: AttemptFormState,
  /** The new card's token; null when paid with the saved card or nothing to pay. */
  token: v.nullable(v.string()),
  buyType: ProductType,
  idempotencyKey: v.string(),
  /** When it was stored (epoch ms), set by the storage effect: an old attempt is not picked up. */
  savedAt: v.optional(v.number()),
})
export type PurchaseAttempt = v.InferOutput<typeof PurchaseAttempt>

/** A stored value read back through its schema: null when absent, unreadable or of another shape. */
export function readStored<T extends v.GenericSchema>(schema: T, raw: string | null): v.InferOutput<T> | null {
  if (!raw) return null
  try {
    const r = v.safeParse(schema, JSON.parse(raw))
    return r.success ? r.output : null
  } catch {
    return null
  }
}
