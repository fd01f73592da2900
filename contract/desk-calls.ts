import type * as v from 'valibot'
import { noticeCalls } from './desk/notices'
import { couponCalls } from './desk/coupons'
import { catalogCalls } from './desk/catalog'
import { consultantCalls } from './desk/consultants'
import { memberCalls } from './desk/members'
import { mailCalls } from './desk/mails'
import { refundCalls } from './desk/refunds'
import { auditCalls } from './desk/audit'
import { bookingCalls } from './desk/bookings'
import { numberCalls } from './desk/numbers'
import type { StaffRegistry } from './staff-calls'

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
export const deskCalls = {
  ...noticeCalls,
  ...couponCalls,
  ...catalogCalls,
  ...consultantCalls,
  ...memberCalls,
  ...mailCalls,
  ...refundCalls,
  ...auditCalls,
  ...bookingCalls,
  ...numberCalls,
} as const satisfies StaffRegistry

export type DeskCallName = keyof typeof deskCalls
/** A request as the server's handlers receive it: parsed (defaults filled in). */
export type DeskCallInput<N extends DeskCallName> = v.InferOutput<(typeof deskCalls)[N]['request']>
