import * as v from 'valibot'

// Entities of product.md §3, as they travel over the wire. Field names are the spec's, typos included.

export const ProductType = v.picklist(['SUPPORT', 'INTERVIEW', 'TIP', 'ADD'])
export type ProductType = v.InferOutput<typeof ProductType>

export const SupportType = v.picklist(['TEL', 'ONLINE'])
export type SupportType = v.InferOutput<typeof SupportType>

export const SupportStatus = v.picklist(['UNSUPPORTED', 'UNSOLVED', 'COMPLETED', 'UNSOLVED_COMPLETED'])
export type SupportStatus = v.InferOutput<typeof SupportStatus>

export const StaffGender = v.picklist(['MALE', 'FEMALE'])
export type StaffGender = v.InferOutput<typeof StaffGender>

export const ContactDevice = v.picklist(['PC', 'SMARTPHONE', 'TABLET'])
export type ContactDevice = v.InferOutput<typeof ContactDevice>

export const ContactOs = v.picklist(['WINDOWS', 'MAC', 'ANDROID', 'IOS'])
export type ContactOs = v.InferOutput<typeof ContactOs>

export const RemoteSupport = v.picklist(['WISH', 'NOT_WISH'])
export type RemoteSupport = v.InferOutput<typeof RemoteSupport>

export const SignupSource = v.picklist(['SIGNUP_FORM', 'SIGNUP_FORM_LP'])
export type SignupSource = v.InferOutput<typeof SignupSource>

export const TicketAction = v.picklist(['CHANGE_RESERVATION', 'RATING'])
export type TicketAction = v.InferOutput<typeof TicketAction>

/** A consultant as shown on tickets, in charge-data and in the schedule grid. */
export const StaffProfile = v.object({
  staffId: v.string(),
  staffNickname: v.string(),
  staffAge: v.number(),
  staffGender: StaffGender,
  /** null: the UI shows its fallback image (product.md §2 staff grid). */
  staffImageUrl: v.nullable(v.string()),
  /** Average of overall rating scores, 1–5, 0 when never rated. */
  averageScore: v.number(),
  supportCompleteCount: v.number(),
  supportUnSolvedCount: v.number(),
})
export type StaffProfile = v.InferOutput<typeof StaffProfile>

export const TicketMenuItem = v.object({
  menuId: v.string(),
  menuTitle: v.string(),
  estimatedMinute: v.number(),
})
export type TicketMenuItem = v.InferOutput<typeof TicketMenuItem>

export const Ticket = v.object({
  /** Prefix `M`: interview ticket (product.md §3). */
  ticketNumber: v.string(),
  isFreeTicket: v.boolean(),
  /** Yen refunded; 0 when nothing was refunded (product.md §4: above 0 means "refunded"). */
  amountRefunded: v.number(),
  reservationTime: v.string(),
  /** The reservation start as unix seconds; null when the ticket has no date (interview, tip, add). */
  reservationUnixTime: v.nullable(v.number()),
  productId: v.string(),
  productName: v.string(),
  productType: ProductType,
  price: v.number(),
  minutesToSupport: v.number(),
  staff: v.nullable(StaffProfile),
  supportType: v.nullable(SupportType),
  supportStatus: SupportStatus,
  /** Free text; `返金` means refunded (product.md §4 held tickets). */
  unsolvedAfterFollowContent: v.nullable(v.string()),
  refundReason: v.nullable(v.string()),
  alreadyRating: v.boolean(),
  staffImageUrl: v.nullable(v.string()),
  interviewTelNumber: v.nullable(v.string()),
  reservationMenuList: v.array(TicketMenuItem),
  /** Our addition: when the ticket was bought, unix seconds. */
  purchaseTime: v.number(),
  /**
   * Our addition: the consultant recorded that they could not reach the member (ご連絡なし); sent
   * only when true. The card reads 「ご連絡がありませんでした」 from then on, even before the
   * consultation's time is over (contract/ticket-rules.ts).
   */
  noContact: v.optional(v.boolean()),
  /** Our addition: an extension (ADD) or tip (TIP) names the consultation it was bought on; null otherwise. */
  parentTicketNumber: v.optional(v.nullable(v.string())),
  /**
   * Our addition, a booked SUPPORT ticket only: the consultation's end (unix seconds), its start plus
   * its minutes plus the extensions (ADD) bought on it and not refunded (docs/decisions.md 85).
   */
  endUnixTime: v.optional(v.number()),
  /**
   * Our addition, a booked SUPPORT ticket only: the end plus the server's grace period for recording
   * the outcome (`OUTCOME_GRACE_HOURS`). Until then an unrecorded consultation reads 確認中, from then
   * 「ご連絡がありませんでした」 (contract/ticket-rules.ts `ticketLabel`, docs/decisions.md 85).
   */
  outcomeDueUnixTime: v.optional(v.number()),
  /** Our addition: when the member told us that no call came (unix seconds); sent only once reported (docs/decisions.md 86). */
  noCallReportedUnixTime: v.optional(v.number()),
  /**
   * Our addition, a booked ONLINE SUPPORT ticket only: when its room closes (unix seconds), the end
   * plus ROOM_GRACE_MINUTES (contract/room.ts `roomWindow`). Until then a member may still come in,
   * even after ご連絡なし was recorded (contract/ticket-rules.ts `ticketCardState`, decision 120).
   */
  roomClosesUnixTime: v.optional(v.number()),
})
export type Ticket = v.InferOutput<typeof Ticket>

export const Product = v.object({
  productId: v.string(),
  /** Yen, tax included. */
  price: v.number(),
  /** 0 for products without support minutes (TIP, ADD). */
  minutesToSupport: v.number(),
  showOnMypage: v.boolean(),
  productType: ProductType,
  productName: v.string(),
})
export type Product = v.InferOutput<typeof Product>

export const ReservationMenu = v.object({
  menuId: v.string(),
  menuTitle: v.string(),
  imageUrl: v.string(),
  estimatedMinute: v.number(),
})
export type ReservationMenu = v.InferOutput<typeof ReservationMenu>

/** Slot key `hh-mm` (Japan time) → available. */
export const SlotMap = v.record(v.string(), v.boolean())
export type SlotMap = v.InferOutput<typeof SlotMap>

export const StaffSchedule = v.object({
  ...StaffProfile.entries,
  isAvailableAnyTime: v.boolean(),
  schedules: SlotMap,
})
export type StaffSchedule = v.InferOutput<typeof StaffSchedule>

export const CouponProduct = v.object({
  productType: ProductType,
  /** null: any minutes of that product type. */
  minutesToSupport: v.nullable(v.number()),
})
export type CouponProduct = v.InferOutput<typeof CouponProduct>

export const Coupon = v.object({
  couponCode: v.string(),
  couponName: v.string(),
  /** Unix seconds; the coupon is void after it. */
  expire: v.number(),
  availableProductList: v.array(CouponProduct),
  /** Our addition: the discount in yen. */
  discountPrice: v.number(),
})
export type Coupon = v.InferOutput<typeof Coupon>

export const Notice = v.object({
  /** Unix seconds. */
  updateTime: v.number(),
  content: v.string(),
  /** Our addition: the notice's heading, only when it has one. */
  title: v.optional(v.string()),
})
export type Notice = v.InferOutput<typeof Notice>

export const BusinessHoliday = v.object({ ymd: v.string() })
export type BusinessHoliday = v.InferOutput<typeof BusinessHoliday>

export const PurchaseItem = v.object({
  /** Unix seconds. */
  purchaseTime: v.number(),
  amount: v.number(),
  amountBeforeCoupon: v.number(),
  couponCode: v.nullable(v.string()),
  receiptNumber: v.string(),
  productType: ProductType,
  ticketNumber: v.string(),
  /** Our addition, for display. */
  productName: v.string(),
  /**
   * Our additions, for display; optional so an answer without them still parses: the
   * used coupon's name (null without coupon), the amount refunded on the ticket, and for SUPPORT
   * the reservation (`SUPPORT-YYYYMMDD-HH-MM`, null otherwise).
   */
  couponName: v.optional(v.nullable(v.string())),
  amountRefunded: v.optional(v.number()),
  reservationTime: v.optional(v.nullable(v.string())),
})
export type PurchaseItem = v.InferOutput<typeof PurchaseItem>

export const LastEvaluatedKey = v.object({
  memberId: v.string(),
  ticketNumber: v.string(),
  purchaseTime: v.number(),
})
export type LastEvaluatedKey = v.InferOutput<typeof LastEvaluatedKey>

export const SavedCard = v.object({
  cardBrand: v.string(),
  cardLast4: v.string(),
  cardId: v.string(),
})
export type SavedCard = v.InferOutput<typeof SavedCard>

export const CardBrand = v.picklist(['Visa', 'MasterCard', 'JCB', 'American Express', 'Diners Club', 'Discover'])
export type CardBrand = v.InferOutput<typeof CardBrand>
