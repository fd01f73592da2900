import type { StaffRole } from '../../adapters/identity'
import { staffNavText } from '../../text/staff'

/**
 * The staff menu, in this order; each page is offered to the roles listed (the page's route says
 * the same in `staticData.staffRoles`, which the staff layout enforces). A new staff page adds
 * one entry here and one route file `src/routes/staff.<name>.tsx`.
 */
export type StaffNavItem = { to: string; label: string; roles: readonly StaffRole[]; exact?: boolean }

export const staffNav: StaffNavItem[] = [
  { to: '/staff', label: staffNavText.day, roles: ['consultant'], exact: true },
  { to: '/staff/assignments', label: staffNavText.assignments, roles: ['operator'] },
  { to: '/staff/shifts', label: staffNavText.shifts, roles: ['consultant', 'operator'] },
  { to: '/staff/calendar', label: staffNavText.calendar, roles: ['consultant'] },
  { to: '/staff/holidays', label: staffNavText.holidays, roles: ['operator'] },
  { to: '/staff/accounts', label: staffNavText.accounts, roles: ['operator'] },
]

export const navFor = (roles: readonly StaffRole[]) => staffNav.filter((item) => item.roles.some((role) => roles.includes(role)))

/** The first page of a role's menu: where `/staff` sends an operator who is no consultant. */
export const homeFor = (roles: readonly StaffRole[]) => navFor(roles)[0]?.to ?? '/staff'
