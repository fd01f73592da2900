import * as v from 'valibot'
import { ContactDevice, ContactOs, RemoteSupport, SupportStatus, SupportType } from './entities'
import { emailField, ID_MAX, noControlChars } from './fields'
import { ProductId, ReservationTime, TicketNumber, Ymd } from './ids'
import { staffMessages as sm } from './staff-messages'
import { RoomAccessRequest, RoomAccessResponse, RoomStay } from './room'

/**
 * The staff calls (docs/api.md "Staff calls"): the consultation loop of consultants and operators.
 * Shaped like contract/calls.ts, with the role a call is open to instead of `auth`:
 *  - server/ mounts each entry at `/api/staff/<name>` (server/http/staff.ts `mountStaffCalls`): the
 *    bearer token first (401), then the role (403, checked on the token's claim AND the
 *    staff_accounts row), then the query/body with `request` (400), never a 5xx for bad input;
 *  - the SPA's staff pages build a typed client from it and parse every response with `response`.
 * Other staff registries (the operator's desk) have the same shape and mount the same way.
 */
export type StaffRole = 'consultant' | 'operator'
/** 'staff': either role. A consultant is then limited to their own bookings and shifts by the handler. */
export type StaffCallRole = StaffRole | 'staff'

export type StaffCallSpec = {
  method: 'GET' | 'POST'
  role: StaffCallRole
  request: v.GenericSchema
  response: v.GenericSchema
  /** A POST body's cap in bytes (default 16 KB): larger for an image upload. */
  bodyLimit?: number
}
export type StaffRegistry = Record<string, StaffCallSpec>

export const StaffRoleSchema = v.picklist(['consultant', 'operator'], sm.roleInvalid)

/** A consultant row id (`STAFF-01`). */
export const StaffIdField = v.pipe(v.string(), v.nonEmpty(sm.staffIdRequired), v.maxLength(ID_MAX, sm.staffIdRequired), v.brand('StaffId'))
/** A consultant's staff id as a staff request names it (branded at the contract, like contract/ids.ts). */
export type StaffId = v.InferOutput<typeof StaffIdField>

/** Query values arrive as strings; a client may pass numbers or booleans (the URL builder stringifies them). */
const queryInt = (min: number, max: number, message: string) =>
  v.pipe(
    v.union([v.number(), v.pipe(v.string(), v.maxLength(4, message), v.regex(/^\d+$/, message), v.transform(Number))], message),
    v.integer(message),
    v.minValue(min, message),
    v.maxValue(max, message),
  )
const queryBool = v.pipe(v.union([v.boolean(), v.picklist(['true', 'false', '1', '0'])]), v.transform((x) => x === true || x === 'true' || x === '1'))

/** The grid of a plan's times, in minutes (HalfHour's pattern). */
export const PLAN_STEP_MINUTES = 30
/** 'HH:MM' on the 30-minute grid, Japan wall clock; '24:00' ends a day. */
export const HalfHour = v.pipe(v.string(), v.regex(/^(?:[01]\d|2[0-3]):(?:00|30)$|^24:00$/, sm.timeInvalid))

// ---- staff-me
export const StaffMeResponse = v.object({
  uid: v.string(),
  email: v.string(),
  roles: v.array(StaffRoleSchema),
  /** The consultant's staff row; null for an operator who is not also a consultant. */
  staffId: v.nullable(v.string()),
  /** The staff row's nickname (what members see); null without one. */
  nickname: v.nullable(v.string()),
})
export type StaffMeResponse = v.InferOutput<typeof StaffMeResponse>

// ---- consultations (consultant-day, assignments)
export const Outcome = v.picklist(['COMPLETED', 'UNSOLVED', 'UNSOLVED_COMPLETED', 'NO_CONTACT'], sm.outcomeInvalid)
export type Outcome = v.InferOutput<typeof Outcome>

/** An extension (ADD) bought on a consultation. */
export const AddTicket = v.object({ ticketNumber: v.string(), productName: v.string(), minutes: v.number(), purchaseUnixTime: v.number() })

export const ConsultationState = v.picklist(['live', 'refunded', 'cancelled'])
export type ConsultationState = v.InferOutput<typeof ConsultationState>

export const Consultation = v.object({
  ticketNumber: v.string(),
  productName: v.string(),
  staffId: v.string(),
  staffNickname: v.string(),
  /** `SUPPORT-YYYYMMDD-HH-MM` (Japan wall clock). */
  reservationTime: v.string(),
  startUnixTime: v.number(),
  /**
   * When the consultation ends: start + the ticket's minutes + the extensions (ADD) bought on it
   * (`addedMinutes`). Every staff view and the calendar feed show this end (docs/server.md
   * "Consultation state").
   */
  endUnixTime: v.number(),
  /** start + the ticket's minutes: the end of the booked cells (an extension runs on without cells). */
  bookedEndUnixTime: v.number(),
  minutes: v.number(),
  /** Minutes of the extensions bought on it. */
  addedMinutes: v.number(),
  supportType: v.nullable(SupportType),
  /** TEL: the number to call (the member's phone). */
  telNumber: v.nullable(v.string()),
  /** ONLINE: where the meeting link goes (the member's e-mail). */
  onlineEmail: v.nullable(v.string()),
  /** 姓 名; '（退会済み）' once the member cancelled their account. */
  memberName: v.string(),
  concernText: v.nullable(v.string()),
  device: v.nullable(ContactDevice),
  os: v.nullable(ContactOs),
  remoteSupport: v.nullable(RemoteSupport),
  /** Titles of the reservation menu items the member chose. */
  menuTitles: v.array(v.string()),
  addTickets: v.array(AddTicket),
  supportStatus: SupportStatus,
  /** The consultant recorded ご連絡なし: the status stays UNSUPPORTED (the member's card then reads "no contact"). */
  noContact: v.boolean(),
  minutesUsed: v.nullable(v.number()),
  unsolvedAfterFollowContent: v.nullable(v.string()),
  outcomeUnixTime: v.nullable(v.number()),
  /** Refunded in part or in full: no outcome can be recorded. */
  refunded: v.boolean(),
  /** ONLINE: who was in the consultation's room and when (room_presence), oldest first; empty for TEL. */
  roomStays: v.array(RoomStay),
  /**
   * The one state every staff view reads (docs/server.md "Consultation state"), never re-derived:
   *  - live: the booking holds its cells and is (or was) to be held;
   *  - refunded: any refund ended the reservation (docs/product.md §4 "Refunds end the
   *    reservation"), its cells from the refund on are free;
   *  - cancelled: the member cancelled their account before it started; its cells are free.
   * Only a live consultation can be reassigned, extended or given an outcome; the others are
   * shown marked (返金済み / 取消) after the live ones, without actions.
   */
  state: ConsultationState,
  /** The member chose 指名なし: the consultant was assigned. */
  noPreference: v.boolean(),
  /**
   * 未解決's follow-up falls due this JST day (`YYYYMMDD`): FOLLOW_UP_BUSINESS_DAYS business days
   * after 未解決 was recorded (docs/decisions.md 85); null before. Owed while the status is UNSOLVED.
   */
  followUpDue: v.nullable(v.string()),
  /** The member told us that no call came (unix seconds; docs/decisions.md 86); null otherwise. */
  noCallReportedUnixTime: v.nullable(v.number()),
})
export type Consultation = v.InferOutput<typeof Consultation>

export const ConsultantDayRequest = v.object({
  /** First day (JST); default today. */
  from: v.optional(Ymd),
  /** How many days from `from`: 1–31, default 1. */
  days: v.optional(queryInt(1, 31, sm.daysInvalid)),
  /** Operators only: whose day (a consultant may pass only their own). Required for an operator without a staff row. */
  staffId: v.optional(StaffIdField),
})
export const ConsultantDayResponse = v.object({
  staffId: v.string(),
  staffNickname: v.string(),
  from: v.string(),
  days: v.number(),
  consultations: v.array(Consultation),
})
export type ConsultantDayResponse = v.InferOutput<typeof ConsultantDayResponse>

// ---- consultation-outcome
export const UNSOLVED_FOLLOW_MAX = 500
export const MINUTES_USED_MAX = 600
export const CASE_NOTE_MAX = 1000
/**
 * Control characters a note typed in a text box never holds (NUL and the other C0/C1 controls, DEL);
 * line breaks and tabs are the note's own layout and stay.
 */
const NOTE_CONTROLS = /(?![\t\n\r])\p{Cc}/u
/**
 * The consultant's case note on an outcome (staff only: no member answer carries it, docs/api.md
 * "Staff calls"): trimmed, at most CASE_NOTE_MAX characters; empty clears it.
 */
export const CaseNote = v.pipe(
  v.string(sm.caseNoteInvalid),
  v.check((s) => !NOTE_CONTROLS.test(s), sm.caseNoteInvalid),
  v.trim(),
  v.maxLength(CASE_NOTE_MAX, sm.caseNoteTooLong),
)
/** Left out: the note stays as it was (a follow-up of 未解決 keeps the first visit's note unless edited). */
const caseNote = v.optional(CaseNote)
export const ConsultationOutcomeRequest = v.variant('outcome', [
  v.object({
    ticketNumber: TicketNumber,
    outcome: v.literal('COMPLETED'),
    minutesUsed: v.pipe(v.number(sm.minutesUsedInvalid), v.integer(sm.minutesUsedInvalid), v.minValue(1, sm.minutesUsedInvalid), v.maxValue(MINUTES_USED_MAX, sm.minutesUsedInvalid)),
    caseNote,
  }),
  v.object({ ticketNumber: TicketNumber, outcome: v.literal('UNSOLVED'), caseNote }),
  v.object({
    ticketNumber: TicketNumber,
    outcome: v.literal('UNSOLVED_COMPLETED'),
    unsolvedAfterFollowContent: v.pipe(v.string(), v.trim(), v.nonEmpty(sm.followRequired), v.maxLength(UNSOLVED_FOLLOW_MAX, sm.followTooLong), noControlChars),
    caseNote,
  }),
  v.object({ ticketNumber: TicketNumber, outcome: v.literal('NO_CONTACT'), caseNote }),
], sm.outcomeInvalid)
export type ConsultationOutcomeRequest = v.InferOutput<typeof ConsultationOutcomeRequest>
/** A consultation as the staff pages keep it after the fact: with its staff-only case note. */
export const ConsultationRecord = v.object({ ...Consultation.entries, caseNote: v.nullable(v.string()) })
export type ConsultationRecord = v.InferOutput<typeof ConsultationRecord>
export const ConsultationOutcomeResponse = v.object({
  consultation: ConsultationRecord,
  /** A COMPLETED SUPPORT ticket: the member was mailed the rating link. */
  ratingMailSent: v.boolean(),
})

// ---- extension-link
export const ExtensionLinkRequest = v.object({
  ticketNumber: TicketNumber,
  /** Which ADD product; default the first one on sale. */
  productId: v.optional(ProductId),
})
export const ExtensionLinkResponse = v.object({
  /** The /buy link mailed to the member (productId + parentTicketNumber). */
  url: v.string(),
  productId: v.string(),
})

// ---- shift-plan, shift-plan-update
export const WeeklyPeriod = v.object({
  /** 1 = Monday … 7 = Sunday (ISO). */
  weekday: v.pipe(v.number(), v.integer(sm.weekdayInvalid), v.minValue(1, sm.weekdayInvalid), v.maxValue(7, sm.weekdayInvalid)),
  start: HalfHour,
  end: HalfHour,
})
export const ShiftException = v.object({
  ymd: Ymd,
  /** true: a day off (start/end ignored); false: other hours that day. */
  off: v.boolean(),
  start: v.optional(v.nullable(HalfHour)),
  end: v.optional(v.nullable(HalfHour)),
})
export const ShiftDay = v.object({
  ymd: v.string(),
  holiday: v.boolean(),
  /** The hours the member's grid offers that day (what members can book). */
  periods: v.array(v.object({ start: v.string(), end: v.string() })),
  bookings: v.array(v.object({ ticketNumber: v.string(), start: v.string(), end: v.string() })),
})
export const ShiftPlanRequest = v.object({
  staffId: v.optional(StaffIdField),
  from: v.optional(Ymd),
  days: v.optional(queryInt(1, 31, sm.daysInvalid)),
})
export const ShiftPlanResponse = v.object({
  staffId: v.string(),
  staffNickname: v.string(),
  /**
   * Where `weekly` and `exceptions` come from: 'plan' the stored weekly plan; 'rows' no plan is
   * stored, they are derived from the consultant's dated shifts (saving a weekly plan keeps those
   * hours: docs/server.md "Shifts and holidays"); 'none' neither plan nor shifts.
   */
  planSource: v.picklist(['plan', 'rows', 'none']),
  weekly: v.array(v.object({ weekday: v.number(), start: v.string(), end: v.string() })),
  exceptions: v.array(v.object({ ymd: v.string(), off: v.boolean(), start: v.nullable(v.string()), end: v.nullable(v.string()) })),
  days: v.array(ShiftDay),
})
export type ShiftPlanResponse = v.InferOutput<typeof ShiftPlanResponse>
export const ShiftPlanUpdateRequest = v.object({
  staffId: v.optional(StaffIdField),
  /** Replaces the whole weekly plan when given. */
  weekly: v.optional(v.pipe(v.array(WeeklyPeriod), v.maxLength(28, sm.tooMany))),
  /** Sets (adds or replaces) these dated exceptions. */
  setExceptions: v.optional(v.pipe(v.array(ShiftException), v.maxLength(62, sm.tooMany))),
  /** Removes the exceptions of these days (back to the weekly plan). */
  removeExceptions: v.optional(v.pipe(v.array(Ymd), v.maxLength(62, sm.tooMany))),
})
const ShiftPeriods = v.array(v.object({ start: v.string(), end: v.string() }))
/** One day of the member's grid (today … today + 14) a change alters: its hours before and after, what it loses and gains. */
export const ShiftChange = v.object({ ymd: v.string(), holiday: v.boolean(), before: ShiftPeriods, after: ShiftPeriods, lost: ShiftPeriods, gained: ShiftPeriods })
export type ShiftChange = v.InferOutput<typeof ShiftChange>
/** shift-plan-preview: what shift-plan-update with the same body would change (nothing is written). */
export const ShiftPlanPreviewResponse = v.object({ changes: v.array(ShiftChange) })
/** shift-plan-update: the plan as saved, and what the save changed. */
export const ShiftPlanUpdateResponse = v.object({ ...ShiftPlanResponse.entries, changes: v.array(ShiftChange) })

// ---- business-holidays, business-holiday-update
export const BusinessHolidaysRequest = v.object({ from: v.optional(Ymd) })
export const BusinessHolidaysResponse = v.object({ holidays: v.array(v.object({ ymd: v.string() })) })
export const BusinessHolidayUpdateRequest = v.object({
  add: v.optional(v.pipe(v.array(Ymd), v.maxLength(62, sm.tooMany))),
  remove: v.optional(v.pipe(v.array(Ymd), v.maxLength(62, sm.tooMany))),
})

// ---- assignments
export const AssignmentsRequest = v.object({
  from: v.optional(Ymd),
  days: v.optional(queryInt(1, 31, sm.daysInvalid)),
  /** Only the bookings made 指名なし. */
  noPreferenceOnly: v.optional(queryBool),
  staffId: v.optional(StaffIdField),
})
export const AssignmentsResponse = v.object({ assignments: v.array(Consultation) })

// ---- reassign-candidates, reassign
export const CandidateReason = v.picklist(['CURRENT', 'PAST', 'HOLIDAY', 'INACTIVE', 'NO_SHIFT', 'BOOKED'])
export const ReassignCandidatesRequest = v.object({ ticketNumber: TicketNumber })
export const ReassignCandidatesResponse = v.object({
  consultation: Consultation,
  candidates: v.array(
    v.object({
      staffId: v.string(),
      staffNickname: v.string(),
      free: v.boolean(),
      /** Why not free (null when free). */
      reason: v.nullable(CandidateReason),
      /** The same in Japanese, for the screen. */
      reasonText: v.nullable(v.string()),
      /** Consultations held that week (Monday–Sunday, JST). */
      weekCount: v.number(),
      /**
       * The consultant has a mail address (their own, set on the desk, or their staff account's):
       * the reassignment mails them. Without one the dialog says they are not mailed.
       */
      mailable: v.boolean(),
    }),
  ),
})
export const REASSIGN_REASON_MAX = 500
export const ReassignRequest = v.object({
  ticketNumber: TicketNumber,
  staffId: StaffIdField,
  /**
   * The consultation's time as the operator saw it (`SUPPORT-YYYYMMDD-HH-MM`): when the member moved
   * it meanwhile, the reassignment is refused (409) instead of applied to a time nobody looked at.
   */
  reservationTime: v.optional(ReservationTime),
  reason: v.pipe(v.string(), v.trim(), v.nonEmpty(sm.reasonRequired), v.maxLength(REASSIGN_REASON_MAX, sm.reasonTooLong), noControlChars),
})
/** Who the reassignment mailed: the member, the consultant who gave it up, the one who took it. */
export const ReassignMailed = v.picklist(['MEMBER', 'FROM_STAFF', 'TO_STAFF'])
export const ReassignResponse = v.object({ consultation: Consultation, fromStaffId: v.string(), mailed: v.array(ReassignMailed) })

// ---- calendar-feed
export const CalendarFeedRequest = v.object({
  /** STATUS: whether a feed exists; ROTATE: a new URL (the old one stops); REVOKE: none any more. */
  action: v.picklist(['STATUS', 'ROTATE', 'REVOKE'], sm.actionInvalid),
})
export const CalendarFeedResponse = v.object({
  active: v.boolean(),
  /** Only right after ROTATE: the URL is shown once (only its hash is kept). */
  url: v.nullable(v.string()),
  createdUnixTime: v.nullable(v.number()),
})

// ---- staff-accounts, role-grant, role-revoke
export const StaffAccount = v.object({
  uid: v.string(),
  email: v.string(),
  roles: v.array(StaffRoleSchema),
  staffId: v.nullable(v.string()),
  staffNickname: v.nullable(v.string()),
  updatedUnixTime: v.number(),
})
export const StaffAccountsResponse = v.object({
  accounts: v.array(StaffAccount),
  /** Every consultant row, with the account linked to it (to pick one for a consultant grant). */
  staff: v.array(v.object({ staffId: v.string(), staffNickname: v.string(), uid: v.nullable(v.string()) })),
})
export const RoleGrantRequest = v.object({
  email: emailField,
  role: StaffRoleSchema,
  /** Required with the consultant role: the staff row the account works as. */
  staffId: v.optional(StaffIdField),
  /** Creates the sign-in account with this first password when none exists for the address. */
  initialPassword: v.optional(v.pipe(v.string(), v.minLength(8, sm.initialPasswordRule), v.maxLength(128, sm.initialPasswordRule))),
})
export const RoleRevokeRequest = v.object({ uid: v.pipe(v.string(), v.nonEmpty(), v.maxLength(128)), role: StaffRoleSchema })
export const RoleChangeResponse = v.object({ account: StaffAccount })
/**
 * `invitationMailed`: the grant gave the account a role it did not hold, and it was mailed how to
 * sign in and set its password (docs/server.md "Staff roles"). A repeated grant mails nothing.
 */
export const RoleGrantResponse = v.object({ account: StaffAccount, invitationMailed: v.boolean() })

// ---- member-consultations
export const MEMBER_HISTORY_MAX = 50
export const MemberConsultationsRequest = v.object({
  /** The consultation being opened: a consultant's own (403 otherwise), any for an operator. */
  ticketNumber: TicketNumber,
})
/** One of the member's earlier consultations, as the consultant needs it before calling. */
export const EarlierConsultation = v.object({
  ticketNumber: v.string(),
  reservationTime: v.string(),
  startUnixTime: v.number(),
  productName: v.string(),
  staffNickname: v.string(),
  supportStatus: SupportStatus,
  noContact: v.boolean(),
  minutes: v.number(),
  minutesUsed: v.nullable(v.number()),
  unsolvedAfterFollowContent: v.nullable(v.string()),
  caseNote: v.nullable(v.string()),
  refunded: v.boolean(),
})
export type EarlierConsultation = v.InferOutput<typeof EarlierConsultation>
export const MemberConsultationsResponse = v.object({
  ticketNumber: v.string(),
  memberName: v.string(),
  /** The opened consultation's own case note. */
  caseNote: v.nullable(v.string()),
  /** The member's consultations that started before this one, newest first (at most MEMBER_HISTORY_MAX). */
  earlier: v.array(EarlierConsultation),
  /** More earlier consultations exist than are listed. */
  more: v.boolean(),
})
export type MemberConsultationsResponse = v.InferOutput<typeof MemberConsultationsResponse>

// ---- past-consultations
export const PAST_PAGE_SIZE = 20
export const PAST_PAGE_MAX = 50
/**
 * ALL: every started consultation; NO_OUTCOME: 結果未記録 (no outcome yet, not ご連絡なし); OVERDUE:
 * 結果未記録 past the grace period after the end (OUTCOME_GRACE_HOURS, docs/decisions.md 85);
 * UNSOLVED: 未解決, a follow-up owed.
 */
export const PastFilter = v.picklist(['ALL', 'NO_OUTCOME', 'OVERDUE', 'UNSOLVED'], sm.pastFilterInvalid)
export type PastFilter = v.InferOutput<typeof PastFilter>
export const PastConsultationsRequest = v.object({
  /** A consultant: only their own (403 for another's). An operator: that consultant's, or everyone's when left out. */
  staffId: v.optional(StaffIdField),
  filter: v.optional(PastFilter, 'ALL'),
  /** First and last day (JST, inclusive) of the start; either may be left out. */
  from: v.optional(Ymd),
  to: v.optional(Ymd),
  /** 1-based page, newest first. */
  page: v.optional(queryInt(1, 9999, sm.pageInvalid), 1),
  /** Consultations a page: 1–PAST_PAGE_MAX, default PAST_PAGE_SIZE. */
  pageSize: v.optional(queryInt(1, PAST_PAGE_MAX, sm.pageSizeInvalid), PAST_PAGE_SIZE),
})
export type PastConsultationsRequest = v.InferOutput<typeof PastConsultationsRequest>
export const PastConsultationsResponse = v.object({
  /** Whose past: null for every consultant (an operator's view). */
  staffId: v.nullable(v.string()),
  filter: PastFilter,
  page: v.number(),
  pageSize: v.number(),
  /** How many match the filter and range (all pages). */
  total: v.number(),
  consultations: v.array(ConsultationRecord),
  /** Operators: every consultant, for the picker; empty for a consultant. */
  consultants: v.array(v.object({ staffId: v.string(), staffNickname: v.string() })),
})
export type PastConsultationsResponse = v.InferOutput<typeof PastConsultationsResponse>

export const staffCalls = {
  'staff-me': { method: 'GET', role: 'staff', request: v.object({}), response: StaffMeResponse },
  'consultant-day': { method: 'GET', role: 'staff', request: ConsultantDayRequest, response: ConsultantDayResponse },
  'consultation-outcome': { method: 'POST', role: 'staff', request: ConsultationOutcomeRequest, response: ConsultationOutcomeResponse },
  'extension-link': { method: 'POST', role: 'staff', request: ExtensionLinkRequest, response: ExtensionLinkResponse },
  'shift-plan': { method: 'GET', role: 'staff', request: ShiftPlanRequest, response: ShiftPlanResponse },
  'shift-plan-preview': { method: 'POST', role: 'staff', request: ShiftPlanUpdateRequest, response: ShiftPlanPreviewResponse },
  'shift-plan-update': { method: 'POST', role: 'staff', request: ShiftPlanUpdateRequest, response: ShiftPlanUpdateResponse },
  'business-holidays': { method: 'GET', role: 'operator', request: BusinessHolidaysRequest, response: BusinessHolidaysResponse },
  'business-holiday-update': { method: 'POST', role: 'operator', request: BusinessHolidayUpdateRequest, response: BusinessHolidaysResponse },
  assignments: { method: 'GET', role: 'operator', request: AssignmentsRequest, response: AssignmentsResponse },
  'reassign-candidates': { method: 'GET', role: 'operator', request: ReassignCandidatesRequest, response: ReassignCandidatesResponse },
  reassign: { method: 'POST', role: 'operator', request: ReassignRequest, response: ReassignResponse },
  'calendar-feed': { method: 'POST', role: 'consultant', request: CalendarFeedRequest, response: CalendarFeedResponse },
  'member-consultations': { method: 'GET', role: 'staff', request: MemberConsultationsRequest, response: MemberConsultationsResponse },
  'past-consultations': { method: 'GET', role: 'staff', request: PastConsultationsRequest, response: PastConsultationsResponse },
  'staff-accounts': { method: 'GET', role: 'operator', request: v.object({}), response: StaffAccountsResponse },
  'role-grant': { method: 'POST', role: 'operator', request: RoleGrantRequest, response: RoleGrantResponse },
  'role-revoke': { method: 'POST', role: 'operator', request: RoleRevokeRequest, response: RoleChangeResponse },
  // The consultant's side of the online room (contract/room.ts): only the consultation's own consultant.
  'room-access': { method: 'GET', role: 'consultant', request: RoomAccessRequest, response: RoomAccessResponse },
} as const satisfies StaffRegistry

export type StaffCallName = keyof typeof staffCalls
export type StaffCallResponse<N extends StaffCallName> = v.InferOutput<(typeof staffCalls)[N]['response']>

/** The path prefix every staff registry is mounted under. */
export const STAFF_API_PREFIX = '/api/staff/'
/** The private iCalendar feed (outside the bearer scheme): `<prefix><token>.ics`. */
export const STAFF_CALENDAR_PREFIX = '/api/staff-calendar/'
