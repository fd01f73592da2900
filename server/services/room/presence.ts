import { asc, eq, inArray } from 'drizzle-orm'
import type { RoomSide, RoomStay } from '../../../contract/room'
import type { Tx } from '../../db/client'
import { roomPresence } from '../../db/schema'
import { unixSeconds } from '../../domain/time'

// The evidence of an online consultation (docs/server.md "The online consultation room"): when
// each side came into its room and left, one row per connection of the signalling socket.

/** A side entered the room (its socket was admitted): the row's id, to close it on leaving. */
export async function roomJoined(db: Tx, ticketNumber: string, side: RoomSide, who: string, at: Date): Promise<number> {
  const [row] = await db.insert(roomPresence).values({ ticketNumber, side, who, joinedAt: at }).returning({ id: roomPresence.id })
  return row.id
}

/** The connection of that row closed. */
export async function roomLeft(db: Tx, id: number, at: Date): Promise<void> {
  await db.update(roomPresence).set({ leftAt: at }).where(eq(roomPresence.id, id))
}

/** The stays of the tickets' rooms, by ticket, oldest first. */
export async function roomStays(db: Tx, ticketNumbers: readonly string[]): Promise<Map<string, RoomStay[]>> {
  const out = new Map<string, RoomStay[]>()
  if (ticketNumbers.length === 0) return out
  const rows = await db.select().from(roomPresence).where(inArray(roomPresence.ticketNumber, [...ticketNumbers])).orderBy(asc(roomPresence.joinedAt), asc(roomPresence.id))
  for (const r of rows) {
    const list = out.get(r.ticketNumber) ?? []
    list.push({ side: r.side, joinedUnixTime: unixSeconds(r.joinedAt), leftUnixTime: r.leftAt ? unixSeconds(r.leftAt) : null })
    out.set(r.ticketNumber, list)
  }
  return out
}
