import { sql } from 'drizzle-orm'
import {
  bigint,
  bigserial,
  boolean,
  customType,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uniqueIndex,
} from 'drizzle-orm/pg-core'
import type { ProductType } from '../../contract/entities'
import type { MailAttachment } from '../adapters/mailer'

// One schema for PGlite and PostgreSQL. Every instant is `timestamptz` (UTC); calendar days in
// Japan time are `YYYYMMDD` text. Business rules convert with js-joda in Asia/Tokyo (server/domain/time.ts).

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' })

export type MenuItemJson = { menuId: string; menuTitle: string; estimatedMinute: number }
export type CouponProductJson = { productType: ProductType; minutesToSupport: number | null }
export type DetailScoreJson = { title: string; score: number }

export const members = pgTable('members', {
  memberId: text('member_id').primaryKey(),
  email: text('email').notNull().unique(),
  memberLastname: text('member_lastname').notNull(),
  memberFirstname: text('member_firstname').notNull(),
  phoneNumber: text('phone_number').notNull(),
  useFreeInterviewTime: text('use_free_interview_time'),
  registrationAnswers: jsonb('registration_answers').$type<string[]>().notNull().default(sql`'[]'::jsonb`),
  source: text('source'),
  lpSource: text('lp_source'),
  /** The member's Stripe Customer (PAYMENT_PROVIDER=stripe): saved cards are attached to it. */
  stripeCustomerId: text('stripe_customer_id').unique(),
  createdAt: ts('created_at').notNull(),
  /**
   * The member cancelled their account: the row is kept, anonymised, because the tickets,
   * purchases and charges that name it are accounting records (docs/server.md "Records kept").
   */
  deletedAt: ts('deleted_at'),
}, (t) => [
  // The desk's member list, newest first.
  index('members_created_idx').on(t.createdAt.desc(), t.memberId),
])

export const staff = pgTable('staff', {
  staffId: text('staff_id').primaryKey(),
  staffNickname: text('staff_nickname').notNull(),
  staffAge: integer('staff_age').notNull(),
  staffGender: text('staff_gender').$type<'MALE' | 'FEMALE'>().notNull(),
  staffImageUrl: text('staff_image_url'),
  averageScore: doublePrecision('average_score').notNull().default(0),
  supportCompleteCount: integer('support_complete_count').notNull().default(0),
  supportUnSolvedCount: integer('support_unsolved_count').notNull().default(0),
  /** How many ratings averageScore is made of. */
  ratingCount: integer('rating_count').notNull().default(0),
  sortOrder: integer('sort_order').notNull().default(0),
  /**
   * Where the consultant's mails go (new, changed, reassigned, refunded consultations): set by an
   * operator on the desk, so a consultant without a staff login is mailed too; when null, the
   * address of their staff account (docs/server.md "Mails to consultants").
   */
  email: text('email'),
  /** false: takes no new bookings and leaves the member's grid (operator's desk; docs/server.md "Operator's desk"). */
  active: boolean('active').notNull().default(true),
  /** Optimistic concurrency of the operator's desk: every desk write checks and bumps it. */
  version: integer('version').notNull().default(1),
})

/** A consultant's working period on one day; both ends on 30-minute boundaries. */
export const staffShifts = pgTable('staff_shifts', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  staffId: text('staff_id').notNull().references(() => staff.staffId, { onDelete: 'cascade' }),
  startsAt: ts('starts_at').notNull(),
  endsAt: ts('ends_at').notNull(),
}, (t) => [
  // The shift minutes of a range (desk-numbers).
  index('staff_shifts_starts_idx').on(t.startsAt),
])

/**
 * One row per occupied 30-minute cell. The unique (staff, cell start) constraint is what makes
 * double booking impossible under concurrency: the loser of a race gets a unique violation.
 */
export const bookings = pgTable(
  'bookings',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    staffId: text('staff_id').notNull().references(() => staff.staffId, { onDelete: 'cascade' }),
    cellStart: ts('cell_start').notNull(),
    ticketNumber: text('ticket_number').notNull(),
    /**
     * Set while a purchase holds the cell before its card is charged (services/purchase/); null
     * once the purchase is recorded. A hold past this instant is void: schedule readers ignore it
     * and the next booking of the cell deletes it, so a crashed attempt never blocks the cell.
     */
    heldUntil: ts('held_until'),
  },
  (t) => [unique('bookings_staff_cell_unique').on(t.staffId, t.cellStart)],
)

export const businessHolidays = pgTable('business_holidays', {
  ymd: text('ymd').primaryKey(),
})

export const products = pgTable('products', {
  productId: text('product_id').primaryKey(),
  productType: text('product_type').$type<ProductType>().notNull(),
  productName: text('product_name').notNull(),
  price: integer('price').notNull(),
  minutesToSupport: integer('minutes_to_support').notNull().default(0),
  showOnMypage: boolean('show_on_mypage').notNull().default(true),
  sortOrder: integer('sort_order').notNull().default(0),
  /** Optimistic concurrency of the operator's desk. */
  version: integer('version').notNull().default(1),
})

export const reservationMenus = pgTable('reservation_menus', {
  menuId: text('menu_id').primaryKey(),
  menuTitle: text('menu_title').notNull(),
  imageUrl: text('image_url').notNull(),
  estimatedMinute: integer('estimated_minute').notNull(),
  sortOrder: integer('sort_order').notNull().default(0),
  /** Optimistic concurrency of the operator's desk. */
  version: integer('version').notNull().default(1),
})

export const tickets = pgTable('tickets', {
  ticketNumber: text('ticket_number').primaryKey(),
  // Accounting records outlive a membership: a member row with tickets cannot be deleted.
  memberId: text('member_id').notNull().references(() => members.memberId, { onDelete: 'restrict' }),
  productId: text('product_id').notNull(),
  productType: text('product_type').$type<ProductType>().notNull(),
  productName: text('product_name').notNull(),
  price: integer('price').notNull(),
  minutesToSupport: integer('minutes_to_support').notNull().default(0),
  isFreeTicket: boolean('is_free_ticket').notNull().default(false),
  amountRefunded: integer('amount_refunded').notNull().default(0),
  reservationAt: ts('reservation_at'),
  staffId: text('staff_id').references(() => staff.staffId, { onDelete: 'set null' }),
  supportType: text('support_type').$type<'TEL' | 'ONLINE'>(),
  supportStatus: text('support_status').$type<'UNSUPPORTED' | 'UNSOLVED' | 'COMPLETED' | 'UNSOLVED_COMPLETED'>().notNull(),
  unsolvedAfterFollowContent: text('unsolved_after_follow_content'),
  refundReason: text('refund_reason'),
  alreadyRating: boolean('already_rating').notNull().default(false),
  interviewTelNumber: text('interview_tel_number'),
  reservationMenuList: jsonb('reservation_menu_list').$type<MenuItemJson[]>().notNull().default(sql`'[]'::jsonb`),
  parentTicketNumber: text('parent_ticket_number'),
  counsellingComment: text('counselling_comment'),
  contactDevice: text('contact_device'),
  contactOs: text('contact_os'),
  remoteSupport: text('remote_support'),
  purchaseTime: ts('purchase_time').notNull(),
  /** The consultation's outcome as its consultant recorded it (staff call consultation-outcome). */
  minutesUsed: integer('minutes_used'),
  /** The consultant could not reach the member: the status stays UNSUPPORTED (the card's ご連絡なし). */
  noContact: boolean('no_contact').notNull().default(false),
  /** The member booked 指名なし: the consultant was assigned (fairly, services/booking/assignment.ts). */
  noPreference: boolean('no_preference').notNull().default(false),
  outcomeAt: ts('outcome_at'),
  /** The consultant's case note on the outcome: staff only, never in a member answer. */
  caseNote: text('case_note'),
  /**
   * The SEQUENCE of the ticket's calendar invite (services/booking/ticket-invite.ts): raised in the
   * transaction of every change that a member's calendar must follow (a date change, a
   * reassignment, a refund, the account's cancellation), so each mailed invite supersedes the last.
   */
  calendarSequence: integer('calendar_sequence').notNull().default(0),
  /** 未解決's follow-up falls due this JST day (YYYYMMDD): FOLLOW_UP_BUSINESS_DAYS business days after it was recorded. */
  followUpDue: text('follow_up_due'),
  /** The member told us that no call came (docs/decisions.md 86): once per ticket. */
  noCallReportedAt: ts('no_call_reported_at'),
}, (t) => [
  // The staff day's reads by start (the desk's board, outcomes not recorded, desk-bookings by days,
  // the consultant's day and 割り当て) and by member (desk-bookings, a member's earlier consultations).
  // With the ticket number: the keyset of the consultations export (services/desk/exports.ts) reads
  // each page from where the last ended; the numbers' bookings of a range read its prefix.
  index('tickets_reservation_at_idx').on(t.reservationAt, t.ticketNumber).where(sql`${t.productType} = 'SUPPORT' and ${t.reservationAt} is not null`),
  index('tickets_unsolved_idx').on(t.outcomeAt).where(sql`${t.supportStatus} = 'UNSOLVED'`),
  index('tickets_member_idx').on(t.memberId),
])

export const purchases = pgTable('purchases', {
  receiptNumber: text('receipt_number').primaryKey(),
  memberId: text('member_id').notNull().references(() => members.memberId, { onDelete: 'restrict' }),
  ticketNumber: text('ticket_number').notNull(),
  productType: text('product_type').$type<ProductType>().notNull(),
  productName: text('product_name').notNull(),
  amount: integer('amount').notNull(),
  amountBeforeCoupon: integer('amount_before_coupon').notNull(),
  couponCode: text('coupon_code'),
  purchaseTime: ts('purchase_time').notNull(),
  chargeId: text('charge_id'),
}, (t) => [
  // purchase-list pages newest first by the keyset (purchase_time, ticket_number) of one member:
  // with this index a page costs the same at 100 rows and at 100,000 (docs/performance.md).
  index('purchases_member_keyset_idx').on(t.memberId, t.purchaseTime.desc(), t.ticketNumber.desc()),
  // The desk's purchases of a day (desk-today), of a range (desk-numbers) and the purchases export's
  // keyset (purchase_time, receipt_number): migration numbers_indexes.
  index('purchases_time_receipt_idx').on(t.purchaseTime, t.receiptNumber),
])

/**
 * One purchase attempt per (member, idempotency key): the persisted state of the purchase machine
 * (server/services/purchase/): held → charging → succeeded | failed. The key is bound to the
 * fingerprint of its request; a retried or doubled charge answers the stored result.
 */
export const purchaseAttempts = pgTable(
  'purchase_attempts',
  {
    memberId: text('member_id').notNull().references(() => members.memberId, { onDelete: 'restrict' }),
    idempotencyKey: text('idempotency_key').notNull(),
    /** sha-256 of the member id and the parsed request, canonical JSON. */
    fingerprint: text('fingerprint').notNull(),
    /** held | charging | succeeded | failed */
    status: text('status').$type<'held' | 'charging' | 'succeeded' | 'failed'>().notNull(),
    productId: text('product_id').notNull(),
    productType: text('product_type').$type<ProductType>().notNull(),
    parentTicketNumber: text('parent_ticket_number'),
    /** The ticket the attempt will record; its held cells carry this number. */
    ticketNumber: text('ticket_number').notNull(),
    amount: integer('amount').notNull(),
    couponCode: text('coupon_code'),
    /** The new card token claimed by this attempt (one use per token). */
    cardToken: text('card_token'),
    chargeId: text('charge_id'),
    response: jsonb('response'),
    /** { status, message } of a failed attempt. */
    error: jsonb('error').$type<{ status: number; message: string }>(),
    /**
     * While held or charging: how long the cells, coupon and token stay held for this attempt (its
     * bookings' held_until). Past it readers count the cells free again (docs/decisions.md 51).
     */
    expiresAt: ts('expires_at').notNull(),
    /**
     * Who works the attempt while it is held or charging: `<host>:<pid>:<run>` of one request or
     * one sweep, renewed by its heartbeat. Every write of the attempt's progress is conditional on
     * it, so a process that lost its lease changes nothing (docs/decisions.md 51).
     */
    leaseOwner: text('lease_owner'),
    /** Past this instant with no renewal the owner is taken for dead: the attempt is abandoned. */
    leaseUntil: ts('lease_until'),
    /**
     * What `record` needs to finish the purchase without its request (the sweeper reconciles
     * abandoned attempts): the validated request body (card token ids only, never card numbers)
     * and the facts priced at the claim.
     */
    request: jsonb('request').$type<Record<string, unknown>>(),
    plan: jsonb('plan').$type<Record<string, unknown>>(),
    /** The purchase mail of a succeeded attempt was handed to the mailer (exactly one sender wins). */
    mailSentAt: ts('mail_sent_at'),
    createdAt: ts('created_at').notNull(),
    updatedAt: ts('updated_at').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.memberId, t.idempotencyKey] }),
    // The sweeper's scan: attempts still in flight, by lease expiry.
    index('purchase_attempts_in_flight_idx').on(t.leaseUntil).where(sql`${t.status} in ('held', 'charging')`),
  ],
)

export const ratings = pgTable('ratings', {
  ticketNumber: text('ticket_number').primaryKey().references(() => tickets.ticketNumber, { onDelete: 'cascade' }),
  memberId: text('member_id').notNull(),
  staffId: text('staff_id'),
  memberTotalScore: integer('member_total_score').notNull(),
  memberDetailScore: jsonb('member_detail_score').$type<DetailScoreJson[]>().notNull(),
  ratingComment: text('rating_comment').notNull().default(''),
  tip: boolean('tip').notNull().default(false),
  tipProductId: text('tip_product_id'),
  createdAt: ts('created_at').notNull(),
}, (t) => [
  // The ratings of a range and their trend (desk-numbers).
  index('ratings_created_idx').on(t.createdAt),
])

export const coupons = pgTable('coupons', {
  couponCode: text('coupon_code').primaryKey(),
  couponName: text('coupon_name').notNull(),
  discountPrice: integer('discount_price').notNull(),
  expire: ts('expire').notNull(),
  availableProductList: jsonb('available_product_list').$type<CouponProductJson[]>().notNull(),
  /** How many members may claim it; null: no limit (services/member/coupon-claim.ts holds it under races). */
  maxClaims: integer('max_claims'),
  /** Stopped by an operator: no longer claimed, listed or applied (a claim or use before stays on record). */
  stoppedAt: ts('stopped_at'),
  /** Optimistic concurrency of the operator's desk. */
  version: integer('version').notNull().default(1),
  createdAt: ts('created_at'),
})

export const memberCoupons = pgTable(
  'member_coupons',
  {
    memberId: text('member_id').notNull().references(() => members.memberId, { onDelete: 'cascade' }),
    couponCode: text('coupon_code').notNull().references(() => coupons.couponCode, { onDelete: 'cascade' }),
    claimedAt: ts('claimed_at').notNull(),
    usedAt: ts('used_at'),
    usedTicketNumber: text('used_ticket_number'),
  },
  (t) => [primaryKey({ columns: [t.memberId, t.couponCode] })],
)

export const notices = pgTable('notices', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  kind: text('kind').$type<'INFORMATION' | 'CAMPAIGN'>().notNull(),
  /** A short heading shown above the content ('' on notices made before titles). */
  title: text('title').notNull().default(''),
  content: text('content').notNull(),
  updateTime: ts('update_time').notNull(),
  /** Publish window (operator's desk): shown from publishFrom (null: at once) until publishUntil (null: no end). */
  publishFrom: ts('publish_from'),
  publishUntil: ts('publish_until'),
  /** Withdrawn by an operator: no longer shown, kept for the record. */
  withdrawnAt: ts('withdrawn_at'),
  /** Optimistic concurrency of the operator's desk. */
  version: integer('version').notNull().default(1),
})

export const savedCards = pgTable('saved_cards', {
  cardId: text('card_id').primaryKey(),
  memberId: text('member_id').notNull().references(() => members.memberId, { onDelete: 'cascade' }),
  cardBrand: text('card_brand').notNull(),
  cardLast4: text('card_last4').notNull(),
  /** The provider's reusable reference (sandbox: the token id). */
  providerRef: text('provider_ref').notNull(),
  createdAt: ts('created_at').notNull(),
})

/**
 * One row per signup-request, waiting for its mailed link: a newer request for
 * the same address is a row of its own and never touches an older one. No identity user exists
 * until the link is opened; the password waits sealed with the link's token (infra/link-secrets.ts).
 * Completed rows are kept (password wiped) so a reopened link answers "already registered".
 */
export const pendingSignups = pgTable(
  'pending_signups',
  {
    /** SHA-256 of the mailed token (the token itself is only in the mail). */
    token: text('token').primaryKey(),
    /** The member id this registration creates; after another request for the address completed, that member's. */
    memberId: text('member_id').notNull(),
    email: text('email').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    expiresAt: ts('expires_at').notNull(),
    /** The password, AES-GCM under a key derived from the mailed token; null once completed. */
    passwordSealed: text('password_sealed'),
    createdAt: ts('created_at'),
    completedAt: ts('completed_at'),
  },
  (t) => [index('pending_signups_email_idx').on(t.email)],
)

export const passwordResets = pgTable(
  'password_resets',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    memberId: text('member_id').notNull().references(() => members.memberId, { onDelete: 'cascade' }),
    code: text('code').notNull(),
    expiresAt: ts('expires_at').notNull(),
    usedAt: ts('used_at'),
    /** Tries of this code, right or wrong; the 5th wrong one voids it. */
    attempts: integer('attempts').notNull().default(0),
  },
  // One live code per member by construction: a new request replaces the unused row.
  (t) => [uniqueIndex('password_resets_one_live_idx').on(t.memberId).where(sql`${t.usedAt} is null`)],
)

export const emailChanges = pgTable('email_changes', {
  /** SHA-256 of the mailed token; used rows are kept so a reopened link answers "already changed". */
  token: text('token').primaryKey(),
  memberId: text('member_id').notNull().references(() => members.memberId, { onDelete: 'cascade' }),
  newEmail: text('new_email').notNull(),
  expiresAt: ts('expires_at').notNull(),
  usedAt: ts('used_at'),
})

// ---- the sandbox payment provider's own state (docs/design.md "Payments and 3-D Secure")
export const sandboxTokens = pgTable('sandbox_tokens', {
  tokenId: text('token_id').primaryKey(),
  brand: text('brand').notNull(),
  last4: text('last4').notNull(),
  /** approved | challenge | declined | rate_limited (from the test card number). */
  behaviour: text('behaviour').notNull(),
  /** pending | succeeded | failed */
  tdsStatus: text('tds_status').notNull(),
  /** The member who made the token: only they can finish or charge it (null: made before owners). */
  memberId: text('member_id'),
  /** `<memberId>:<idempotency key>` of the purchase that used it: a token pays once. */
  usedBy: text('used_by'),
  createdAt: ts('created_at').notNull(),
})

export const sandboxCharges = pgTable('sandbox_charges', {
  chargeId: text('charge_id').primaryKey(),
  tokenId: text('token_id').notNull(),
  amount: integer('amount').notNull(),
  idempotencyKey: text('idempotency_key').notNull().unique(),
  createdAt: ts('created_at').notNull(),
})

/** Refunds the sandbox provider made, in part or in full: never more than the charge, once per key. */
export const sandboxRefunds = pgTable('sandbox_refunds', {
  refundId: text('refund_id').primaryKey(),
  chargeId: text('charge_id').notNull(),
  amount: integer('amount').notNull(),
  idempotencyKey: text('idempotency_key').notNull().unique(),
  createdAt: ts('created_at').notNull(),
}, (t) => [index('sandbox_refunds_charge_idx').on(t.chargeId)])

/** How many times the provider answered 429 for an idempotency key (the rate-limit test card). */
export const sandboxRateLimits = pgTable('sandbox_rate_limits', {
  idempotencyKey: text('idempotency_key').primaryKey(),
  count: integer('count').notNull(),
})

/**
 * Rate-limit windows shared by every server process on this database: one row per
 * counted key (`<call>|<rule>|<key>`), a fixed window from `window_start`; rows past `expires_at`
 * are swept now and then (server/http/rate-limit-store.ts).
 */
export const rateLimitWindows = pgTable('rate_limit_windows', {
  key: text('key').primaryKey(),
  windowStart: ts('window_start').notNull(),
  count: integer('count').notNull(),
  expiresAt: ts('expires_at').notNull(),
})

// ---- staff side: roles, audit trail, shift plans, calendar feeds (docs/server.md "Staff roles")

/**
 * A staff account: the identity provider's uid with its roles. The roles are also custom claims
 * on the uid's tokens, but this row decides (docs/decisions.md "claims and a row"): a role removed
 * here is refused on the next call, even while an old token still carries the claim.
 */
export const staffAccounts = pgTable('staff_accounts', {
  uid: text('uid').primaryKey(),
  email: text('email').notNull(),
  /** 'consultant' | 'operator'; empty once every role is revoked (the row is kept for the trail). */
  roles: jsonb('roles').$type<('consultant' | 'operator')[]>().notNull().default(sql`'[]'::jsonb`),
  /** The consultant's staff row (required with the consultant role). */
  staffId: text('staff_id').references(() => staff.staffId, { onDelete: 'set null' }),
  createdAt: ts('created_at').notNull(),
  updatedAt: ts('updated_at').notNull(),
}, (t) => [
  index('staff_accounts_email_idx').on(t.email),
  // One account per consultant row.
  uniqueIndex('staff_accounts_staff_id_idx').on(t.staffId).where(sql`${t.staffId} is not null`),
])

/**
 * Who changed what, when, before and after: written in the same transaction as every staff write
 * (server/infra/audit.ts). No call updates or deletes a row, and a trigger refuses both.
 */
export const auditLog = pgTable('audit_log', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  at: ts('at').notNull(),
  actorUid: text('actor_uid').notNull(),
  actorEmail: text('actor_email').notNull(),
  /** The role the write was made under: consultant | operator | system (the `npm run staff` command). */
  actorRole: text('actor_role').notNull(),
  action: text('action').notNull(),
  targetType: text('target_type').notNull(),
  targetId: text('target_id').notNull(),
  before: jsonb('before'),
  after: jsonb('after'),
}, (t) => [
  index('audit_log_at_idx').on(t.at.desc()),
  index('audit_log_target_idx').on(t.targetType, t.targetId),
])

/** A consultant's weekly working plan: one row per weekday period (1 = Monday … 7 = Sunday, JST wall clock 'HH:MM'). */
export const staffWeeklyPlans = pgTable('staff_weekly_plans', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  staffId: text('staff_id').notNull().references(() => staff.staffId, { onDelete: 'cascade' }),
  weekday: integer('weekday').notNull(),
  startTime: text('start_time').notNull(),
  endTime: text('end_time').notNull(),
}, (t) => [index('staff_weekly_plans_staff_idx').on(t.staffId)])

/** A dated exception to the weekly plan: a day off (no times) or other hours that day. */
export const staffShiftExceptions = pgTable('staff_shift_exceptions', {
  staffId: text('staff_id').notNull().references(() => staff.staffId, { onDelete: 'cascade' }),
  ymd: text('ymd').notNull(),
  /** null: the day off; else the hours of that day, 'HH:MM'. */
  startTime: text('start_time'),
  endTime: text('end_time'),
}, (t) => [primaryKey({ columns: [t.staffId, t.ymd] })])

/** A consultant's private iCalendar feed: only the SHA-256 of the URL's token is kept. */
export const staffCalendarFeeds = pgTable('staff_calendar_feeds', {
  staffId: text('staff_id').primaryKey().references(() => staff.staffId, { onDelete: 'cascade' }),
  tokenHash: text('token_hash').notNull().unique(),
  /**
   * The staff account that made the URL: the feed answers only while that account still holds the
   * staff row, so a revoked consultant's URL never serves a successor's bookings.
   */
  ownerUid: text('owner_uid'),
  createdAt: ts('created_at').notNull(),
})

// ---- operator's desk: mail outbox, refunds, uploaded images (docs/server.md "Operator's desk")

/**
 * The outbox (server/infra/outbox.ts, docs/server.md "Outbox"): every message the server sends —
 * mail now (`channel` 'mail'), LINE later, in this one table — written by `notify()` in the
 * transaction of the change that causes it, then delivered after the commit by the job
 * `outbox-delivery` with back-off, and shown to an operator with its status (dead ones with a
 * resend). The table keeps its first name, `mail_outbox`, for the migrations and the desk's views.
 * Mails carrying a secret (a signup or e-mail change link) are kept with the secret blanked out;
 * the text that goes out waits in `pending_body` only until it is delivered or given up.
 */
export const mailOutbox = pgTable('mail_outbox', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  /** 'mail' (the recipient is an address); a later channel (LINE) adds its name, not a table. */
  channel: text('channel').$type<'mail'>().notNull().default('mail'),
  /** What the message is (`purchase`, `reset-code`, `reminder-evening`…): names it on the desk and picks a renderer. */
  kind: text('kind').notNull().default('mail'),
  /**
   * One message per cause (`purchase:<ticket>`, `reminder:evening:<ticket>:<at>`…), unique per
   * channel: a repeated notify writes nothing, and the delivery sends it as the Message-ID.
   * Null only on rows from before the outbox had keys.
   */
  idempotencyKey: text('idempotency_key'),
  /** The member the address belonged to when the mail was sent (null: not a member yet). */
  memberId: text('member_id'),
  toAddress: text('to_address').notNull(),
  subject: text('subject').notNull(),
  /** The text as the desk shows it: a secret (link, code) reads ［非表示］. */
  body: text('body').notNull(),
  /** The text as it must go when it holds a secret; null once delivered or given up (and when it holds none). */
  pendingBody: text('pending_body'),
  /** What a renderer needs to build the message again at delivery (reset-code: the member id). */
  ref: text('ref'),
  /** Files sent with the mail (a booking's calendar invite); null: none. Resent with the body. */
  attachments: jsonb('attachments').$type<MailAttachment[]>(),
  /** false: the body was stored with a secret blanked out; only a new request sends a new one. */
  resendable: boolean('resendable').notNull().default(true),
  /** pending (due at next_attempt_at) | sending (leased to one delivery) | sent | dead (given up; the desk resends) */
  status: text('status').$type<'pending' | 'sending' | 'sent' | 'dead'>().notNull(),
  attempts: integer('attempts').notNull().default(0),
  lastError: text('last_error'),
  /** When a pending message is next due after a failure (the delivering clock's time plus its back-off); null: due at once. */
  nextAttemptAt: ts('next_attempt_at'),
  /** After a failure at or past this time the message is dead (notify or a resend: now + OUTBOX_GIVE_UP_HOURS). */
  giveUpAt: ts('give_up_at'),
  /** Until when a `sending` row belongs to the delivery that claimed it (then another takes it). */
  leaseUntil: ts('lease_until'),
  createdAt: ts('created_at').notNull(),
  sentAt: ts('sent_at'),
  updatedAt: ts('updated_at').notNull(),
}, (t) => [
  index('mail_outbox_member_idx').on(t.memberId, t.createdAt.desc()),
  index('mail_outbox_to_idx').on(t.toAddress),
  uniqueIndex('mail_outbox_key_idx').on(t.channel, t.idempotencyKey),
  index('mail_outbox_due_idx').on(t.status, t.nextAttemptAt),
])

/**
 * One refund of a purchase (operator's desk). The idempotency key makes a double click or a retry
 * the same refund; pending rows count against what may still be refunded, so two refunds sent at
 * once never exceed what was paid (services/desk-refunds.ts). Accounting records: never deleted.
 */
export const refunds = pgTable('refunds', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  receiptNumber: text('receipt_number').notNull(),
  ticketNumber: text('ticket_number').notNull(),
  memberId: text('member_id').notNull(),
  amount: integer('amount').notNull(),
  reason: text('reason').notNull(),
  idempotencyKey: text('idempotency_key').notNull().unique(),
  /** sha-256 of (receipt, amount, reason): the key stands for one request. */
  fingerprint: text('fingerprint').notNull(),
  /** pending | succeeded | failed */
  status: text('status').$type<'pending' | 'succeeded' | 'failed'>().notNull(),
  providerRefundId: text('provider_refund_id'),
  error: text('error'),
  actorUid: text('actor_uid').notNull(),
  createdAt: ts('created_at').notNull(),
  updatedAt: ts('updated_at').notNull(),
}, (t) => [
  index('refunds_receipt_idx').on(t.receiptNumber),
  // The desk's refunds of a day (desk-today), of a range (desk-numbers) and the refunds export's keyset.
  index('refunds_created_idx').on(t.createdAt, t.id).where(sql`${t.status} = 'succeeded'`),
])

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (v) => Buffer.from(v),
})

/**
 * Images uploaded on the operator's desk (consultant photos, menu images), re-encoded as WebP by
 * sharp and served from `/api/images/<imageId>`: same origin, so the app's CSP (img-src 'self')
 * shows them, and every replica serves them from the shared database.
 */
export const uploadedImages = pgTable('uploaded_images', {
  imageId: text('image_id').primaryKey(),
  contentType: text('content_type').notNull(),
  width: integer('width').notNull(),
  height: integer('height').notNull(),
  bytes: bytea('bytes').notNull(),
  createdBy: text('created_by').notNull(),
  createdAt: ts('created_at').notNull(),
})

/**
 * One row per reminder sent (server/jobs/reminders.ts, docs/server.md "Reminders"): its kind
 * (`evening`, `hour`, `consultant-day`), what it is about (a ticket number, or a consultant's id for
 * their day's list) and the time it names (the reservation's start, or the day's start). A run
 * inserts the row before it mails, so a retried or duplicated run never mails twice; a moved
 * reservation has a new time and so a reminder of its own.
 */
export const reminderSends = pgTable('reminder_sends', {
  kind: text('kind').$type<'evening' | 'hour' | 'consultant-day' | 'outcome-overdue' | 'follow-up'>().notNull(),
  subject: text('subject').notNull(),
  at: ts('at').notNull(),
  sentAt: ts('sent_at').notNull(),
}, (t) => [primaryKey({ columns: [t.kind, t.subject, t.at] })])

/**
 * One row per receipt (領収書) issued: the purchase's receipt number, how many times it was issued
 * (the member's views and the desk's together; the first is the original, every later one says
 * 再発行), when first, and the addressee the member changed it to — once (docs/decisions.md 87).
 */
export const receiptIssues = pgTable('receipt_issues', {
  receiptNumber: text('receipt_number').primaryKey().references(() => purchases.receiptNumber, { onDelete: 'restrict' }),
  memberId: text('member_id').notNull().references(() => members.memberId, { onDelete: 'restrict' }),
  issueCount: integer('issue_count').notNull().default(0),
  firstIssuedAt: ts('first_issued_at'),
  lastIssuedAt: ts('last_issued_at'),
  /**
   * The page view that made the last issue (a key the page draws once): the same view asking again
   * (a retried request, React's development double effect) is that issue, not a re-issue.
   */
  lastViewId: text('last_view_id'),
  /** null: the member's name + 様; set once, never changed again. */
  addressee: text('addressee'),
  addresseeSetAt: ts('addressee_set_at'),
})

/**
 * Who was in an online consultation's room, and when (docs/server.md "The online consultation
 * room"): one row per connection of the member or the consultant to the room's signalling socket,
 * `left_at` set when it closes (null while it is open, or when the process died first). Evidence of
 * the consultation, shown to its consultant and on the desk; never deleted.
 */
export const roomPresence = pgTable('room_presence', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  ticketNumber: text('ticket_number').notNull().references(() => tickets.ticketNumber),
  side: text('side').$type<'member' | 'consultant'>().notNull(),
  /** The member's id or the consultant's staff id. */
  who: text('who').notNull(),
  joinedAt: ts('joined_at').notNull(),
  leftAt: ts('left_at'),
}, (t) => [index('room_presence_ticket_idx').on(t.ticketNumber, t.joinedAt)])

/**
 * The online room's relay log (docs/decisions.md 97): every signalling message of a room with its
 * per-room sequence number, so a replica that missed a notification (its listener reconnecting)
 * reads what it missed instead of losing it. Written and read by server/infra/room-bus.ts on
 * PostgreSQL only; kept ROOM_LOG_KEEP_MINUTES, then deleted (chat lines and network addresses
 * are not kept longer than the catch-up needs).
 */
export const roomMessages = pgTable('room_messages', {
  ticketNumber: text('ticket_number').notNull(),
  seq: integer('seq').notNull(),
  /** The sending socket's id (on whichever replica held it). */
  conn: text('conn').notNull(),
  fromSide: text('from_side').$type<'member' | 'consultant'>().notNull(),
  body: jsonb('body').notNull(),
  createdAt: ts('created_at').notNull().defaultNow(),
  /**
   * When the row may go: signalling ten minutes after it was sent (a listener's reconnect), a chat
   * line when its room closes (the history a reconnecting page reads), docs/server.md.
   */
  expiresAt: ts('expires_at').notNull().default(sql`now() + interval '10 minutes'`),
}, (t) => [primaryKey({ columns: [t.ticketNumber, t.seq] }), index('room_messages_created_idx').on(t.createdAt), index('room_messages_expires_idx').on(t.expiresAt)])

/**
 * The last sequence number given in each room (room_messages' rows are deleted; the count goes on)
 * and the bytes the room has written to the log over its life (capped: ROOM_STORED_BYTES_MAX).
 */
export const roomSequences = pgTable('room_sequences', {
  ticketNumber: text('ticket_number').primaryKey(),
  seq: integer('seq').notNull(),
  bytes: bigint('bytes', { mode: 'number' }).notNull().default(0),
})

// 数字's summaries of whole past JST days (docs/decisions.md 95, docs/server.md "Numbers and
// exports"), written only by the `numbers-summaries` job (services/desk/numbers-days.ts) from the
// same grouped queries the live numbers run. A day is read from them only when it is two days past
// and not in `numbers_stale_days`; everything else is read live from the rows.

/**
 * The days whose summaries may not match their rows: every statement that writes purchases,
 * refunds, tickets, ratings or staff_shifts adds the JST days it touched, in its own transaction,
 * by a trigger (migration `numbers_summaries`); the job deletes a day when it rebuilds it.
 */
export const numbersStaleDays = pgTable('numbers_stale_days', {
  /** `YYYYMMDD`, Japan time. */
  day: text('day').primaryKey(),
})

/** A day's purchases (by purchase day) and succeeded refunds (by refund day) per product as sold. */
export const numbersDaySales = pgTable('numbers_day_sales', {
  day: text('day').notNull(),
  productType: text('product_type').$type<ProductType>().notNull(),
  productName: text('product_name').notNull(),
  count: integer('count').notNull(),
  gross: bigint('gross', { mode: 'number' }).notNull(),
  discount: bigint('discount', { mode: 'number' }).notNull(),
  refunds: bigint('refunds', { mode: 'number' }).notNull(),
  refundCount: integer('refund_count').notNull(),
}, (t) => [primaryKey({ columns: [t.day, t.productType, t.productName] })])

/** A day's coupon uses and their discount per coupon. */
export const numbersDayCoupons = pgTable('numbers_day_coupons', {
  day: text('day').notNull(),
  couponCode: text('coupon_code').notNull(),
  uses: integer('uses').notNull(),
  discount: bigint('discount', { mode: 'number' }).notNull(),
}, (t) => [primaryKey({ columns: [t.day, t.couponCode] })])

/** A day's figures per consultant: consultations booked that day, shifts starting that day, ratings given that day. */
export const numbersDayStaff = pgTable('numbers_day_staff', {
  day: text('day').notNull(),
  staffId: text('staff_id').notNull(),
  bookedMinutes: bigint('booked_minutes', { mode: 'number' }).notNull(),
  consultations: integer('consultations').notNull(),
  ended: integer('ended').notNull(),
  completed: integer('completed').notNull(),
  unsolved: integer('unsolved').notNull(),
  noContact: integer('no_contact').notNull(),
  shiftMinutes: bigint('shift_minutes', { mode: 'number' }).notNull(),
  ratingCount: integer('rating_count').notNull(),
  ratingSum: bigint('rating_sum', { mode: 'number' }).notNull(),
}, (t) => [primaryKey({ columns: [t.day, t.staffId] })])

/** A day's ratings in all (those without a consultant included), for the average and the trend. */
export const numbersDayRatings = pgTable('numbers_day_ratings', {
  day: text('day').primaryKey(),
  count: integer('count').notNull(),
  sum: bigint('sum', { mode: 'number' }).notNull(),
})
