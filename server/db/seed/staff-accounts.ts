import type { StaffRole } from '../../../contract/staff-calls'

/**
 * The demo staff of local stacks (SEED_DEMO=1, refused in production like the demo member): an
 * operator, and a consultant working as the first seeded consultant (さくら, STAFF-01).
 */
export const demoStaff: readonly { uid: string; email: string; password: string; roles: StaffRole[]; staffId: string | null }[] = [
  { uid: 'STDEMOOPERATOR1', email: 'operator@example.com', password: 'operator1234', roles: ['operator'], staffId: null },
  { uid: 'STDEMOCONSULTANT1', email: 'consultant@example.com', password: 'consultant1234', roles: ['consultant'], staffId: 'STAFF-01' },
]
