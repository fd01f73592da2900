import { describe, expect, it } from 'vitest'
import {
  canChangeTicket,
  changeClosedNote,
  heldTickets,
  interviewCardKind,
  isFirstTimeUser,
  isListed,
  noCallReport,
  noCallReportRefusal,
  NO_CALL_REPORT_HOURS,
  rateButton,
  reservationDays,
  ticketLabel,
  cardMayChange,
  ticketCardState,
} from '../../contract/ticket-rules'
import { calendarDays, formatYen, ymdOf } from '../../contract/jst'
import { lastRowPadding, rowSizeFor } from '../../src/features/menu/load-menu'
import { inMinutes, now, nowS, ticket } from './ticket-fixture'


describe('product.md §4 card label — every row', () => {
  it('COMPLETED → support completed', () => expect(ticketLabel(ticket({ supportStatus: 'COMPLETED' }), now)).toBe('completed'))
  it('UNSOLVED → support completed', () => expect(ticketLabel(ticket({ supportStatus: 'UNSOLVED' }), now)).toBe('completed'))
  it('UNSUPPORTED, not expired → support reserved', () => expect(ticketLabel(ticket(), now)).toBe('reserved'))
  it('UNSUPPORTED, its consultation over → no contact was received', () =>
    expect(ticketLabel(ticket({ reservationUnixTime: inMinutes(-61) }), now)).toBe('noContact'))
  // "Expired" is the start plus the consultation's length (60 minutes here), not the start alone.
  it('UNSUPPORTED at its start time is still reserved', () => expect(ticketLabel(ticket({ reservationUnixTime: nowS }), now)).toBe('reserved'))
  it('UNSUPPORTED 2 minutes after its start is still reserved', () =>
    expect(ticketLabel(ticket({ reservationUnixTime: inMinutes(-2) }), now)).toBe('reserved'))
  it('UNSUPPORTED one second before start + minutes is still reserved', () =>
    expect(ticketLabel(ticket({ reservationUnixTime: inMinutes(-60) + 1 }), now)).toBe('reserved'))
  it('UNSUPPORTED at exactly start + minutes → no contact was received', () =>
    expect(ticketLabel(ticket({ reservationUnixTime: inMinutes(-60) }), now)).toBe('noContact'))
  it('the length is the ticket’s own: a 30-minute ticket is over 30 minutes after its start', () => {
    expect(ticketLabel(ticket({ minutesToSupport: 30, reservationUnixTime: inMinutes(-30) + 1 }), now)).toBe('reserved')
    expect(ticketLabel(ticket({ minutesToSupport: 30, reservationUnixTime: inMinutes(-30) }), now)).toBe('noContact')
  })
  // A consultant's recorded ご連絡なし reads so at once, even before the consultation's time is over.
  it('UNSUPPORTED with ご連絡なし recorded, 10 minutes into its hour → no contact was received', () => {
    const t = ticket({ reservationUnixTime: inMinutes(-10), noContact: true })
    expect(ticketLabel(t, now)).toBe('noContact')
    expect(changeClosedNote(t, now)).toBeNull()
  })
  it('UNSOLVED_COMPLETED with the refund text → refunded', () =>
    expect(ticketLabel(ticket({ supportStatus: 'UNSOLVED_COMPLETED', unsolvedAfterFollowContent: '返金' }), now)).toBe('refunded'))
  it('UNSOLVED_COMPLETED with another follow-up → support completed', () =>
    expect(ticketLabel(ticket({ supportStatus: 'UNSOLVED_COMPLETED', unsolvedAfterFollowContent: '後日フォロー済み' }), now)).toBe('completed'))
  it.each(['COMPLETED', 'UNSOLVED', 'UNSUPPORTED', 'UNSOLVED_COMPLETED'] as const)('%s with amountRefunded above 0 → refunded', (supportStatus) =>
    expect(ticketLabel(ticket({ supportStatus, amountRefunded: 1 }), now)).toBe('refunded'))
  it('a ticket without a date (ADD) is never expired', () =>
    expect(ticketLabel(ticket({ productType: 'ADD', reservationTime: 'ADD', reservationUnixTime: null }), now)).toBe('reserved'))
})

// docs/decisions.md 85: between the end and the grace period's end an unrecorded consultation reads
// 確認中, not 「ご連絡がありませんでした」; the server sends the end (extensions included) and the due time.
describe('the grace period for recording an outcome', () => {
  const over = (endMinutesAgo: number, graceHours = 24, over: Parameters<typeof ticket>[0] = {}) =>
    ticket({ reservationUnixTime: inMinutes(-endMinutesAgo - 60), endUnixTime: inMinutes(-endMinutesAgo), outcomeDueUnixTime: inMinutes(-endMinutesAgo) + graceHours * 3600, ...over })
  it('one second before the end → reserved', () => expect(ticketLabel(over(0, 24, { endUnixTime: nowS + 1 }), now)).toBe('reserved'))
  it('at the end → checking', () => expect(ticketLabel(over(0), now)).toBe('checking'))
  it('23 h 59 min after the end → still checking', () => expect(ticketLabel(over(24 * 60 - 1), now)).toBe('checking'))
  it('at end + grace → no contact was received', () => expect(ticketLabel(over(24 * 60), now)).toBe('noContact'))
  it('the grace is the server’s: 2 hours', () => {
    expect(ticketLabel(over(119, 2), now)).toBe('checking')
    expect(ticketLabel(over(120, 2), now)).toBe('noContact')
  })
  it('ご連絡なし recorded inside the grace period → no contact at once', () => expect(ticketLabel(over(5, 24, { noContact: true }), now)).toBe('noContact'))
  it('COMPLETED inside the grace period → completed', () => expect(ticketLabel(over(5, 24, { supportStatus: 'COMPLETED' }), now)).toBe('completed'))
  it('refunded inside the grace period → refunded', () => expect(ticketLabel(over(5, 24, { amountRefunded: 100 }), now)).toBe('refunded'))
  it('an extension moves the end: start + 60 min passed but the extended end not → reserved', () =>
    expect(ticketLabel(ticket({ reservationUnixTime: inMinutes(-70), endUnixTime: inMinutes(20), outcomeDueUnixTime: inMinutes(20) + 86_400 }), now)).toBe('reserved'))
  it('the change note stays away once the extended end is over', () => expect(changeClosedNote(over(1), now)).toBeNull())
})

// docs/decisions.md 86: within NO_CALL_REPORT_HOURS after the end, a member can say no call came.
describe('the "no call came" report', () => {
  const ended = (minutesAgo: number, over: Parameters<typeof ticket>[0] = {}) =>
    ticket({ reservationUnixTime: inMinutes(-minutesAgo - 60), endUnixTime: inMinutes(-minutesAgo), outcomeDueUnixTime: inMinutes(-minutesAgo) + 86_400, ...over })
  it('before the end: hidden (not over)', () => {
    expect(noCallReport(ended(-1), now)).toBe('hidden')
    expect(noCallReportRefusal(ended(-1), now)).toBe('notOver')
  })
  it('at the end: open', () => expect(noCallReport(ended(0), now)).toBe('open'))
  it('one second before end + 24 h: open', () => expect(noCallReport(ticket({ reservationUnixTime: nowS - 86_400, endUnixTime: nowS - NO_CALL_REPORT_HOURS * 3600 + 1 }), now)).toBe('open'))
  it('at end + 24 h: too late', () => {
    const t = ended(NO_CALL_REPORT_HOURS * 60)
    expect(noCallReport(t, now)).toBe('hidden')
    expect(noCallReportRefusal(t, now)).toBe('tooLate')
  })
  it('also after ご連絡なし was recorded', () => expect(noCallReport(ended(10, { noContact: true }), now)).toBe('open'))
  it.each([
    ['COMPLETED', { supportStatus: 'COMPLETED' }],
    ['UNSOLVED', { supportStatus: 'UNSOLVED' }],
    ['refunded', { amountRefunded: 1 }],
    ['an extension', { productType: 'ADD', reservationUnixTime: null, endUnixTime: undefined }],
  ] as const)('%s: not open', (_, over) => expect(noCallReportRefusal(ended(10, over), now)).toBe('notOpen'))
  it('once reported: reported, whatever the time', () => {
    expect(noCallReport(ended(10, { noCallReportedUnixTime: nowS - 60 }), now)).toBe('reported')
    expect(noCallReport(ended(60 * 48, { noCallReportedUnixTime: nowS - 60 }), now)).toBe('reported')
    expect(noCallReportRefusal(ended(10, { noCallReportedUnixTime: nowS - 60 }), now)).toBe('reported')
  })
})

describe('product.md §4 held tickets listing rule', () => {
  it('lists a ticket with no follow-up text', () => expect(isListed(ticket())).toBe(true))
  it('lists a ticket with a follow-up other than 返金', () => expect(isListed(ticket({ unsolvedAfterFollowContent: '後日フォロー済み' }))).toBe(true))
  it('hides a ticket whose follow-up is 返金', () => expect(isListed(ticket({ unsolvedAfterFollowContent: '返金' }))).toBe(false))
  it('hides a refunded ticket (amountRefunded)', () => expect(isListed(ticket({ amountRefunded: 5500 }))).toBe(false))
  it('heldTickets keeps listed ones only', () => {
    const list = heldTickets([ticket({ ticketNumber: 'A' }), ticket({ ticketNumber: 'B', amountRefunded: 100 }), ticket({ ticketNumber: 'C', unsolvedAfterFollowContent: '返金' })], now)
    expect(list.map((t) => t.ticketNumber)).toEqual(['A'])
  })
  // docs/product.md §4 "Extensions follow their consultation".
  const extension = (parent: string) => ticket({ ticketNumber: `A-${parent}`, productType: 'ADD', reservationTime: 'ADD', reservationUnixTime: null, parentTicketNumber: parent })
  it('an extension is held while its consultation is reserved, and leaves with it', () => {
    const held = (parent: ReturnType<typeof ticket>) => heldTickets([parent, extension(parent.ticketNumber)], now).map((t) => t.ticketNumber)
    expect(held(ticket({ ticketNumber: 'S1' }))).toEqual(['S1', 'A-S1'])
    expect(held(ticket({ ticketNumber: 'S2', supportStatus: 'COMPLETED' }))).toEqual(['S2'])
    expect(held(ticket({ ticketNumber: 'S3', supportStatus: 'UNSOLVED' }))).toEqual(['S3'])
    expect(held(ticket({ ticketNumber: 'S4', reservationUnixTime: inMinutes(-61) }))).toEqual(['S4'])
    expect(held(ticket({ ticketNumber: 'S5', amountRefunded: 1000 }))).toEqual([])
  })
  it('a refunded ticket is not counted as a reservation day', () => {
    const days = reservationDays([ticket(), ticket({ reservationTime: 'SUPPORT-20250522-10-00', amountRefunded: 9900 })])
    expect([...days]).toEqual(['20250521'])
  })
  it('only UNSUPPORTED tickets mark reservation days', () => {
    expect([...reservationDays([ticket({ supportStatus: 'COMPLETED' })])]).toEqual([])
  })
})

describe('product.md §6 change-reservation button', () => {
  it('shows for UNSUPPORTED SUPPORT more than 30 minutes ahead', () => expect(canChangeTicket(ticket({ reservationUnixTime: inMinutes(31) }), now)).toBe(true))
  it('hides at exactly 30 minutes ahead', () => expect(canChangeTicket(ticket({ reservationUnixTime: inMinutes(30) }), now)).toBe(false))
  it('hides within 30 minutes', () => expect(canChangeTicket(ticket({ reservationUnixTime: inMinutes(10) }), now)).toBe(false))
  it('hides once expired', () => expect(canChangeTicket(ticket({ reservationUnixTime: inMinutes(-10) }), now)).toBe(false))
  it.each(['COMPLETED', 'UNSOLVED', 'UNSOLVED_COMPLETED'] as const)('hides for %s', (supportStatus) =>
    expect(canChangeTicket(ticket({ supportStatus }), now)).toBe(false))
  it.each(['ADD', 'INTERVIEW', 'TIP'] as const)('hides for a %s ticket', (productType) =>
    expect(canChangeTicket(ticket({ productType }), now)).toBe(false))
  it('hides for a refunded ticket', () => expect(canChangeTicket(ticket({ amountRefunded: 1 }), now)).toBe(false))
  it('hides for a ticket whose follow-up is 返金', () => expect(canChangeTicket(ticket({ unsolvedAfterFollowContent: '返金' }), now)).toBe(false))
})

describe('why the change button is gone: the 30-minute note', () => {
  it('no note while the button shows (31 minutes ahead)', () => expect(changeClosedNote(ticket({ reservationUnixTime: inMinutes(31) }), now)).toBeNull())
  it('the note at exactly 30 minutes ahead, where the button hides', () =>
    expect(changeClosedNote(ticket({ reservationUnixTime: inMinutes(30) }), now)).toBe('tooLate'))
  it('the note within 30 minutes and during the consultation', () => {
    expect(changeClosedNote(ticket({ reservationUnixTime: inMinutes(1) }), now)).toBe('tooLate')
    expect(changeClosedNote(ticket({ reservationUnixTime: inMinutes(-59) }), now)).toBe('tooLate')
  })
  it('no note once the consultation is over (the label says why)', () =>
    expect(changeClosedNote(ticket({ reservationUnixTime: inMinutes(-60) }), now)).toBeNull())
  it.each([
    ['refunded', ticket({ reservationUnixTime: inMinutes(10), amountRefunded: 1 })],
    ['follow-up 返金', ticket({ reservationUnixTime: inMinutes(10), unsolvedAfterFollowContent: '返金' })],
    ['COMPLETED', ticket({ reservationUnixTime: inMinutes(10), supportStatus: 'COMPLETED' })],
    ['an ADD ticket', ticket({ reservationUnixTime: inMinutes(10), productType: 'ADD' })],
  ])('no note for a ticket that could never be changed: %s', (_, t) => expect(changeClosedNote(t, now)).toBeNull())
})

describe('product.md §6 rate button', () => {
  it('rate for COMPLETED SUPPORT not yet rated', () => expect(rateButton(ticket({ supportStatus: 'COMPLETED' }))).toBe('rate'))
  it("'rated' (disabled) when alreadyRating", () => expect(rateButton(ticket({ supportStatus: 'COMPLETED', alreadyRating: true }))).toBe('rated'))
  it.each(['UNSUPPORTED', 'UNSOLVED', 'UNSOLVED_COMPLETED'] as const)('hidden for %s', (supportStatus) =>
    expect(rateButton(ticket({ supportStatus }))).toBe('hidden'))
  it('hidden for a non-SUPPORT ticket', () => expect(rateButton(ticket({ supportStatus: 'COMPLETED', productType: 'ADD' }))).toBe('hidden'))
  it('hidden for a refunded ticket', () => expect(rateButton(ticket({ supportStatus: 'COMPLETED', amountRefunded: 100 }))).toBe('hidden'))
})

describe('product.md §4 first-time user and the interview / phone card', () => {
  it('the ticket-is-free flag (set) shows the phone card', () => expect(interviewCardKind(true)).toBe('phone'))
  it('an unset flag shows the interview card', () => expect(interviewCardKind(false)).toBe('interview'))
  it('the flag is always set today', () => expect(interviewCardKind()).toBe('phone'))
  it('first-time: no useFreeInterviewTime and a free interview ticket', () => {
    const free = ticket({ ticketNumber: 'M1', productType: 'INTERVIEW', isFreeTicket: true })
    expect(isFirstTimeUser(null, [free])).toBe(true)
    expect(isFirstTimeUser('2025-01-01T00:00:00Z', [free])).toBe(false)
    expect(isFirstTimeUser(null, [])).toBe(false)
  })
})

describe('home calendar and prices', () => {
  it('spans 21 days from today in Japan time', () => {
    // 2025-05-20 23:30 JST is still the 20th in Japan, the 20th 14:30 in UTC.
    const days = calendarDays(new Date('2025-05-20T14:30:00Z'))
    expect(days).toHaveLength(21)
    expect(ymdOf(days[0])).toBe('20250520')
    expect(ymdOf(days[20])).toBe('20250609')
    // 2025-05-20 15:30 UTC is already the 21st in Japan.
    expect(ymdOf(calendarDays(new Date('2025-05-20T15:30:00Z'))[0])).toBe('20250521')
  })
  it('prices have a comma every 3 digits', () => expect(formatYen(12800)).toBe('12,800円'))
})

describe('product.md §9 example-concerns grid', () => {
  it('rows of 6, or 3 below 769 px', () => {
    expect(rowSizeFor(1024)).toBe(6)
    expect(rowSizeFor(769)).toBe(6)
    expect(rowSizeFor(768)).toBe(3)
  })
  it('pads the last row to the row size', () => {
    expect(lastRowPadding(4, 6)).toBe(2)
    expect(lastRowPadding(6, 6)).toBe(0)
    expect(lastRowPadding(4, 3)).toBe(2)
    expect(lastRowPadding(0, 3)).toBe(0)
  })
})

// Decision 120: the card's one state; decision 121: when the home reads a card again on its own.
describe('ticketCardState — one state per card', () => {
  const online = (over: Parameters<typeof ticket>[0] = {}) =>
    ticket({ supportType: 'ONLINE', reservationUnixTime: inMinutes(-20), endUnixTime: inMinutes(40), outcomeDueUnixTime: inMinutes(40) + 86_400, roomClosesUnixTime: inMinutes(50), ...over })
  it('a booking under way: reserved, the room to join', () => expect(ticketCardState(online(), now)).toMatchObject({ label: 'reserved', room: 'join', noCallReport: 'hidden' }))
  it('ご連絡なし recorded, the room open: noContact, the room still to join, until it closes', () =>
    expect(ticketCardState(online({ noContact: true }), now)).toMatchObject({ label: 'noContact', room: 'late', roomClosesUnixTime: inMinutes(50) }))
  it('one second before the room closes: still late; at the close: hidden', () => {
    expect(ticketCardState(online({ noContact: true, roomClosesUnixTime: nowS + 1 }), now).room).toBe('late')
    expect(ticketCardState(online({ noContact: true, roomClosesUnixTime: nowS }), now)).toMatchObject({ room: 'hidden', roomClosesUnixTime: null })
  })
  it.each([
    ['an outcome recorded', { supportStatus: 'COMPLETED' as const }],
    ['UNSOLVED', { supportStatus: 'UNSOLVED' as const }],
    ['a refund', { amountRefunded: 100 }],
    ['a telephone booking', { supportType: 'TEL' as const, roomClosesUnixTime: undefined }],
  ])('no room after %s', (_, over) => expect(ticketCardState(online({ noContact: true, ...over }), now).room).toBe('hidden'))
  it('a report is answered by the outcome recorded after it: not 「ご報告を受け付けました」 beside サポート完了', () => {
    expect(ticketCardState(online({ noContact: true, noCallReportedUnixTime: nowS - 60 }), now).noCallReport).toBe('reported')
    expect(ticketCardState(online({ supportStatus: 'COMPLETED', noCallReportedUnixTime: nowS - 60 }), now)).toMatchObject({ label: 'completed', noCallReport: 'hidden' })
    expect(ticketCardState(online({ amountRefunded: 1, noCallReportedUnixTime: nowS - 60 }), now)).toMatchObject({ label: 'refunded', noCallReport: 'hidden' })
  })
  it('the home reads a card again from 30 minutes before the start until the outcome is recorded or overdue', () => {
    expect(cardMayChange(online({ reservationUnixTime: inMinutes(31), endUnixTime: inMinutes(91) }), now)).toBe(false)
    expect(cardMayChange(online({ reservationUnixTime: inMinutes(30), endUnixTime: inMinutes(90) }), now)).toBe(true)
    expect(cardMayChange(online({ noContact: true }), now)).toBe(true)
    expect(cardMayChange(online({ supportStatus: 'COMPLETED' }), now)).toBe(false)
    expect(cardMayChange(online({ amountRefunded: 1 }), now)).toBe(false)
    expect(cardMayChange(online({ reservationUnixTime: inMinutes(-200), endUnixTime: inMinutes(-140), outcomeDueUnixTime: nowS, roomClosesUnixTime: inMinutes(-130) }), now)).toBe(false)
  })
})
