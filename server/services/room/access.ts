import { eq } from 'drizzle-orm'
import type { StaffId } from '../../../contract/staff-calls'
import { roomClosedMessages as closedBy, roomMessages as rm, roomWindow, type RoomAccessResponse, type RoomSide } from '../../../contract/room'
import { members, staffAccounts, tickets } from '../../db/schema'
import { conflict, DomainError, forbidden, notFound } from '../../domain/errors'
import { unixSeconds } from '../../domain/time'
import type { Deps } from '../deps'
import { consultationByNumber } from '../staff/consultations'

// Who may enter an online consultation's room, and when (docs/server.md "The online consultation
// room", decision 93): only the ticket's member and its assigned consultant, only a live ONLINE
// booking, from ROOM_OPENS_MINUTES_BEFORE before the start until the end (extensions included)
// plus a grace. The `room-access` calls and the signalling socket ask the same function.

/** Who is asking: a signed-in member, or a consultant working as a staff row. */
export type RoomCaller = { side: 'member'; memberId: string } | { side: 'consultant'; staffId: StaffId }

/** The identity recorded for a caller in room_presence. */
export const callerId = (c: RoomCaller) => (c.side === 'member' ? c.memberId : c.staffId)

/**
 * The room of `ticketNumber` as `caller` sees it now: 404 when it is not theirs to know of (another
 * member's ticket, no such ticket, not a booked SUPPORT ticket), 403 for another consultant's
 * consultation or a refunded or cancelled booking, 409 once the room has closed. Before it opens
 * the answer says 'waiting' with the times.
 */
export async function roomAccess(deps: Pick<Deps, 'db' | 'clock' | 'config'>, caller: RoomCaller, ticketNumber: string): Promise<RoomAccessResponse> {
  return (await roomAndMember(deps, caller, ticketNumber)).room
}

async function roomAndMember(deps: Pick<Deps, 'db' | 'clock' | 'config'>, caller: RoomCaller, ticketNumber: string): Promise<{ room: RoomAccessResponse; memberId: string }> {
  const [owner] = await deps.db.select({ memberId: tickets.memberId }).from(tickets).where(eq(tickets.ticketNumber, ticketNumber))
  // A member learns nothing of a ticket that is not theirs: the same 404 as no ticket at all.
  if (!owner || (caller.side === 'member' && owner.memberId !== caller.memberId)) throw notFound(rm.notFound)
  // Not a booked SUPPORT ticket (an interview, an extension, no date): no room either.
  const c = await consultationByNumber(deps.db, ticketNumber).catch((e: unknown) => {
    throw e instanceof DomainError && e.kind === 'notFound' ? notFound(rm.notFound) : e
  })
  if (caller.side === 'consultant' && c.staffId !== caller.staffId) throw forbidden(rm.notYours)
  if (c.supportType !== 'ONLINE') throw notFound(rm.notOnline)
  if (c.state === 'refunded') throw forbidden(rm.refunded)
  if (c.state === 'cancelled') throw forbidden(rm.cancelled)
  const { opensUnixTime, closesUnixTime } = roomWindow(c.startUnixTime, c.endUnixTime, deps.config.room.opensMinutesBefore)
  const now = unixSeconds(deps.clock.now())
  if (now >= closesUnixTime) throw conflict(rm.closed)
  const side: RoomSide = caller.side
  const room: RoomAccessResponse = {
    ticketNumber: c.ticketNumber,
    side,
    productName: c.productName,
    opensUnixTime,
    startUnixTime: c.startUnixTime,
    endUnixTime: c.endUnixTime,
    closesUnixTime,
    nowUnixTime: now,
    phase: now < opensUnixTime ? 'waiting' : 'open',
    peerName: side === 'member' ? c.staffNickname : c.memberName,
    iceServers: deps.config.room.iceServers,
  }
  return { room, memberId: owner.memberId }
}

/**
 * The socket's gate: the same rules, and the room must be open now (409 before it opens). With the
 * room, the member whose booking it is: a change of theirs makes the room's sockets check again.
 */
export async function roomEntry(deps: Pick<Deps, 'db' | 'clock' | 'config'>, caller: RoomCaller, ticketNumber: string): Promise<{ room: RoomAccessResponse; memberId: string }> {
  const entry = await roomAndMember(deps, caller, ticketNumber)
  if (entry.room.phase !== 'open') throw conflict(rm.notOpenYet)
  return entry
}

/** Why an open socket must go: the message the page shows, and whether the consultation is simply over. */
export type RoomRightLost = { message: string; ended: boolean }

/**
 * Whether a socket admitted earlier may stay (decision 106): the same rules as its entry, asked
 * again when the booking, its consultant or the person's role may have changed, and now and then.
 * A consultant also needs the consultant role on their account row still (a revoke takes the row
 * first, server/services/staff/accounts.ts). Null: it may stay.
 */
export async function roomRightLost(deps: Pick<Deps, 'db' | 'clock' | 'config'>, caller: RoomCaller, ticketNumber: string, consultantUid?: string): Promise<RoomRightLost | null> {
  if (caller.side === 'member') {
    if (!(await memberCaller(deps.db, caller.memberId))) return { message: closedBy.cancelled, ended: false }
  } else {
    const [row] = consultantUid ? await deps.db.select({ roles: staffAccounts.roles, staffId: staffAccounts.staffId }).from(staffAccounts).where(eq(staffAccounts.uid, consultantUid)) : []
    if (!row || !row.roles.includes('consultant') || row.staffId !== caller.staffId) return { message: closedBy.roleRevoked, ended: false }
  }
  try {
    await roomAccess(deps, caller, ticketNumber)
    return null
  } catch (e) {
    if (!(e instanceof DomainError)) throw e
    if (e.message === rm.refunded) return { message: closedBy.refunded, ended: false }
    if (e.message === rm.cancelled) return { message: closedBy.cancelled, ended: false }
    if (e.message === rm.closed) return { message: closedBy.closed, ended: true }
    // Another consultant's consultation now: it was given to someone else.
    if (caller.side === 'consultant' && e.message === rm.notYours) return { message: closedBy.reassigned, ended: false }
    return { message: closedBy.notYours, ended: false }
  }
}

/** A signed-in member as the room knows them (the socket's caller): null for a uid without a live member row. */
export async function memberCaller(db: Deps['db'], uid: string): Promise<RoomCaller | null> {
  const [row] = await db.select({ memberId: members.memberId, deletedAt: members.deletedAt }).from(members).where(eq(members.memberId, uid))
  return row && !row.deletedAt ? { side: 'member', memberId: row.memberId } : null
}
