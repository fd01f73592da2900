import { and, eq, isNull } from 'drizzle-orm'
import { noCallReportMessages } from '../../../contract/messages'
import { noCallReportRefusal } from '../../../contract/ticket-rules'
import type { TicketNumber } from '../../../contract/ids'
import { tickets } from '../../db/schema'
import { conflict } from '../../domain/errors'
import { writeAudit } from '../../infra/audit'
import { unixSeconds } from '../../domain/time'
import { extensionMinutesOf, loadOwnTicket, toTicket } from '../booking/tickets'
import type { Deps, MemberRow } from '../deps'

/**
 * The member tells us that no call came (docs/decisions.md 86): their own booked SUPPORT ticket
 * (another's or an unknown number: 404), without an outcome and not refunded, from its end until
 * NO_CALL_REPORT_HOURS after it — the card's rule (contract/ticket-rules.ts `noCallReportRefusal`),
 * read from the ticket as the member's answer carries it, extensions included. Once per ticket: the
 * row is locked, and the write takes only a ticket not yet reported, so two at once make one report.
 * The audit row (actor role `member`) commits with it; the desk lists it (services/desk/today.ts).
 */
export async function reportNoCall(deps: Deps, m: MemberRow, ticketNumber: TicketNumber): Promise<{ noCallReportedUnixTime: number }> {
  const now = deps.clock.now()
  await deps.db.transaction(async (tx) => {
    const { ticket, staff } = await loadOwnTicket(tx, m.memberId, ticketNumber, true)
    const added = (await extensionMinutesOf(tx, m.memberId)).get(ticket.ticketNumber) ?? 0
    const seen = toTicket(ticket, staff, { addedMinutes: added, graceHours: deps.config.outcomes.graceHours })
    const refusal = noCallReportRefusal(seen, now)
    if (refusal) throw conflict(noCallReportMessages[refusal])
    const [row] = await tx
      .update(tickets)
      .set({ noCallReportedAt: now })
      .where(and(eq(tickets.ticketNumber, ticket.ticketNumber), isNull(tickets.noCallReportedAt)))
      .returning({ n: tickets.ticketNumber })
    if (!row) throw conflict(noCallReportMessages.reported)
    await writeAudit(
      tx,
      { uid: m.memberId, email: m.email, role: 'member' },
      {
        action: 'no-call-report',
        targetType: 'ticket',
        targetId: ticket.ticketNumber,
        before: { noCallReportedAt: null },
        after: { noCallReportedAt: now, consultationEndAt: new Date(seen.endUnixTime! * 1000), supportStatus: ticket.supportStatus, noContact: ticket.noContact, staffId: ticket.staffId },
      },
      now,
    )
  })
  return { noCallReportedUnixTime: unixSeconds(now) }
}
