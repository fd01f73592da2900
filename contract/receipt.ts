import * as v from 'valibot'
import { ProductType } from './entities'
import { ID_MAX, noControlChars } from './fields'

// The receipt (領収書) of one payment (docs/product.md "Receipts", docs/decisions.md 87): what the
// member's call `receipt`, its addressee edit `receipt-addressee` and the desk's `desk-receipt`
// carry, the rule of its tax line, and the messages of its refusals.

export const ADDRESSEE_MAX = 50

export const receiptMessages = {
  addresseeRequired: '宛名を入力してください',
  addresseeTooLong: `宛名は${ADDRESSEE_MAX}文字以内で入力してください`,
  /** The second edit of the addressee (decision 87: once per receipt). */
  addresseeAlreadyChanged: '宛名はすでに変更済みのため、再度変更することはできません。',
  receiptNotFound: '領収書が見つかりません。',
} as const

/**
 * A receipt number as a request names it (the purchase's `receiptNumber`, `R` + digits); every
 * refusal says the receipt is not found (the desk's strict requests want a Japanese message).
 */
const receiptNumberField = (message: string) =>
  v.pipe(v.string(message), v.nonEmpty(message), v.maxLength(ID_MAX, message), v.regex(/^[A-Za-z0-9-]+$/, message), v.brand('ReceiptNumber'))
export const ReceiptNumber = receiptNumberField(receiptMessages.receiptNotFound)
export type ReceiptNumber = v.InferOutput<typeof ReceiptNumber>

/** The addressee as the member types it (a company name, with 様 or 御中 as they wish). */
export const AddresseeField = v.pipe(
  v.string(),
  v.trim(),
  v.nonEmpty(receiptMessages.addresseeRequired),
  v.maxLength(ADDRESSEE_MAX, receiptMessages.addresseeTooLong),
  noControlChars,
)

/** The consumption tax rate of everything we sell (services: the standard rate). */
export const TAX_RATE_PERCENT = 10

/**
 * The consumption tax contained in a tax-included amount at 10 %: once per receipt for the rate, on
 * the receipt's total, rounded down (the qualified-invoice rule: one rounding per invoice per rate;
 * decision 87). ¥4,500 → ¥409; ¥2,500 → ¥227.
 */
export const taxIncluded = (amountWithTax: number): number => Math.floor((amountWithTax * TAX_RATE_PERCENT) / (100 + TAX_RATE_PERCENT))

/**
 * The page view asking, a key it draws once (a UUID): the same view asking again (a retry, React's
 * development double effect) is the issue it already made, not a re-issue. Optional: without it
 * every call is an issue.
 */
export const ViewId = v.optional(v.pipe(v.string(receiptMessages.receiptNotFound), v.maxLength(64, receiptMessages.receiptNotFound), noControlChars))

export const ReceiptRequest = v.object({ receiptNumber: ReceiptNumber, viewId: ViewId })
export const ReceiptAddresseeRequest = v.object({ receiptNumber: ReceiptNumber, addressee: AddresseeField })

export const Receipt = v.object({
  receiptNumber: v.string(),
  ticketNumber: v.string(),
  /** The issuer (server configuration): name, address, qualified-invoice registration number `T` + 13 digits. */
  issuer: v.object({ name: v.string(), address: v.string(), registrationNumber: v.string() }),
  /** 宛名: the member's name + 様, or what they changed it to (once). */
  addressee: v.string(),
  /** false once the addressee was changed. */
  addresseeEditable: v.boolean(),
  /** Unix seconds; shown as a day in Japan time. */
  purchaseTime: v.number(),
  productType: ProductType,
  productName: v.string(),
  /** The list price before any coupon. */
  amountBeforeCoupon: v.number(),
  /** The coupon's name (null without a coupon) and its discount in yen (0 without). */
  couponName: v.nullable(v.string()),
  couponDiscount: v.number(),
  /** What was paid. */
  amountPaid: v.number(),
  /** Every refund that went through, oldest first (unix seconds, yen). */
  refunds: v.array(v.object({ refundedAt: v.number(), amount: v.number() })),
  /** 税込金額: paid minus refunded; `tax` the consumption tax it contains (`taxIncluded`). */
  total: v.number(),
  taxRate: v.number(),
  tax: v.number(),
  /**
   * How many times it was issued (member and desk views together), the first time (null while
   * never issued: the addressee may be set before the first view), and whether this one is a re-issue.
   */
  issueCount: v.number(),
  firstIssuedAt: v.nullable(v.number()),
  reissued: v.boolean(),
})
export type Receipt = v.InferOutput<typeof Receipt>
