import * as v from 'valibot'
import { StaffGender } from '../entities'
import { EMAIL_MAX, emailField, ID_MAX } from '../fields'
import { deskMessages as dm } from '../desk-messages'
import type { StaffRegistry } from '../staff-calls'
import { ImagePath } from './catalog'
import { int, strict, text, Version } from './common'

// The operator's desk, consultants (docs/product.md §3 Staff schedule):
// its schemas and its part of the registry, which contract/desk-calls.ts composes into `deskCalls`.

export const NICKNAME_MAX = 25

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

export const consultantCalls = {
  'desk-consultants': { method: 'GET', role: 'operator', request: DeskConsultantsRequest, response: DeskConsultantsResponse },
  'desk-consultant-save': { method: 'POST', role: 'operator', request: DeskConsultantSaveRequest, response: DeskConsultantResponse },
  'desk-consultant-active': { method: 'POST', role: 'operator', request: DeskConsultantActiveRequest, response: DeskConsultantResponse },
} as const satisfies StaffRegistry
