import type { StaffRole } from '../../adapters/identity'
import { deskNavText } from '../../text/desk-nav'
import { staffNavText } from '../../text/staff'

/**
 * The staff menu, in this order; each page is offered to the roles listed (the page's route says
 * the same in `staticData.staffRoles`, which the staff layout enforces). A new staff page adds
 * one entry here and one route file `src/routes/staff.<name>.tsx`.
 */
export type StaffNavItem = { to: string; label: string; roles: readonly StaffRole[]; exact?: boolean }

export const staffNav: StaffNavItem[] = [
  { to: '/staff', label: staffNavText.day, roles: ['consultant'], exact: true },
  // The operator's landing (src/routes/staff.index.tsx sends an operator who is no consultant here).
  { to: '/staff/today', label: deskNavText.today, roles: ['operator'] },
  { to: '/staff/past', label: staffNavText.past, roles: ['consultant', 'operator'] },
  { to: '/staff/assignments', label: staffNavText.assignments, roles: ['operator'] },
  { to: '/staff/bookings', label: deskNavText.bookings, roles: ['operator'] },
  { to: '/staff/numbers', label: deskNavText.numbers, roles: ['operator'] },
  { to: '/staff/shifts', label: staffNavText.shifts, roles: ['consultant', 'operator'] },
  { to: '/staff/calendar', label: staffNavText.calendar, roles: ['consultant'] },
  { to: '/staff/holidays', label: staffNavText.holidays, roles: ['operator'] },
  { to: '/staff/accounts', label: staffNavText.accounts, roles: ['operator'] },
  // The operator's desk (src/routes/staff._desk.*).
  { to: '/staff/members', label: deskNavText.members, roles: ['operator'] },
  { to: '/staff/notices', label: deskNavText.notices, roles: ['operator'] },
  { to: '/staff/coupons', label: deskNavText.coupons, roles: ['operator'] },
  { to: '/staff/products', label: deskNavText.products, roles: ['operator'] },
  { to: '/staff/consultants', label: deskNavText.consultants, roles: ['operator'] },
  { to: '/staff/audit', label: deskNavText.audit, roles: ['operator'] },
  { to: '/staff/jobs', label: deskNavText.jobs, roles: ['operator'] },
]

export const navFor = (roles: readonly StaffRole[]) => staffNav.filter((item) => item.roles.some((role) => roles.includes(role)))
