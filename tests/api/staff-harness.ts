import { randomBytes } from 'node:crypto'
import type { StaffRole } from '../../contract/staff-calls'
import { grantRole } from '../../server/services/staff/accounts'
import { eq } from 'drizzle-orm'
import { staff, tickets } from '../../server/db/schema'
import type { Harness } from './harness'

/** The `npm run staff` command's actor: how tests make staff accounts without an operator. */
export const systemActor = { uid: 'system', email: 'test@localhost (npm run staff)', role: 'system' } as const

/**
 * A staff account for a test: a new identity user with a unique address, the roles granted as the
 * `npm run staff` command does (row + claims), signed in after the grant (its token carries them).
 */
export async function staffAccount(h: Harness, roles: { role: StaffRole; staffId?: string }[]) {
  const email = `staff-${randomBytes(6).toString('hex')}@example.com`
  const password = 'staff-pass-1234'
  let uid = ''
  for (const [i, r] of roles.entries()) {
    const row = await grantRole(h.deps, systemActor, { email, role: r.role, staffId: r.staffId, initialPassword: i === 0 ? password : undefined }, h.clock.now())
    uid = row.uid
  }
  return { uid, email, password, token: await h.signIn(email, password) }
}

/** A staff call through the app, like the harness's member calls. */
export const staffGet = (h: Harness, name: string, o: Parameters<Harness['get']>[1] = {}) => h.get(`staff/${name}`, o)
export const staffPost = (h: Harness, name: string, o: Parameters<Harness['post']>[1] = {}) => h.post(`staff/${name}`, o)

let keys = 0
/**
 * A member's purchase of a SUPPORT ticket booked at `reservationTime` (`SUPPORT-YYYYMMDD-HH-MM`):
 * with `staffId` that consultant, with null 指名なし. Returns the charge's answer.
 */
export async function buySupport(h: Harness, member: { token: string }, o: { reservationTime: string; staffId: string | null; productId?: string; supportType?: 'TEL' | 'ONLINE' }) {
  const r = await h.post('charge', {
    token: member.token,
    headers: { 'Idempotency-Key': `staff-test-${Date.now()}-${++keys}` },
    body: {
      productId: o.productId ?? 'SUPPORT-60', cardId: '', cardToken: await h.cardToken(undefined, member.token), saveCard: false,
      staffId: o.staffId, reservationTime: o.reservationTime, supportType: o.supportType ?? 'TEL',
      reservationMenuList: [], counsellingComment: 'プリンターがつながりません', contactDevice: 'PC', contactOs: 'WINDOWS', remoteSupport: 'WISH',
    },
  })
  if (r.status !== 200) throw new Error(`charge: ${r.status} ${JSON.stringify(r.body)}`)
  return r.body as { ticketNumber: string; receiptNumber: string }
}

/**
 * A new member's consultation booked 指名なし at `reservationTime` (bought at the harness's
 * current clock), its consultant given a mail address (`cs-<staff id>@example.com`) so the
 * consultant's reminders can be read.
 */
export async function bookedWithMailableConsultant(h: Harness, reservationTime: string) {
  const member = await h.member('fresh')
  const { ticketNumber } = await buySupport(h, member, { reservationTime, staffId: null })
  const [t] = await h.db.select().from(tickets).where(eq(tickets.ticketNumber, ticketNumber))
  await h.db.update(staff).set({ email: `cs-${t.staffId!.toLowerCase()}@example.com` }).where(eq(staff.staffId, t.staffId!))
  return { member, ticketNumber, staffId: t.staffId! }
}
