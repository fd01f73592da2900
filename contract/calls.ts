import * as v from 'valibot'
import {
  BusinessHoliday,
  CardBrand,
  ContactDevice,
  ContactOs,
  Coupon,
  LastEvaluatedKey,
  Notice,
  Product,
  ProductType,
  PurchaseItem,
  RemoteSupport,
  ReservationMenu,
  SavedCard,
  SignupSource,
  SlotMap,
  StaffProfile,
  StaffSchedule,
  SupportType,
  Ticket,
  TicketAction,
} from './entities'
import { CouponCode, inDaySpan, MemberId, ProductId, RESERVATION_TIME, ReservationTime, TicketNumber, TicketNumberKey, UNIX_SECONDS_MAX, UNIX_SECONDS_MIN, Ymd } from './ids'
import { formatMessages } from './validation-messages'
import {
  AUTH_CODE_MAX,
  capped,
  CONCERN_MAX,
  emailField,
  ID_MAX,
  LABEL_MAX,
  LP_SOURCE_MAX,
  MENU_ITEMS_MAX,
  nameField,
  noControlChars,
  PASSWORD_MAX,
  passwordField,
  phoneField,
  RATING_COMMENT_MAX,
  RATING_DETAIL_MAX,
  RECAPTCHA_TOKEN_MAX,
  requiredToken,
  SURVEY_ANSWERS_MAX,
  TOKEN_MAX,
  URL_MAX,
} from './fields'
import { fieldMessages as m } from './messages'
import { Receipt, ReceiptAddresseeRequest, ReceiptRequest } from './receipt'
import { LoginRequest, Member, OkResponse } from './session-calls'
import { RoomAccessRequest, RoomAccessResponse } from './room'

export { LoginForm, Member } from './session-calls'

/**
 * The registry of product API calls (product.md §7). Both sides read it:
 *  - server/ mounts each entry at `/api/<name>`, validates the request with `request`
 *    (query for GET, JSON body for POST) and answers 400 `{ message }` when it fails;
 *  - src/api/ builds a typed client from it and parses every response with `response`.
 * Names are the spec's, typos included. Where the spec does not show a method, reads are GET and
 * writes POST (docs/api.md).
 */
export type CallSpec = {
  method: 'GET' | 'POST'
  /** true: bearer token required; false: anonymous call. */
  auth: boolean
  request: v.GenericSchema
  response: v.GenericSchema
}


/**
 * A whole number in a query string. Query values arrive as strings; the client may pass a number
 * (the URL builder stringifies it). Output is always a number.
 */
const queryInt = (message = 'must be a whole number') =>
  v.pipe(
    v.union([v.pipe(v.number(), v.integer(message)), v.pipe(v.string(), v.maxLength(16, message), v.regex(/^\d+$/, message))], message),
    v.transform((x) => Number(x)),
  )



// ---- user-data
export const UserDataKind = v.picklist([
  'MEMBER',
  'INFORMATION',
  'BUSSINESS_HOLIDAY',
  'MEMBER_COUPON',
  'MEMBER_INTERVIEW_TICKET',
  'MEMBER_SUPPORT_TICKET',
])
export type UserDataKind = v.InferOutput<typeof UserDataKind>


export const UserDataRequest = v.object({ data: UserDataKind })
export type UserDataRequest = v.InferInput<typeof UserDataRequest>

/**
 * One response shape for every `data` value; each value fills its own part:
 * MEMBER → the member's fields; INFORMATION → informationList + campaignList;
 * BUSSINESS_HOLIDAY → businnesHoliday; MEMBER_COUPON → couponList (held, unused, not expired);
 * MEMBER_INTERVIEW_TICKET → interviewtTicketList; MEMBER_SUPPORT_TICKET → supportTicketList
 * (SUPPORT and ADD tickets; TIP purchases appear only in purchase-list).
 */
export const UserDataResponse = v.object({
  ...v.partial(Member).entries,
  interviewtTicketList: v.optional(v.array(Ticket)),
  supportTicketList: v.optional(v.array(Ticket)),
  couponList: v.optional(v.array(Coupon)),
  informationList: v.optional(v.array(Notice)),
  campaignList: v.optional(v.array(Notice)),
  businnesHoliday: v.optional(v.array(BusinessHoliday)),
})
export type UserDataResponse = v.InferOutput<typeof UserDataResponse>

// ---- products and menus
export const NowOnSaleProductsRequest = v.object({ productType: ProductType })
export const NowOnSaleProductsResponse = v.object({ productList: v.array(Product) })

export const ReservationMenuListRequest = v.object({ estimatedMinute: queryInt('estimatedMinute must be a number') })
export const ReservationMenuListResponse = v.object({ reservationMenuList: v.array(ReservationMenu) })

// ---- signup (product.md §3 signup payload) and its completion from the mailed link
export const SignupRequest = v.object({
  memberLastname: nameField(m.lastnameRequired, m.lastnameTooLong),
  memberFirstname: nameField(m.firstnameRequired, m.firstnameTooLong),
  phoneNumber: phoneField(m.phoneSignup),
  email: emailField,
  password: passwordField,
  /** How-you-heard survey answers (absent in the landing-page variant). */
  registrationAnswers: v.optional(v.pipe(v.array(capped(LABEL_MAX)), v.maxLength(SURVEY_ANSWERS_MAX)), []),
  source: SignupSource,
  recaptchaToken: capped(RECAPTCHA_TOKEN_MAX),
  lpSource: v.optional(v.nullable(capped(LP_SOURCE_MAX))),
  chatbotSourceUrl: v.optional(v.nullable(capped(URL_MAX))),
  /**
   * Ours: the code of the coupon link the visitor came from (/get-coupon → /login → /signup). Kept
   * with the registration and handed back by signup-complete, so the first login claims it.
   */
  couponCode: v.optional(v.nullable(capped(ID_MAX))),
})
export type SignupRequest = v.InferOutput<typeof SignupRequest>

/** Our name: completes a registration from the link mailed by signup-request. */
export const SignupCompleteRequest = v.object({ token: requiredToken })
/**
 * `alreadyCompleted`: the link was completed before (a reload, a second click, another browser):
 * the registration stands and the page says so instead of failing.
 */
export const SignupCompleteResponse = v.object({
  email: v.string(),
  memberId: v.string(),
  alreadyCompleted: v.optional(v.boolean()),
  /** The coupon the signup came with (`SignupRequest.couponCode`), to claim at the first login. */
  couponCode: v.optional(v.string()),
})

// ---- tickets and reservations
export const TicketDataRequest = v.object({ ticketNumber: TicketNumber, action: TicketAction })
export const TicketDataResponse = Ticket

// ---- no-call-report (our addition, docs/decisions.md 86)
/** The member tells us that no call came for their consultation: own ticket, once, within 24 hours after its end. */
export const NoCallReportRequest = v.object({ ticketNumber: TicketNumber })
export const NoCallReportResponse = v.object({ noCallReportedUnixTime: v.number() })

export const ReservationScheduleRequest = v.object({
  dt: Ymd,
  /** Optional in the schema so a missing value answers the spec's `minutesToSupport None` (§8). */
  minutesToSupport: v.optional(queryInt('minutesToSupport None')),
  updateTargetTicketNumber: v.optional(TicketNumberKey),
})
export const ReservationScheduleResponse = v.object({
  /** The day actually served, YYYYMMDD: the next bookable day when `dt` is not bookable. */
  selectDate: v.string(),
  staffSchedules: v.array(StaffSchedule),
  noAssignSchedules: SlotMap,
  isAvailableAnyTime: v.boolean(),
  /** Our addition: the bookable window, YYYYMMDD, today … today+14 (JST). */
  firstDate: v.string(),
  lastDate: v.string(),
})
export type ReservationScheduleResponse = v.InferOutput<typeof ReservationScheduleResponse>

export const UpdateReservationDateRequest = v.object({
  ticketNumber: TicketNumber,
  /** Empty or absent: no preference (the server assigns a consultant). */
  staffId: v.optional(v.nullable(capped(ID_MAX))),
  reservationTime: ReservationTime,
  minutesToSupport: v.number(),
})
export const UpdateReservationDateResponse = v.object({
  ticketNumber: v.string(),
  reservationTime: v.string(),
  staffId: v.string(),
})

// ---- rating
export const RatingDetailScore = v.object({
  title: capped(LABEL_MAX),
  score: v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(5)),
})
export const TipData = v.object({ productId: ProductId, price: v.number() })
export const RatingRequest = v.object({
  ticketNumber: TicketNumber,
  memberTotalScore: v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(5)),
  /** product.md §5: four sub-scores. */
  memberDetailScore: v.pipe(v.array(RatingDetailScore), v.maxLength(RATING_DETAIL_MAX)),
  ratingComment: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(RATING_COMMENT_MAX, m.ratingCommentTooLong)), ''),
  /** true when the member chose a tip; the tip itself is paid by `charge` (TIP, parentTicketNumber). */
  tip: v.optional(v.boolean(), false),
  tipData: v.optional(v.nullable(TipData)),
})
export type RatingRequest = v.InferOutput<typeof RatingRequest>

// ---- purchase history
export const PurchaseListRequest = v.object({
  /** `YYYY` (2023 … this year) or absent / `LAST_3_MONTHS` for the past 3 months (product.md §9). */
  period: v.optional(v.union([v.literal('LAST_3_MONTHS'), v.pipe(v.string(), v.maxLength(4, 'period must be YYYY'), v.regex(/^\d{4}$/, 'period must be YYYY'))])),
  // lastEvaluatedKey of the previous page, flattened into the query (product.md §7).
  memberId: v.optional(MemberId),
  ticketNumber: v.optional(TicketNumberKey),
  purchaseTime: v.optional(v.pipe(queryInt(formatMessages.timeSpan), v.minValue(UNIX_SECONDS_MIN, formatMessages.timeSpan), v.maxValue(UNIX_SECONDS_MAX, formatMessages.timeSpan))),
})
export const PurchaseListResponse = v.object({
  ticketList: v.array(PurchaseItem),
  /** null on the last page. */
  lastEvaluatedKey: v.nullable(LastEvaluatedKey),
})

// ---- account
export const PasswordResetRequestRequest = v.object({ email: emailField })
export const PasswordResetRequest = v.pipe(
  v.object({
    authCode: v.pipe(v.string(), v.trim(), v.nonEmpty(m.authCodeRequired), v.maxLength(AUTH_CODE_MAX)),
    email: emailField,
    newPassword: v.pipe(v.string(), v.maxLength(PASSWORD_MAX, m.resetPasswordRule), v.regex(/^[\x21-\x7e]{6,12}$/, m.resetPasswordRule)),
    // Longer than any password, so it cannot match: the mismatch message, as before the cap.
    newPasswordConfirm: v.pipe(v.string(), v.maxLength(PASSWORD_MAX, m.resetPasswordMismatch)),
  }),
  v.forward(v.check((x) => x.newPassword === x.newPasswordConfirm, m.resetPasswordMismatch), ['newPasswordConfirm']),
)
const newPasswordEntries = {
  newPassword: v.pipe(v.string(), v.maxLength(PASSWORD_MAX, m.passwordRule), v.regex(/^[\x21-\x7e]{6,12}$/, m.passwordRule)),
  newPasswordConfirm: v.pipe(v.string(), v.maxLength(PASSWORD_MAX, m.changePasswordMismatch)),
}
export const PasswordChangeRequest = v.pipe(
  v.object(newPasswordEntries),
  v.forward(v.check((x) => x.newPassword === x.newPasswordConfirm, m.changePasswordMismatch), ['newPasswordConfirm']),
)
/**
 * The password-change form: the request's two fields and the current password, which the browser
 * gives only to the identity provider to re-authenticate (never to our server, which checks that
 * the token's sign-in is recent instead: docs/server.md "Password change").
 */
export const PasswordChangeForm = v.pipe(
  v.object({ currentPassword: v.pipe(v.string(), v.nonEmpty(m.currentPasswordRequired), v.maxLength(TOKEN_MAX, m.currentPasswordWrong)), ...newPasswordEntries }),
  v.forward(v.check((x) => x.newPassword === x.newPasswordConfirm, m.changePasswordMismatch), ['newPasswordConfirm']),
)
export const UserUpdateRequest = v.object({
  memberLastname: nameField(m.profileRequired, m.nameTooLong),
  memberFirstname: nameField(m.profileRequired, m.nameTooLong),
  phoneNumber: phoneField(m.phoneProfile),
})
export const UserUpdateResponse = v.object({ message: v.string(), member: Member })
export const EmailChangeRequest = v.object({ email: emailField })
/** Our name: completes an e-mail change from the mailed link. */
export const EmailChangeCompleteRequest = v.object({ token: requiredToken })
/** `alreadyCompleted`: this change was applied before and is still the member's address. */
export const EmailChangeCompleteResponse = v.object({ email: v.string(), alreadyCompleted: v.optional(v.boolean()) })
export const CancelAccountRequest = v.object({})

// ---- payment
export const ChargeDataRequest = v.object({
  productId: ProductId,
  staffId: v.optional(capped(ID_MAX)),
  /** ADD/TIP: the member's own consultation it is bought on (answered as `parent`). */
  parentTicketNumber: v.optional(capped(ID_MAX)),
})
export const ChargeDataResponse = v.object({
  product: v.object({
    productId: v.string(),
    productType: ProductType,
    productName: v.string(),
    minutesToSupport: v.number(),
    price: v.number(),
  }),
  /** The member's saved card, null when none. */
  creditcard: v.nullable(SavedCard),
  availableCardBrandList: v.array(CardBrand),
  /** The requested consultant, null without staffId. */
  staff: v.nullable(StaffProfile),
  /**
   * The consultation an extension (ADD) or tip is bought on, null without parentTicketNumber: the
   * order summary says which one it extends (docs/product.md §2 "/buy").
   */
  parent: v.optional(
    v.nullable(v.object({ ticketNumber: v.string(), reservationTime: v.string(), minutesToSupport: v.number(), staffNickname: v.nullable(v.string()) })),
  ),
})
export type ChargeDataResponse = v.InferOutput<typeof ChargeDataResponse>

export const CouponValidRequest = v.object({
  productId: ProductId,
  couponCode: CouponCode,
})
export const CouponValidResponse = v.object({
  couponAvailable: v.boolean(),
  /** The product's price before the coupon. */
  price: v.number(),
  /** The amount to pay with the coupon applied (= price when not available). */
  couponPrice: v.number(),
})

/** A menu item as the charge request carries it: the ticket's item shape, with caps. */
export const ChargeMenuItem = v.object({
  menuId: capped(ID_MAX),
  menuTitle: capped(LABEL_MAX),
  estimatedMinute: v.number(),
})

export const ChargeRequest = v.object({
  productId: ProductId,
  /** A saved card's id, or '' to pay with cardToken. */
  cardId: v.optional(capped(TOKEN_MAX), ''),
  /** The payment provider's token (sandbox: tokenId) when paying with a new card. */
  cardToken: v.optional(capped(TOKEN_MAX), ''),
  saveCard: v.optional(v.boolean(), false),
  parentTicketNumber: v.optional(v.nullable(capped(ID_MAX))),
  /** Empty or absent: no preference. */
  staffId: v.optional(v.nullable(capped(ID_MAX))),
  couponCode: v.optional(v.nullable(capped(ID_MAX))),
  /** `SUPPORT-YYYYMMDD-HH-MM` for SUPPORT, the product type alone otherwise (product.md §3). */
  reservationTime: v.pipe(v.string(), v.maxLength(ID_MAX), noControlChars, v.check((s) => { const m = RESERVATION_TIME.exec(s); return !m || inDaySpan(m[1]) }, formatMessages.daySpan)),
  reservationMenuList: v.optional(v.pipe(v.array(ChargeMenuItem), v.maxLength(MENU_ITEMS_MAX)), []),
  supportType: v.optional(v.nullable(SupportType)),
  reserveNow: v.optional(v.nullable(v.union([v.boolean(), capped(LABEL_MAX)]))),
  counsellingComment: v.optional(v.nullable(v.pipe(v.string(), v.maxLength(CONCERN_MAX, 'counsellingComment is at most 500 characters')))),
  contactDevice: v.optional(v.nullable(ContactDevice)),
  contactOs: v.optional(v.nullable(ContactOs)),
  remoteSupport: v.optional(v.nullable(RemoteSupport)),
})
export type ChargeRequest = v.InferOutput<typeof ChargeRequest>
/** The charge request as a client writes it (plain strings; the server's parse brands them). */
export type ChargePayload = v.InferInput<typeof ChargeRequest>
export const ChargeResponse = v.object({
  ticketNumber: v.string(),
  receiptNumber: v.string(),
  productType: ProductType,
  amount: v.number(),
  couponCode: v.nullable(v.string()),
})
export type ChargeResponse = v.InferOutput<typeof ChargeResponse>

/**
 * What became of one purchase attempt of the caller, by its Idempotency-Key:
 * the checkout asks before offering to pay again after a reload or Back.
 */
export const ChargeAttemptRequest = v.object({ idempotencyKey: requiredToken })
export const ChargeAttemptResponse = v.object({
  /** NONE: never seen; PENDING: still being charged; SUCCEEDED: paid (result); FAILED: nothing kept. */
  status: v.picklist(['NONE', 'PENDING', 'SUCCEEDED', 'FAILED']),
  result: v.nullable(ChargeResponse),
})
export type ChargeAttemptResponse = v.InferOutput<typeof ChargeAttemptResponse>

export const TdsFinishRequest = v.object({ tokenId: requiredToken })
/** Spec §4: "on status 200 with a data id the charge is submitted". */
export const TdsFinishResponse = v.object({
  status: v.literal(200),
  data: v.object({ data: v.object({ id: v.string() }) }),
})

export const GetCouponRequest = v.object({
  couponCode: CouponCode,
  /** Sent by the spec's client; the server always uses the caller's own member id. */
  memberId: v.optional(v.nullable(MemberId)),
})
/** `alreadyCompleted`: the member already holds this coupon (a reopened link). */
export const GetCouponResponse = v.object({ message: v.optional(v.string()), alreadyCompleted: v.optional(v.boolean()) })

// ---- sandbox payment provider (our own, docs/design.md "Payments"): card fields → token
export const SandboxTokenRequest = v.object({
  number: v.pipe(v.string(), v.maxLength(32, 'カード番号は半角数字14〜16桁で入力してください'), v.transform((s) => s.replace(/[\s-]/g, '')), v.regex(/^\d{14,16}$/, 'カード番号は半角数字14〜16桁で入力してください')),
  expMonth: v.pipe(v.number(), v.integer(), v.minValue(1, '有効期限が正しくありません'), v.maxValue(12, '有効期限が正しくありません')),
  /** Four digits (2030) or two (30). */
  expYear: v.pipe(v.number(), v.integer(), v.minValue(0, '有効期限が正しくありません'), v.maxValue(2100, '有効期限が正しくありません')),
  cvc: v.pipe(v.string(), v.maxLength(4, 'セキュリティコードが正しくありません'), v.regex(/^\d{3,4}$/, 'セキュリティコードが正しくありません')),
  name: v.pipe(v.string(), v.trim(), v.nonEmpty('カード名義を入力してください'), v.maxLength(45)),
})
export const SandboxTokenResponse = v.object({
  tokenId: v.string(),
  threeDSecure: v.picklist(['required', 'frictionless']),
  card: v.object({ brand: v.string(), last4: v.string() }),
})
export type SandboxTokenResponse = v.InferOutput<typeof SandboxTokenResponse>

// ---- Stripe provider (docs/design.md "Payments"): the SetupIntent that runs 3-D Secure for a new card
export const StripeSetupIntentRequest = v.object({
  /** The PaymentMethod created in the browser by the card elements (our card token). */
  paymentMethodId: v.pipe(
    v.string(),
    v.maxLength(TOKEN_MAX, 'paymentMethodId must be a PaymentMethod id'),
    v.regex(/^pm_[A-Za-z0-9_]+$/, 'paymentMethodId must be a PaymentMethod id'),
  ),
  /** Absolute /buy URL on the app's origin that Stripe returns to after the challenge. */
  returnUrl: v.pipe(v.string(), v.maxLength(URL_MAX), v.url('returnUrl must be an absolute URL')),
})
export const StripeSetupIntentResponse = v.object({
  /** The bank's 3-D Secure page; null when the card needs no challenge (go on to tdsFinish). */
  redirectUrl: v.nullable(v.string()),
})

export const calls = {
  login: { method: 'POST', auth: false, request: LoginRequest, response: OkResponse },
  'user-data': { method: 'GET', auth: true, request: UserDataRequest, response: UserDataResponse },
  'nowonsale-products': { method: 'GET', auth: true, request: NowOnSaleProductsRequest, response: NowOnSaleProductsResponse },
  'reservation-menu-list': { method: 'GET', auth: true, request: ReservationMenuListRequest, response: ReservationMenuListResponse },
  'signup-request': { method: 'POST', auth: false, request: SignupRequest, response: OkResponse },
  'signup-complete': { method: 'POST', auth: false, request: SignupCompleteRequest, response: SignupCompleteResponse },
  'ticket-data': { method: 'GET', auth: true, request: TicketDataRequest, response: TicketDataResponse },
  'reservation-schedule': { method: 'GET', auth: true, request: ReservationScheduleRequest, response: ReservationScheduleResponse },
  'update-resevation-date': { method: 'POST', auth: true, request: UpdateReservationDateRequest, response: UpdateReservationDateResponse },
  rating: { method: 'POST', auth: true, request: RatingRequest, response: OkResponse },
  'no-call-report': { method: 'POST', auth: true, request: NoCallReportRequest, response: NoCallReportResponse },
  'purchase-list': { method: 'GET', auth: true, request: PurchaseListRequest, response: PurchaseListResponse },
  // A receipt of the member's own payment: each call is one issue (the second says 再発行), so POST.
  receipt: { method: 'POST', auth: true, request: ReceiptRequest, response: Receipt },
  'receipt-addressee': { method: 'POST', auth: true, request: ReceiptAddresseeRequest, response: Receipt },
  'password-reset-request': { method: 'POST', auth: false, request: PasswordResetRequestRequest, response: OkResponse },
  'password-reset': { method: 'POST', auth: false, request: PasswordResetRequest, response: OkResponse },
  'password-change': { method: 'POST', auth: true, request: PasswordChangeRequest, response: OkResponse },
  'user-update': { method: 'POST', auth: true, request: UserUpdateRequest, response: UserUpdateResponse },
  'email-change-request': { method: 'POST', auth: true, request: EmailChangeRequest, response: OkResponse },
  'email-change-complete': { method: 'POST', auth: false, request: EmailChangeCompleteRequest, response: EmailChangeCompleteResponse },
  'cancel-account': { method: 'POST', auth: true, request: CancelAccountRequest, response: OkResponse },
  'charge-data': { method: 'GET', auth: true, request: ChargeDataRequest, response: ChargeDataResponse },
  'coupon-valid': { method: 'GET', auth: true, request: CouponValidRequest, response: CouponValidResponse },
  charge: { method: 'POST', auth: true, request: ChargeRequest, response: ChargeResponse },
  tdsFinish: { method: 'POST', auth: true, request: TdsFinishRequest, response: TdsFinishResponse },
  'get-coupon': { method: 'POST', auth: true, request: GetCouponRequest, response: GetCouponResponse },
  'charge-attempt': { method: 'GET', auth: true, request: ChargeAttemptRequest, response: ChargeAttemptResponse },
  // A token belongs to the member who made it, as a PaymentMethod to a Customer.
  'sandbox/tokens': { method: 'POST', auth: true, request: SandboxTokenRequest, response: SandboxTokenResponse },
  'stripe/setup-intents': { method: 'POST', auth: true, request: StripeSetupIntentRequest, response: StripeSetupIntentResponse },
  // The member's side of the online consultation room (contract/room.ts): only the ticket's member.
  'room-access': { method: 'GET', auth: true, request: RoomAccessRequest, response: RoomAccessResponse },
} as const satisfies Record<string, CallSpec>

export type CallName = keyof typeof calls
export type CallRequest<N extends CallName> = v.InferInput<(typeof calls)[N]['request']>
export type CallResponse<N extends CallName> = v.InferOutput<(typeof calls)[N]['response']>

/** Header carrying the charge's idempotency key (one per purchase attempt, kept across 3-D Secure). */
export const IDEMPOTENCY_HEADER = 'Idempotency-Key'

/** Sandbox test cards (docs/payments.md). */
export const sandboxTestCards = {
  approved: '4242424242424242',
  challenge: '4000002760003184',
  declined: '4000000000000002',
  rateLimitedTwice: '4000000000004293',
} as const

/**
 * The statuses a load balancer answers in place of our server (it died or did not answer in
 * time): our server never sends them, so what became of the request is unknown.
 */
export const GATEWAY_STATUSES = [502, 503, 504] as const
