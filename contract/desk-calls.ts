import * as v from 'valibot'
import { CouponProduct, ProductType, StaffGender, Ticket } from './entities'
import { deskMessages as dm } from './desk-messages'
import { EMAIL_MAX, emailField, ID_MAX, LABEL_MAX, noControlChars, UID_MAX } from './fields'
import { inDaySpan, productIdField } from './ids'
import { Receipt, ReceiptNumber, ViewId } from './receipt'
import { RoomStay } from './room'
import { parseYmd, plusDays } from './reservation-time'
import type { StaffRegistry } from './staff-calls'
import { formatMessages } from './validation-messages'

/**
 * The operator's desk (docs/api.md "Operator's desk"): notices and campaigns, coupons, products and
 * menus, consultants, members and their mails, refunds, the audit trail. Shaped like
 * contract/staff-calls.ts and mounted the same way (server/http/staff.ts `mountStaffCalls`) at
 * `/api/staff/<name>`, every call for the operator role only. Requests are strict objects: an
 * unknown field is a 400, as is a value of the wrong type or beyond its cap.
 *
 * Edits of a coupon, product, menu item, notice or consultant carry the `version` they were read
 * at; a row changed since answers 409 `changedByOther` and nothing is written.
 */

// ---- shared pieces

const strict = <E extends v.ObjectEntries>(entries: E) => v.strictObject(entries, dm.unknownField)

/** A whole number in a query string (GET) or a JSON number. */
const queryInt = (min: number, max: number, message: string) =>
  v.pipe(
    v.union([v.number(message), v.pipe(v.string(message), v.maxLength(10, message), v.regex(/^\d+$/, message), v.transform(Number))], message),
    v.integer(message),
    v.minValue(min, message),
    v.maxValue(max, message),
  )
const int = (min: number, max: number, message: string) => v.pipe(v.number(message), v.integer(message), v.minValue(min, message), v.maxValue(max, message))
const text = (max: number, required: string, tooLong: string) => v.pipe(v.string(required), v.trim(), v.nonEmpty(required), v.maxLength(max, tooLong), noControlChars)

export const Version = int(1, 2_147_483_647, dm.versionRequired)
/** Unix seconds (JST is the client's presentation). 2000-01-01 … 2100-01-01. */
export const UnixSeconds = int(946_684_800, 4_102_444_800, dm.timeInvalid)
/** 1-based page; pageSize 1–100 (default 20). */
export const Paging = { page: v.optional(queryInt(1, 100_000, dm.pageInvalid), 1), pageSize: v.optional(queryInt(1, 100, dm.pageSizeInvalid), 20) }
/** A paged list answers its rows and how many there are in all. */
const paged = <S extends v.GenericSchema>(item: S) => v.object({ items: v.array(item), total: v.number(), page: v.number(), pageSize: v.number() })
/** A day of a filter: `YYYYMMDD` within the span of days (contract/ids.ts DAY_MIN … DAY_MAX). */
const YmdQuery = v.pipe(v.string(dm.dateInvalid), v.regex(/^\d{8}$/, dm.dateInvalid), v.check(inDaySpan, formatMessages.daySpan))

export const CONTENT_MAX = 1000
export const NOTICE_TITLE_MAX = 100
export const COUPON_NAME_MAX = LABEL_MAX
export const DISCOUNT_MAX = 1_000_000
export const PRICE_MAX = 1_000_000
export const MAX_CLAIMS_MAX = 1_000_000
export const NICKNAME_MAX = 25
/** The largest image an operator may upload, in bytes (before it is resized and re-encoded). */
export const IMAGE_MAX_BYTES = 2 * 1024 * 1024
/** Base64 of IMAGE_MAX_BYTES. */
export const IMAGE_BASE64_MAX = Math.ceil(IMAGE_MAX_BYTES / 3) * 4
/** The body limit of `desk-image-upload`: the base64 image and a little JSON around it. */
export const IMAGE_UPLOAD_BODY_MAX = IMAGE_BASE64_MAX + 4096
export const REFUND_REASON_MAX = 200
/** The refund's internal note: kept in the audit trail only, never shown or mailed to the member. */
export const REFUND_NOTE_MAX = 500
export const SEARCH_MAX = 100
/** Coupon codes go into the claim link `/get-coupon?couponCode=…`: URL-safe characters only. */
export const COUPON_CODE_PATTERN = /^[A-Za-z0-9_-]{1,64}$/

export const Ok = v.object({ message: v.optional(v.string()) })

// ---- notices and campaigns (お知らせ / キャンペーン; docs/product.md §3 Information and campaign entry)

export const NoticeKind = v.picklist(['INFORMATION', 'CAMPAIGN'], dm.kindInvalid)
/** SCHEDULED: before its window; PUBLISHED: members see it; ENDED: after its window; WITHDRAWN: taken down. */
export const NoticeState = v.picklist(['SCHEDULED', 'PUBLISHED', 'ENDED', 'WITHDRAWN'], dm.statusInvalid)
export const DeskNotice = v.object({
  id: v.number(),
  kind: NoticeKind,
  /** A short heading above the content; '' when none. */
  title: v.string(),
  /** Paragraphs on blank lines, line breaks kept; https: URLs and site paths become links (src/ui/notice-text.tsx). */
  content: v.string(),
  /** What members see as the date (unix seconds): the start of the window, or the last edit. */
  updateTime: v.number(),
  publishFrom: v.nullable(v.number()),
  publishUntil: v.nullable(v.number()),
  withdrawnAt: v.nullable(v.number()),
  state: NoticeState,
  version: v.number(),
})
export type DeskNotice = v.InferOutput<typeof DeskNotice>

export const DeskNoticesRequest = strict({ kind: v.optional(NoticeKind), state: v.optional(NoticeState), ...Paging })
export const DeskNoticesResponse = paged(DeskNotice)

/** Without `id`: a new notice. With `id` and `version`: an edit of that notice. */
export const DeskNoticeSaveRequest = v.pipe(
  strict({
    id: v.optional(int(1, Number.MAX_SAFE_INTEGER, dm.idInvalid)),
    version: v.optional(Version),
    kind: NoticeKind,
    /** Optional: '' (or absent) for none. One line. */
    title: v.optional(v.pipe(v.string(dm.titleTooLong), v.trim(), v.maxLength(NOTICE_TITLE_MAX, dm.titleTooLong), v.check((s) => !/[\r\n]/.test(s), dm.titleOneLine), noControlChars), ''),
    content: text(CONTENT_MAX, dm.contentRequired, dm.contentTooLong),
    /** null or absent: published at once. */
    publishFrom: v.optional(v.nullable(UnixSeconds), null),
    /** null or absent: no end. */
    publishUntil: v.optional(v.nullable(UnixSeconds), null),
  }),
  v.forward(v.check((x) => x.publishFrom === null || x.publishUntil === null || x.publishUntil > x.publishFrom, dm.windowInvalid), ['publishUntil']),
  v.forward(v.check((x) => x.id === undefined || x.version !== undefined, dm.versionRequired), ['version']),
)
export type DeskNoticeSaveRequest = v.InferOutput<typeof DeskNoticeSaveRequest>
export const DeskNoticeResponse = v.object({ notice: DeskNotice })
export const DeskNoticeWithdrawRequest = strict({ id: int(1, Number.MAX_SAFE_INTEGER, dm.idInvalid), version: Version })

// ---- coupons (docs/product.md §3 Coupon; claim link /get-coupon?couponCode=…)

export const CouponState = v.picklist(['ACTIVE', 'FULL', 'EXPIRED', 'STOPPED'], dm.statusInvalid)
export const DeskCoupon = v.object({
  couponCode: v.string(),
  couponName: v.string(),
  discountPrice: v.number(),
  /** Unix seconds. */
  expire: v.number(),
  availableProductList: v.array(CouponProduct),
  /** null: no limit. */
  maxClaims: v.nullable(v.number()),
  claimCount: v.number(),
  useCount: v.number(),
  stoppedAt: v.nullable(v.number()),
  state: CouponState,
  /** `/get-coupon?couponCode=…` (path and query; the page puts the app's origin in front). */
  claimPath: v.string(),
  version: v.number(),
})
export type DeskCoupon = v.InferOutput<typeof DeskCoupon>

export const DeskCouponsRequest = strict({ state: v.optional(CouponState), ...Paging })
export const DeskCouponsResponse = paged(DeskCoupon)

export const CouponCodeField = v.pipe(v.string(dm.couponCodeInvalid), v.trim(), v.regex(COUPON_CODE_PATTERN, dm.couponCodeInvalid))
export const DeskCouponProduct = strict({
  productType: v.picklist(ProductType.options, dm.productTypeInvalid),
  /** null: any minutes of that type. */
  minutesToSupport: v.nullable(int(0, 600, dm.minutesInvalid)),
})
/** Without `version`: a new coupon (its code must be new). With `version`: an edit (the code is its key and never changes). */
export const DeskCouponSaveRequest = strict({
  couponCode: CouponCodeField,
  version: v.optional(Version),
  couponName: text(COUPON_NAME_MAX, dm.couponNameRequired, dm.couponNameTooLong),
  discountPrice: int(1, DISCOUNT_MAX, dm.discountInvalid),
  expire: UnixSeconds,
  availableProductList: v.pipe(v.array(DeskCouponProduct, dm.productsRequired), v.minLength(1, dm.productsRequired), v.maxLength(20, dm.productsRequired)),
  maxClaims: v.optional(v.nullable(int(1, MAX_CLAIMS_MAX, dm.maxClaimsInvalid)), null),
})
export type DeskCouponSaveRequest = v.InferOutput<typeof DeskCouponSaveRequest>
export const DeskCouponResponse = v.object({ coupon: DeskCoupon })
export const DeskCouponStopRequest = strict({ couponCode: CouponCodeField, version: Version })

export const DeskCouponClaim = v.object({
  memberId: v.string(),
  /** 姓 名 of the member. */
  memberName: v.string(),
  email: v.string(),
  claimedAt: v.number(),
  usedAt: v.nullable(v.number()),
  usedTicketNumber: v.nullable(v.string()),
})
export const DeskCouponClaimsRequest = strict({ couponCode: CouponCodeField, ...Paging })
export const DeskCouponClaimsResponse = paged(DeskCouponClaim)

// ---- products and reservation menu items (docs/product.md §3 Sale product, Reservation menu item)

export const DeskProduct = v.object({
  productId: v.string(),
  productType: ProductType,
  productName: v.string(),
  /** Yen, tax included: what the next purchase pays (a purchase made keeps its own price). */
  price: v.number(),
  minutesToSupport: v.number(),
  showOnMypage: v.boolean(),
  sortOrder: v.number(),
  version: v.number(),
})
export type DeskProduct = v.InferOutput<typeof DeskProduct>
export const DeskProductsRequest = strict({ productType: v.optional(v.picklist(ProductType.options, dm.productTypeInvalid)) })
export const DeskProductsResponse = v.object({ items: v.array(DeskProduct) })
export const DeskProductSaveRequest = strict({
  productId: productIdField(dm.productNotFound),
  version: Version,
  productName: text(LABEL_MAX, dm.productNameRequired, dm.productNameTooLong),
  price: int(0, PRICE_MAX, dm.priceInvalid),
  showOnMypage: v.boolean(),
})
export type DeskProductSaveRequest = v.InferOutput<typeof DeskProductSaveRequest>
export const DeskProductResponse = v.object({ product: DeskProduct })

export const DeskMenu = v.object({
  menuId: v.string(),
  menuTitle: v.string(),
  imageUrl: v.string(),
  estimatedMinute: v.number(),
  sortOrder: v.number(),
  version: v.number(),
})
export type DeskMenu = v.InferOutput<typeof DeskMenu>
export const DeskMenusRequest = strict({ estimatedMinute: v.optional(queryInt(0, 600, dm.minutesInvalid)) })
export const DeskMenusResponse = v.object({ items: v.array(DeskMenu) })
/** A site path: `/images/…` (the app's own files) or `/api/images/<id>` (an upload). */
export const ImagePath = v.pipe(v.string(dm.imageUrlInvalid), v.maxLength(255, dm.imageUrlInvalid), v.regex(/^\/(?:images|api\/images)\/[A-Za-z0-9._/-]+$/, dm.imageUrlInvalid), v.check((s) => !s.includes('..'), dm.imageUrlInvalid))
/** Without `menuId`: a new item. With `menuId` and `version`: an edit. */
export const DeskMenuSaveRequest = v.pipe(
  strict({
    menuId: v.optional(v.pipe(v.string(dm.menuNotFound), v.nonEmpty(dm.menuNotFound), v.maxLength(ID_MAX, dm.menuNotFound))),
    version: v.optional(Version),
    menuTitle: text(LABEL_MAX, dm.menuTitleRequired, dm.menuTitleTooLong),
    imageUrl: ImagePath,
    estimatedMinute: int(30, 600, dm.minutesInvalid),
    sortOrder: v.optional(int(0, 9999, dm.sortOrderInvalid), 0),
  }),
  v.forward(v.check((x) => x.menuId === undefined || x.version !== undefined, dm.versionRequired), ['version']),
)
export type DeskMenuSaveRequest = v.InferOutput<typeof DeskMenuSaveRequest>
export const DeskMenuResponse = v.object({ menu: DeskMenu })
export const DeskMenuDeleteRequest = strict({ menuId: v.pipe(v.string(dm.menuNotFound), v.nonEmpty(dm.menuNotFound), v.maxLength(ID_MAX, dm.menuNotFound)), version: Version })

// ---- images (consultant photos, menu images)

export const ImagePurpose = v.picklist(['STAFF', 'MENU'], dm.purposeInvalid)
/**
 * The file as base64 (the typed client sends JSON). The server decides the type by the bytes
 * (JPEG, PNG, WebP or GIF; never by the name or a declared type), refuses anything else, and
 * stores a resized WebP re-encoded by sharp: STAFF 400×400 (cropped square), MENU within 800×800.
 */
export const DeskImageUploadRequest = strict({
  purpose: ImagePurpose,
  fileName: v.optional(v.pipe(v.string(dm.fileNameInvalid), v.maxLength(255, dm.fileNameInvalid))),
  dataBase64: v.pipe(
    v.string(dm.imageDataInvalid),
    v.nonEmpty(dm.imageDataInvalid),
    v.maxLength(IMAGE_BASE64_MAX, dm.imageTooLarge),
    v.regex(/^[A-Za-z0-9+/]+={0,2}$/, dm.imageDataInvalid),
  ),
})
export const DeskImageUploadResponse = v.object({
  imageId: v.string(),
  /** `/api/images/<imageId>`: put it in staffImageUrl or a menu's imageUrl. */
  imageUrl: v.string(),
  contentType: v.string(),
  width: v.number(),
  height: v.number(),
})

// ---- consultants (docs/product.md §3 Staff schedule)

export const DeskConsultant = v.object({
  staffId: v.string(),
  staffNickname: v.string(),
  staffAge: v.number(),
  staffGender: StaffGender,
  staffImageUrl: v.nullable(v.string()),
  /** false: no new bookings, not in the member's grid. */
  active: v.boolean(),
  sortOrder: v.number(),
  /** The consultant's own mail address (docs/server.md "Mails to consultants"); null: none set. */
  email: v.nullable(v.string()),
  /** The address of the staff account linked to the row, which is mailed when `email` is null. */
  accountEmail: v.nullable(v.string()),
  /** Bookings from now on (reassign them before deactivating). */
  upcomingBookings: v.number(),
  version: v.number(),
})
export type DeskConsultant = v.InferOutput<typeof DeskConsultant>
export const DeskConsultantsRequest = strict({})
export const DeskConsultantsResponse = v.object({ items: v.array(DeskConsultant) })
/**
 * A consultant's mail address: normalised like every address (contract/fields.ts `emailField`);
 * null clears it (their staff account's address is then used).
 */
export const ConsultantEmail = v.nullable(v.pipe(v.string(dm.consultantEmailInvalid), v.maxLength(EMAIL_MAX, dm.consultantEmailTooLong), emailField))
/**
 * Without `staffId`: a new consultant (`active` as sent, else active). With `staffId` and `version`:
 * a profile edit (`active` is changed by desk-consultant-active, which checks their bookings;
 * `email` absent: kept).
 */
export const DeskConsultantSaveRequest = v.pipe(
  strict({
    staffId: v.optional(v.pipe(v.string(dm.staffNotFound), v.nonEmpty(dm.staffNotFound), v.maxLength(ID_MAX, dm.staffNotFound))),
    version: v.optional(Version),
    staffNickname: text(NICKNAME_MAX, dm.nicknameRequired, dm.nicknameTooLong),
    staffAge: int(18, 99, dm.ageInvalid),
    staffGender: v.picklist(['MALE', 'FEMALE'], dm.genderInvalid),
    /** null: the member's grid shows its fallback image. */
    staffImageUrl: v.optional(v.nullable(ImagePath), null),
    sortOrder: v.optional(int(0, 9999, dm.sortOrderInvalid)),
    email: v.optional(ConsultantEmail),
    active: v.optional(v.boolean(dm.activeInvalid)),
  }),
  v.forward(v.check((x) => x.staffId === undefined || x.version !== undefined, dm.versionRequired), ['version']),
  v.forward(v.check((x) => x.staffId === undefined || x.active === undefined, dm.activeOnEdit), ['active']),
)
export type DeskConsultantSaveRequest = v.InferOutput<typeof DeskConsultantSaveRequest>
export const DeskConsultantResponse = v.object({ consultant: DeskConsultant })
/** Deactivating one who holds bookings from now on answers 409 `staffHoldsBookings` + their ticket numbers. */
export const DeskConsultantActiveRequest = strict({
  staffId: v.pipe(v.string(dm.staffNotFound), v.nonEmpty(dm.staffNotFound), v.maxLength(ID_MAX, dm.staffNotFound)),
  version: Version,
  active: v.boolean(),
})

// ---- members (look-up for support staff)

export const MemberSearchBy = v.picklist(['ANY', 'NAME', 'EMAIL', 'PHONE', 'MEMBER_ID', 'TICKET'], dm.searchByInvalid)
/**
 * ANY: an address (contains @) by e-mail, digits (hyphens ignored) by phone, else a member id, a
 * ticket number or a name. E-mail matches from the start (case-insensitive); a name anywhere in
 * 姓名 with spaces ignored, hiragana and katakana alike, full- and half-width alike (NFKC:
 * docs/product.md §10 "Finding members"); the others exactly. An empty query lists every member,
 * newest first. A cancelled member is listed without personal data (`cancelled`).
 */
export const DeskMembersRequest = strict({
  query: v.optional(v.pipe(v.string(dm.queryRequired), v.trim(), v.maxLength(SEARCH_MAX, dm.queryTooLong)), ''),
  by: v.optional(MemberSearchBy, 'ANY'),
  ...Paging,
})
export const DeskMemberRow = v.object({
  memberId: v.string(),
  /** '' for a cancelled member. */
  email: v.string(),
  /** 姓 名; （退会済み） for a cancelled member. */
  name: v.string(),
  /** '' for a cancelled member. */
  phoneNumber: v.string(),
  createdAt: v.number(),
  /** The member cancelled their account (docs/server.md "Records kept"): no personal data is shown. */
  cancelled: v.boolean(),
})
export const DeskMembersResponse = paged(DeskMemberRow)

export const RefundStatus = v.picklist(['PENDING', 'SUCCEEDED', 'FAILED'])
export const DeskRefund = v.object({
  id: v.number(),
  receiptNumber: v.string(),
  ticketNumber: v.string(),
  amount: v.number(),
  reason: v.string(),
  status: RefundStatus,
  createdAt: v.number(),
  actorUid: v.string(),
})
export type DeskRefund = v.InferOutput<typeof DeskRefund>
export const DeskPurchase = v.object({
  receiptNumber: v.string(),
  ticketNumber: v.string(),
  productType: ProductType,
  productName: v.string(),
  /** What was paid (yen). */
  amount: v.number(),
  amountBeforeCoupon: v.number(),
  couponCode: v.nullable(v.string()),
  purchaseTime: v.number(),
  /** Refunded so far (succeeded refunds). */
  amountRefunded: v.number(),
  /** What may still be refunded: paid − refunded − refunds in progress. */
  refundable: v.number(),
  refunds: v.array(DeskRefund),
})
export type DeskPurchase = v.InferOutput<typeof DeskPurchase>
export const DeskMemberCoupon = v.object({
  couponCode: v.string(),
  couponName: v.string(),
  expire: v.number(),
  claimedAt: v.number(),
  usedAt: v.nullable(v.number()),
  usedTicketNumber: v.nullable(v.string()),
})
export const MailStatus = v.picklist(['PENDING', 'SENT', 'FAILED'], dm.statusInvalid)
export const DeskMail = v.object({
  id: v.number(),
  memberId: v.nullable(v.string()),
  toAddress: v.string(),
  subject: v.string(),
  /** The text as sent; a link or code that was a secret reads ［非表示］. */
  body: v.string(),
  status: MailStatus,
  attempts: v.number(),
  lastError: v.nullable(v.string()),
  createdAt: v.number(),
  sentAt: v.nullable(v.number()),
  /** false: it carried a secret; a new request by the member sends a new one. */
  resendable: v.boolean(),
  /** The names of the files it carried (a booking's calendar invite: `invite.ics`). */
  attachments: v.array(v.string()),
})
export type DeskMail = v.InferOutput<typeof DeskMail>

export const DeskMemberRequest = strict({ memberId: v.pipe(v.string(dm.memberNotFound), v.nonEmpty(dm.memberNotFound), v.maxLength(UID_MAX, dm.memberNotFound)) })
export const DeskMemberResponse = v.object({
  member: v.object({
    memberId: v.string(),
    email: v.string(),
    memberLastname: v.string(),
    memberFirstname: v.string(),
    phoneNumber: v.string(),
    useFreeInterviewTime: v.nullable(v.string()),
    createdAt: v.number(),
  }),
  /** Every ticket of the member, every type, as the member's own calls show them. */
  tickets: v.array(Ticket),
  /** The online room's stays of each ONLINE ticket, by ticket number (as the bookings show them). */
  roomStays: v.record(v.string(), v.array(RoomStay)),
  /** Newest first. */
  purchases: v.array(DeskPurchase),
  coupons: v.array(DeskMemberCoupon),
  /** The latest 50 mails to the member; the rest through desk-mails. */
  mails: v.array(DeskMail),
})
export type DeskMemberResponse = v.InferOutput<typeof DeskMemberResponse>

export const DeskMailsRequest = strict({
  memberId: v.optional(v.pipe(v.string(dm.memberNotFound), v.maxLength(UID_MAX, dm.memberNotFound))),
  status: v.optional(MailStatus),
  ...Paging,
})
export const DeskMailsResponse = paged(DeskMail)
export const DeskMailResendRequest = strict({ id: int(1, Number.MAX_SAFE_INTEGER, dm.idInvalid) })
export const DeskMailResponse = v.object({ mail: DeskMail })

/**
 * A job of the server (server/jobs/) that failed after its retries: what it was, why it failed last,
 * and when. An operator runs it again (desk-job-retry) once the cause is fixed.
 */
export const DeskFailedJob = v.object({
  id: v.string(),
  /** The job's name (`purchase-sweep`, `shift-extension`, …); the page shows it in Japanese. */
  name: v.string(),
  error: v.string(),
  /** Runs in all: the first one and its retries. */
  runs: v.number(),
  createdAt: v.number(),
  failedAt: v.number(),
})
export type DeskFailedJob = v.InferOutput<typeof DeskFailedJob>
export const DeskFailedJobsRequest = strict({ ...Paging })
export const DeskFailedJobsResponse = paged(DeskFailedJob)
export const DeskJobRetryRequest = strict({ id: v.pipe(v.string(dm.idInvalid), v.uuid(dm.idInvalid)) })
export const DeskJobRetryResponse = v.object({ id: v.string(), name: v.string() })

// ---- refunds (docs/product.md §3 Ticket amountRefunded, refundReason; §4 card label 返金)

/**
 * A refund of the purchase of `ticketNumber` (one purchase per ticket), in full or in part.
 * `idempotencyKey`: one per refund the operator means (a double click, a retry after no answer:
 * the same key, the same refund, once). The same key with another amount or reason is 409.
 */
export const DeskRefundRequest = strict({
  ticketNumber: v.pipe(v.string(dm.purchaseNotFound), v.nonEmpty(dm.purchaseNotFound), v.maxLength(ID_MAX, dm.purchaseNotFound)),
  amount: int(1, PRICE_MAX, dm.amountInvalid),
  /** The member-facing reason: on the member's ticket and in the refund mail to them, word for word. */
  reason: text(REFUND_REASON_MAX, dm.reasonRequired, dm.reasonTooLong),
  /** An internal note (optional): in the refund's audit row only; no part of the refund's identity (the key's fingerprint). */
  note: v.optional(v.pipe(v.string(dm.noteTooLong), v.trim(), v.maxLength(REFUND_NOTE_MAX, dm.noteTooLong), noControlChars), ''),
  idempotencyKey: v.pipe(v.string(dm.idempotencyKeyInvalid), v.regex(/^[A-Za-z0-9_-]{8,64}$/, dm.idempotencyKeyInvalid)),
})
export type DeskRefundRequest = v.InferOutput<typeof DeskRefundRequest>
export const DeskRefundResponse = v.object({
  refund: DeskRefund,
  /** The purchase after the refund (amountRefunded: the total so far). */
  purchase: DeskPurchase,
  /** The same key was answered before: nothing new happened. */
  replayed: v.boolean(),
})

// ---- audit trail (read only: no call edits or deletes a row)

export const DeskAuditRequest = strict({
  /** Actor's uid or e-mail (exact). */
  actor: v.optional(v.pipe(v.string(dm.filterTooLong), v.maxLength(UID_MAX, dm.filterTooLong))),
  action: v.optional(v.pipe(v.string(dm.filterTooLong), v.maxLength(UID_MAX, dm.filterTooLong))),
  targetType: v.optional(v.pipe(v.string(dm.filterTooLong), v.maxLength(UID_MAX, dm.filterTooLong))),
  targetId: v.optional(v.pipe(v.string(dm.filterTooLong), v.maxLength(UID_MAX, dm.filterTooLong))),
  /** First and last day (JST, YYYYMMDD), both included. */
  from: v.optional(YmdQuery),
  to: v.optional(YmdQuery),
  ...Paging,
})
export const DeskAuditEntry = v.object({
  id: v.number(),
  at: v.number(),
  actorUid: v.string(),
  actorEmail: v.string(),
  actorRole: v.string(),
  action: v.string(),
  targetType: v.string(),
  targetId: v.string(),
  before: v.unknown(),
  after: v.unknown(),
  /** The action in Japanese (contract/audit-names.ts). */
  actionName: v.string(),
  /** The actor's consultant nickname, when their account works as a staff row. */
  actorName: v.nullable(v.string()),
  /** Who or what the target is, in words: a consultant's nickname, the member of a ticket or purchase, an account's address. */
  targetName: v.nullable(v.string()),
  /** Names of the consultants and members the before/after name by id (`STAFF-03` → its nickname). */
  names: v.record(v.string(), v.string()),
})
export const DeskAuditResponse = paged(DeskAuditEntry)

// ---- the desk's day and its bookings (docs/product.md §10 "The operator's desk")

/**
 * A consultation's status as the desk shows it: the ticket's own status, except NO_CONTACT (no
 * contact recorded; the ticket stays UNSUPPORTED) and REFUNDED (any refund ends the booking,
 * whatever the status: it never reads 未対応).
 */
export const DeskBookingStatus = v.picklist(['UNSUPPORTED', 'COMPLETED', 'UNSOLVED', 'UNSOLVED_COMPLETED', 'NO_CONTACT', 'REFUNDED'], dm.statusInvalid)
export type DeskBookingStatus = v.InferOutput<typeof DeskBookingStatus>
export const DeskBooking = v.object({
  ticketNumber: v.string(),
  memberId: v.string(),
  /** 姓 名; （退会済み） for a cancelled member. */
  memberName: v.string(),
  memberCancelled: v.boolean(),
  staffId: v.string(),
  staffNickname: v.string(),
  productName: v.string(),
  /** `SUPPORT-YYYYMMDD-HH-MM` (JST). */
  reservationTime: v.string(),
  startUnixTime: v.number(),
  /** The booked end (start + the ticket's minutes). */
  endUnixTime: v.number(),
  minutes: v.number(),
  supportType: v.nullable(v.picklist(['TEL', 'ONLINE'])),
  status: DeskBookingStatus,
  /** Booked 指名なし. */
  noPreference: v.boolean(),
  outcomeUnixTime: v.nullable(v.number()),
  /** 未解決's follow-up due day (JST `YYYYMMDD`; docs/decisions.md 85); null when none was set. */
  followUpDue: v.nullable(v.string()),
  /** The member told us that no call came (unix seconds; docs/decisions.md 86); null otherwise. */
  noCallReportedUnixTime: v.nullable(v.number()),
  /** ONLINE: when each side came into the room and left (room_presence), oldest first; empty for TEL. */
  roomStays: v.array(RoomStay),
})
export type DeskBooking = v.InferOutput<typeof DeskBooking>

/** A short list with how many there are in all (the glance shows the first ones and links to the rest). */
const capped = <S extends v.GenericSchema>(item: S) => v.object({ items: v.array(item), total: v.number() })

export const DeskTodayRequest = strict({})
export const DeskMoneyItem = v.object({
  memberId: v.string(),
  memberName: v.string(),
  ticketNumber: v.string(),
  productName: v.string(),
  /** Yen. */
  amount: v.number(),
  at: v.number(),
})
export const DeskTodayDay = v.object({
  /** JST `YYYYMMDD`. */
  ymd: v.string(),
  /** Every active consultant (display order), and any inactive one still holding a consultation that day. */
  consultants: v.array(v.object({ staffId: v.string(), staffNickname: v.string(), active: v.boolean(), consultations: v.array(DeskBooking) })),
  total: v.number(),
})
/**
 * 今日の状況: today's and tomorrow's consultations by consultant; outcomes overdue (started in the
 * last DESK_OUTCOME_LOOKBACK_DAYS days, no outcome, not refunded, the grace period after the end
 * over: docs/decisions.md 85); follow-ups owed (UNSOLVED, not refunded, the due day soonest first);
 * "no call came" reports (docs/decisions.md 86) on consultations still without an outcome;
 * today's purchases and succeeded refunds (count and yen, the latest of each).
 */
export const DeskTodayResponse = v.object({
  now: v.number(),
  today: DeskTodayDay,
  tomorrow: DeskTodayDay,
  outcomesMissing: capped(DeskBooking),
  followUps: capped(DeskBooking),
  noCallReports: capped(DeskBooking),
  purchases: v.object({ count: v.number(), yen: v.number(), items: v.array(DeskMoneyItem) }),
  refunds: v.object({ count: v.number(), yen: v.number(), items: v.array(DeskMoneyItem) }),
})
export type DeskTodayResponse = v.InferOutput<typeof DeskTodayResponse>
/** How far back the glance looks for consultations without an outcome. */
export const DESK_OUTCOME_LOOKBACK_DAYS = 30
/** How many items each list of the glance carries (its `total` says how many there are). */
export const DESK_TODAY_LIST_MAX = 50

/**
 * Bookings (SUPPORT tickets with a date) by JST days `from`…`to` (both included; either may be
 * left open), consultant, status and member (a name, an e-mail from its start, a member id or a
 * ticket number, as desk-members reads them). With `from`: earliest first; without: latest first.
 */
export const DeskBookingsRequest = v.pipe(
  strict({
    from: v.optional(YmdQuery),
    to: v.optional(YmdQuery),
    staffId: v.optional(v.pipe(v.string(dm.staffNotFound), v.nonEmpty(dm.staffNotFound), v.maxLength(ID_MAX, dm.staffNotFound))),
    status: v.optional(DeskBookingStatus),
    member: v.optional(v.pipe(v.string(dm.queryTooLong), v.trim(), v.maxLength(SEARCH_MAX, dm.queryTooLong))),
    ...Paging,
  }),
  v.forward(v.check((x) => !x.from || !x.to || x.from <= x.to, dm.rangeInvalid), ['to']),
)
export const DeskBookingsResponse = paged(DeskBooking)

/** A member's receipt opened for them on a call: one issue as the member's own view is, and audited. */
export const DeskReceiptRequest = strict({ receiptNumber: ReceiptNumber, viewId: ViewId })
// ---- 数字: the business numbers of a JST date range (docs/product.md §10 "The operator's desk")

/** The longest range the numbers and the CSV exports take, in days (a leap year, both ends included). */
export const NUMBERS_RANGE_MAX_DAYS = 366

/** Days from `from` to `to`, both included; null when either is not a day. */
export function rangeDays(from: string, to: string): number | null {
  const a = parseYmd(from)
  const b = parseYmd(to)
  if (!a || !b) return null
  return Math.round((Date.UTC(b.year, b.month - 1, b.day) - Date.UTC(a.year, a.month - 1, a.day)) / 86_400_000) + 1
}

/** What is wrong with a range of JST days (the desk's Japanese message), or null when it is one. */
export function rangeProblem(from: string, to: string): string | null {
  if (!parseYmd(from) || !parseYmd(to)) return dm.dayInvalid
  if (!inDaySpan(from) || !inDaySpan(to)) return formatMessages.daySpan
  const days = rangeDays(from, to)!
  if (days < 1) return dm.rangeInvalid
  if (days > NUMBERS_RANGE_MAX_DAYS) return dm.rangeTooLong
  return null
}

/**
 * The first day after `to` (the range ends at its 00:00 JST, excluded). `to` is a day of the span
 * (the schemas above and `rangeProblem` see to it); anything else is a fault of ours, never taken
 * back as its own next day (a walk over days then never ended).
 */
export function dayAfter(to: string): string {
  const next = plusDays(to, 1)
  if (next === null || next <= to) throw new RangeError(`no day after ${to}`)
  return next
}

const RangeYmd = v.pipe(v.string(dm.dateInvalid), v.regex(/^\d{8}$/, dm.dateInvalid), v.check((s) => parseYmd(s) !== null, dm.dayInvalid), v.check(inDaySpan, formatMessages.daySpan))
export const NumbersTrend = v.picklist(['WEEK', 'MONTH'], dm.trendInvalid)
export type NumbersTrend = v.InferOutput<typeof NumbersTrend>

/**
 * desk-numbers: `from`…`to` (JST days, both included, at most NUMBERS_RANGE_MAX_DAYS), the rating
 * trend by week (Monday first) or month.
 */
export const DeskNumbersRequest = v.pipe(
  strict({ from: RangeYmd, to: RangeYmd, trend: v.optional(NumbersTrend, 'MONTH') }),
  v.forward(v.check((x) => (rangeDays(x.from, x.to) ?? 0) >= 1, dm.rangeInvalid), ['to']),
  v.forward(v.check((x) => (rangeDays(x.from, x.to) ?? 0) <= NUMBERS_RANGE_MAX_DAYS, dm.rangeTooLong), ['to']),
)

/** Yen of purchases and refunds: gross (list price), coupon discounts, refunds, net = gross − discounts − refunds. */
const Money = {
  /** Purchases made in the range. */
  count: v.number(),
  /** The price before the coupon, summed. */
  gross: v.number(),
  /** What coupons took off. */
  discount: v.number(),
  /** Refunds that succeeded in the range (of purchases made at any time). */
  refunds: v.number(),
  refundCount: v.number(),
  net: v.number(),
}
export const NumbersSalesRow = v.object({ productType: ProductType, productName: v.string(), ...Money })
export const NumbersSalesType = v.object({ productType: ProductType, ...Money })
export const NumbersCoupon = v.object({
  couponCode: v.string(),
  /** '' when the coupon row is gone. */
  couponName: v.string(),
  /** Purchases in the range that used it. */
  uses: v.number(),
  /** Yen it took off those purchases. */
  discount: v.number(),
})
/** Consultations whose time is over, by how they ended. */
const Outcomes = {
  /** Held in the range, not refunded, their time over (start + minutes ≤ now). */
  ended: v.number(),
  completed: v.number(),
  /** UNSOLVED, and UNSOLVED_COMPLETED (solved later, on a follow-up). */
  unsolved: v.number(),
  noContact: v.number(),
  /** No outcome recorded yet. */
  unrecorded: v.number(),
}
export const NumbersConsultant = v.object({
  staffId: v.string(),
  staffNickname: v.string(),
  /** Minutes of the consultations booked with them in the range (not refunded). */
  bookedMinutes: v.number(),
  /** Minutes of their shifts in the range. */
  shiftMinutes: v.number(),
  consultations: v.number(),
  ...Outcomes,
  ratingCount: v.number(),
  /** Mean rating of the ratings given in the range (1 decimal); null without one. */
  ratingAverage: v.nullable(v.number()),
})
export const NumbersRatingPoint = v.object({
  /** The period's first day (JST `YYYYMMDD`): a Monday for WEEK, the 1st for MONTH. */
  ymd: v.string(),
  count: v.number(),
  average: v.number(),
})
export const DeskNumbersResponse = v.object({
  from: v.string(),
  to: v.string(),
  trend: NumbersTrend,
  /** The moment the numbers were read (unix seconds): "ended" consultations are ended by then. */
  now: v.number(),
  sales: v.object({ rows: v.array(NumbersSalesRow), byType: v.array(NumbersSalesType), total: v.object(Money) }),
  coupons: v.array(NumbersCoupon),
  consultants: v.array(NumbersConsultant),
  outcomes: v.object(Outcomes),
  ratings: v.object({ count: v.number(), average: v.nullable(v.number()), trend: v.array(NumbersRatingPoint) }),
})
export type DeskNumbersResponse = v.InferOutput<typeof DeskNumbersResponse>

export const deskCalls = {
  'desk-notices': { method: 'GET', role: 'operator', request: DeskNoticesRequest, response: DeskNoticesResponse },
  'desk-notice-save': { method: 'POST', role: 'operator', request: DeskNoticeSaveRequest, response: DeskNoticeResponse },
  'desk-notice-withdraw': { method: 'POST', role: 'operator', request: DeskNoticeWithdrawRequest, response: DeskNoticeResponse },
  'desk-coupons': { method: 'GET', role: 'operator', request: DeskCouponsRequest, response: DeskCouponsResponse },
  'desk-coupon-save': { method: 'POST', role: 'operator', request: DeskCouponSaveRequest, response: DeskCouponResponse },
  'desk-coupon-stop': { method: 'POST', role: 'operator', request: DeskCouponStopRequest, response: DeskCouponResponse },
  'desk-coupon-claims': { method: 'GET', role: 'operator', request: DeskCouponClaimsRequest, response: DeskCouponClaimsResponse },
  'desk-products': { method: 'GET', role: 'operator', request: DeskProductsRequest, response: DeskProductsResponse },
  'desk-product-save': { method: 'POST', role: 'operator', request: DeskProductSaveRequest, response: DeskProductResponse },
  'desk-menus': { method: 'GET', role: 'operator', request: DeskMenusRequest, response: DeskMenusResponse },
  'desk-menu-save': { method: 'POST', role: 'operator', request: DeskMenuSaveRequest, response: DeskMenuResponse },
  'desk-menu-delete': { method: 'POST', role: 'operator', request: DeskMenuDeleteRequest, response: Ok },
  'desk-image-upload': { method: 'POST', role: 'operator', request: DeskImageUploadRequest, response: DeskImageUploadResponse, bodyLimit: IMAGE_UPLOAD_BODY_MAX },
  'desk-consultants': { method: 'GET', role: 'operator', request: DeskConsultantsRequest, response: DeskConsultantsResponse },
  'desk-consultant-save': { method: 'POST', role: 'operator', request: DeskConsultantSaveRequest, response: DeskConsultantResponse },
  'desk-consultant-active': { method: 'POST', role: 'operator', request: DeskConsultantActiveRequest, response: DeskConsultantResponse },
  'desk-members': { method: 'GET', role: 'operator', request: DeskMembersRequest, response: DeskMembersResponse },
  'desk-member': { method: 'GET', role: 'operator', request: DeskMemberRequest, response: DeskMemberResponse },
  'desk-mails': { method: 'GET', role: 'operator', request: DeskMailsRequest, response: DeskMailsResponse },
  'desk-mail-resend': { method: 'POST', role: 'operator', request: DeskMailResendRequest, response: DeskMailResponse },
  'desk-jobs-failed': { method: 'GET', role: 'operator', request: DeskFailedJobsRequest, response: DeskFailedJobsResponse },
  'desk-job-retry': { method: 'POST', role: 'operator', request: DeskJobRetryRequest, response: DeskJobRetryResponse },
  'desk-refund': { method: 'POST', role: 'operator', request: DeskRefundRequest, response: DeskRefundResponse },
  'desk-receipt': { method: 'POST', role: 'operator', request: DeskReceiptRequest, response: Receipt },
  'desk-audit': { method: 'GET', role: 'operator', request: DeskAuditRequest, response: DeskAuditResponse },
  'desk-today': { method: 'GET', role: 'operator', request: DeskTodayRequest, response: DeskTodayResponse },
  'desk-bookings': { method: 'GET', role: 'operator', request: DeskBookingsRequest, response: DeskBookingsResponse },
  'desk-numbers': { method: 'GET', role: 'operator', request: DeskNumbersRequest, response: DeskNumbersResponse },
} as const satisfies StaffRegistry

export type DeskCallName = keyof typeof deskCalls
/** A request as the server's handlers receive it: parsed (defaults filled in). */
export type DeskCallInput<N extends DeskCallName> = v.InferOutput<(typeof deskCalls)[N]['request']>

/** The claim link of a coupon (docs/product.md §2 /get-coupon), path and query. */
export const couponClaimPath = (couponCode: string) => `/get-coupon?couponCode=${encodeURIComponent(couponCode)}`
