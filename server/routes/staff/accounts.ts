import { eq } from 'drizzle-orm'
import type { staffCalls } from '../../../contract/staff-calls'
import { staff } from '../../db/schema'
import type { StaffHandlers } from '../../http/staff'
import { grantRole, listAccounts, revokeRole, type StaffAccountRow } from '../../services/staff/accounts'

type Calls = typeof staffCalls
const toAccount = (a: StaffAccountRow, staffNickname: string | null) => ({
  uid: a.uid,
  email: a.email,
  roles: a.roles,
  staffId: a.staffId,
  staffNickname,
  updatedUnixTime: Math.floor(a.updatedAt.getTime() / 1000),
})

async function nicknameOf(deps: { db: import('../../db/client').Db }, staffId: string | null) {
  if (!staffId) return null
  const [s] = await deps.db.select({ n: staff.staffNickname }).from(staff).where(eq(staff.staffId, staffId))
  return s?.n ?? null
}

export const staffAccountHandlers: Pick<StaffHandlers<Calls>, 'staff-me' | 'staff-accounts' | 'role-grant' | 'role-revoke'> = {
  'staff-me': async ({ me, deps }) => {
    const m = me()
    return { uid: m.uid, email: m.email, roles: m.roles, staffId: m.staffId, nickname: await nicknameOf(deps, m.staffId) }
  },
  'staff-accounts': async ({ deps }) => {
    const rows = await listAccounts(deps.db)
    const staffRows = await deps.db.select({ staffId: staff.staffId, staffNickname: staff.staffNickname }).from(staff).orderBy(staff.sortOrder, staff.staffId)
    const linked = new Map(rows.filter((r) => r.account.staffId).map((r) => [r.account.staffId!, r.account.uid]))
    return {
      accounts: rows.map((r) => toAccount(r.account, r.staffNickname)),
      staff: staffRows.map((s) => ({ ...s, uid: linked.get(s.staffId) ?? null })),
    }
  },
  'role-grant': async ({ deps, input, actor }) => {
    const row = await grantRole(deps, actor(), input, deps.clock.now())
    return { account: toAccount(row, await nicknameOf(deps, row.staffId)) }
  },
  'role-revoke': async ({ deps, input, actor }) => {
    const row = await revokeRole(deps, actor(), input, deps.clock.now())
    return { account: toAccount(row, await nicknameOf(deps, row.staffId)) }
  },
}
