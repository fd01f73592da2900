import { and, eq, sql } from 'drizzle-orm'
import { products, ratings, staff, tickets } from '../../db/schema'
import { invalid, serverErrors } from '../../domain/errors'
import type { CallInput, Deps, MemberRow } from '../deps'
import { assertRatable, loadOwnTicket } from '../booking/tickets'

/** Once per COMPLETED SUPPORT ticket; the tip itself is paid through charge (TIP, parentTicketNumber). */
export async function rateTicket(deps: Deps, m: MemberRow, input: CallInput<'rating'>): Promise<void> {
  const now = deps.clock.now()
  if (input.tip && input.tipData) {
    const [tip] = await deps.db.select().from(products).where(and(eq(products.productId, input.tipData.productId), eq(products.productType, 'TIP')))
    if (!tip) throw invalid(serverErrors.tipProductNotFound)
  }
  await deps.db.transaction(async (tx) => {
    const { ticket } = await loadOwnTicket(tx, m.memberId, input.ticketNumber, true)
    assertRatable(ticket)
    const inserted = await tx
      .insert(ratings)
      .values({
        ticketNumber: ticket.ticketNumber,
        memberId: m.memberId,
        staffId: ticket.staffId,
        memberTotalScore: input.memberTotalScore,
        memberDetailScore: input.memberDetailScore,
        ratingComment: input.ratingComment,
        tip: input.tip,
        tipProductId: input.tip ? (input.tipData?.productId ?? null) : null,
        createdAt: now,
      })
      .onConflictDoNothing()
      .returning({ t: ratings.ticketNumber })
    if (inserted.length === 0) throw invalid(serverErrors.alreadyRated)
    await tx.update(tickets).set({ alreadyRating: true }).where(eq(tickets.ticketNumber, ticket.ticketNumber))
    if (ticket.staffId) {
      await tx
        .update(staff)
        .set({
          // Kept unrounded: a rounded running mean stops moving once one rating shifts it by less
          // than 0.05 (about 80 ratings); the answers round it (services/booking/tickets.ts roundScore).
          averageScore: sql`(${staff.averageScore} * ${staff.ratingCount} + ${input.memberTotalScore})::float8 / (${staff.ratingCount} + 1)`,
          ratingCount: sql`${staff.ratingCount} + 1`,
        })
        .where(eq(staff.staffId, ticket.staffId))
    }
  })
}
