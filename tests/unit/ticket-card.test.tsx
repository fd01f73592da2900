// Component tests of the home ticket card: the label of every row of product.md §4's card-label
// rule and the buttons of product.md §6, rendered with the app's own Chakra system inside a real router
// (the card's buttons are in-app links, given the router's PathLink as the home page gets it).
import { ChakraProvider } from '@chakra-ui/react'
import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from '@tanstack/react-router'
import { fireEvent, render, screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { TicketCard, type CalendarFileOf } from '../../src/features/home/ticket-card'
import { PathLink } from '../../src/ui/path-link'
import { ApiError } from '../../src/api/api-error'
import { noCallReportMessages } from '../../contract/messages'
import { homeText } from '../../src/text/home'
import { roomText } from '../../src/text/room'
import { system } from '../../src/theme'
import type { Ticket } from '../../contract/entities'
import { inMinutes, now, nowS, ticket } from './ticket-fixture'


/** Renders one card as the home does, inside a router; resolves once it is on screen. */
async function renderCard(t: Ticket, calendarFile?: CalendarFileOf, reportNoCall?: (ticketNumber: string) => Promise<void>) {
  const history = createMemoryHistory({ initialEntries: ['/'] })
  const rootRoute = createRootRoute({ component: () => <TicketCard ticket={t} now={now} calendarFile={calendarFile} reportNoCall={reportNoCall} Link={PathLink} /> })
  const router = createRouter({ routeTree: rootRoute, history })
  render(
    <ChakraProvider value={system}>
      <RouterProvider router={router} />
    </ChakraProvider>,
  )
  const card = await screen.findByRole('article', { name: t.productName })
  return { card: within(card), history }
}

const { labels, tickets: text } = homeText

describe('TicketCard label — every row of product.md §4', { timeout: 20_000 }, () => {
  it.each([
    ['COMPLETED', ticket({ supportStatus: 'COMPLETED', reservationUnixTime: inMinutes(-120) }), labels.completed],
    ['UNSOLVED', ticket({ supportStatus: 'UNSOLVED', reservationUnixTime: inMinutes(-120) }), labels.completed],
    ['UNSUPPORTED, not expired', ticket(), labels.reserved],
    ['UNSUPPORTED, its consultation over (start + 60 minutes)', ticket({ reservationUnixTime: inMinutes(-60) }), labels.noContact],
    ['UNSUPPORTED, 2 minutes after its start', ticket({ reservationUnixTime: inMinutes(-2) }), labels.reserved],
    ['UNSOLVED_COMPLETED with the refund text', ticket({ supportStatus: 'UNSOLVED_COMPLETED', unsolvedAfterFollowContent: '返金' }), labels.refunded],
    ['UNSUPPORTED with amountRefunded > 0', ticket({ amountRefunded: 5500 }), labels.refunded],
    ['COMPLETED with amountRefunded > 0', ticket({ supportStatus: 'COMPLETED', amountRefunded: 1 }), labels.refunded],
  ])('%s → its label', async (_row, t, label) => {
    const { card } = await renderCard(t)
    expect(card.getByText(label)).toBeTruthy()
    // Exactly one label per card: no other label's wording shows.
    for (const other of Object.values(labels).filter((l) => l !== label)) expect(card.queryByText(other)).toBeNull()
  })

  it('shows the reservation time in Japan time, the consultant and the support type', async () => {
    const { card } = await renderCard(ticket({ staff: { staffId: 'STAFF-01', staffNickname: 'さくら' } as Ticket['staff'] }))
    expect(card.getByText(/2025年5月21日（水） 10:00/)).toBeTruthy()
    expect(card.getByText(/さくら/)).toBeTruthy()
    expect(card.getByText(/電話/)).toBeTruthy()
  })
})

describe('TicketCard buttons — product.md §6', { timeout: 20_000 }, () => {
  it('change button: UNSUPPORTED SUPPORT more than 30 minutes ahead, no refund → a link to the change page', async () => {
    const { card, history } = await renderCard(ticket({ ticketNumber: 'S0042' }))
    const link = card.getByRole('link', { name: text.change })
    expect(link.getAttribute('href')).toBe('/support/reservation-date-change?ticketNumber=S0042')
    expect(card.queryByRole('link', { name: text.rate })).toBeNull()
    fireEvent.click(link)
    expect(history.location.pathname).toBe('/support/reservation-date-change')
    expect(history.location.search).toBe('?ticketNumber=S0042')
  })

  it.each([
    ['30 minutes ahead exactly', ticket({ reservationUnixTime: inMinutes(30) })],
    ['within 30 minutes', ticket({ reservationUnixTime: inMinutes(10) })],
    ['expired', ticket({ reservationUnixTime: inMinutes(-5) })],
    ['refunded (amountRefunded)', ticket({ amountRefunded: 5500 })],
    ['refunded (follow-up 返金)', ticket({ unsolvedAfterFollowContent: '返金' })],
    ['not a SUPPORT ticket', ticket({ productType: 'ADD' })],
    ['COMPLETED', ticket({ supportStatus: 'COMPLETED' })],
    ['UNSOLVED', ticket({ supportStatus: 'UNSOLVED' })],
  ])('no change button when %s', async (_case, t) => {
    const { card } = await renderCard(t)
    expect(card.queryByRole('link', { name: text.change })).toBeNull()
  })

  it('31 minutes ahead still shows the change button', async () => {
    const { card } = await renderCard(ticket({ reservationUnixTime: inMinutes(31) }))
    expect(card.getByRole('link', { name: text.change })).toBeTruthy()
    expect(card.queryByText(text.changeClosed)).toBeNull()
  })

  it.each([
    ['30 minutes ahead exactly', inMinutes(30)],
    ['10 minutes ahead', inMinutes(10)],
    ['2 minutes after the start', inMinutes(-2)],
  ])('says why the change button is gone when %s', async (_case, at) => {
    const { card } = await renderCard(ticket({ reservationUnixTime: at }))
    expect(card.queryByRole('link', { name: text.change })).toBeNull()
    expect(card.getByText(text.changeClosed)).toBeTruthy()
  })

  it.each([
    ['the consultation is over', ticket({ reservationUnixTime: inMinutes(-60) })],
    ['refunded', ticket({ reservationUnixTime: inMinutes(10), amountRefunded: 5500 })],
    ['COMPLETED', ticket({ reservationUnixTime: inMinutes(10), supportStatus: 'COMPLETED' })],
  ])('no closing note when %s', async (_case, t) => {
    const { card } = await renderCard(t)
    expect(card.queryByText(text.changeClosed)).toBeNull()
  })

  it('rate button: COMPLETED SUPPORT, no refund → a link to the rating page', async () => {
    const { card } = await renderCard(ticket({ ticketNumber: 'S0007', supportStatus: 'COMPLETED', reservationUnixTime: inMinutes(-120) }))
    expect(card.getByRole('link', { name: text.rate }).getAttribute('href')).toBe('/rating?ticketNumber=S0007')
    expect(card.queryByRole('button', { name: text.rated })).toBeNull()
    expect(card.queryByRole('link', { name: text.change })).toBeNull()
  })

  it("'rated' shows disabled once alreadyRating", async () => {
    const { card } = await renderCard(ticket({ supportStatus: 'COMPLETED', alreadyRating: true, reservationUnixTime: inMinutes(-120) }))
    const rated = card.getByRole('button', { name: text.rated })
    expect((rated as HTMLButtonElement).disabled).toBe(true)
    expect(card.queryByRole('link', { name: text.rate })).toBeNull()
  })

  it.each([
    ['UNSOLVED', ticket({ supportStatus: 'UNSOLVED', reservationUnixTime: inMinutes(-120) })],
    ['UNSOLVED_COMPLETED', ticket({ supportStatus: 'UNSOLVED_COMPLETED', unsolvedAfterFollowContent: '後日フォロー済み' })],
    ['UNSUPPORTED', ticket()],
    ['COMPLETED but refunded', ticket({ supportStatus: 'COMPLETED', amountRefunded: 1 })],
    ['COMPLETED but not SUPPORT', ticket({ supportStatus: 'COMPLETED', productType: 'ADD' })],
  ])('no rate button when %s', async (_case, t) => {
    const { card } = await renderCard(t)
    expect(card.queryByRole('link', { name: text.rate })).toBeNull()
    expect(card.queryByRole('button', { name: text.rated })).toBeNull()
  })
})

describe('TicketCard 「カレンダーに追加」 — docs/product.md §6', { timeout: 20_000 }, () => {
  const saved = { create: URL.createObjectURL, revoke: URL.revokeObjectURL }
  afterEach(() => {
    URL.createObjectURL = saved.create
    URL.revokeObjectURL = saved.revoke
    vi.restoreAllMocks()
  })

  const ics = () => ({ name: 'S0042.ics', blob: new Blob(['BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n'], { type: 'text/calendar' }) })

  it('a booking still to come: the button fetches its file and hands it to the download under its name', async () => {
    const calendarFile = vi.fn(async () => ics())
    const urls: Blob[] = []
    URL.createObjectURL = (b: Blob | MediaSource) => (urls.push(b as Blob), `blob:test/${urls.length}`)
    URL.revokeObjectURL = () => {}
    const clicked: { href: string; download: string }[] = []
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push({ href: this.href, download: this.download })
    })
    const { card } = await renderCard(ticket({ ticketNumber: 'S0042' }), calendarFile)
    const button = card.getByRole('button', { name: text.addToCalendar })
    fireEvent.click(button)
    await vi.waitFor(() => expect(clicked).toHaveLength(1))
    expect(calendarFile).toHaveBeenCalledWith('S0042')
    expect(clicked[0]).toEqual({ href: 'blob:test/1', download: 'S0042.ics' })
    expect(urls[0].type).toBe('text/calendar')
    expect(card.queryByRole('alert')).toBeNull()
  })

  it('a refused or failed fetch is said on the card, and nothing is downloaded', async () => {
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click')
    const { card } = await renderCard(ticket(), async () => Promise.reject(new Error('404')))
    fireEvent.click(card.getByRole('button', { name: text.addToCalendar }))
    expect((await card.findByRole('alert')).textContent).toBe(text.addToCalendarFailed)
    expect(click).not.toHaveBeenCalled()
  })

  it.each([
    ['it has started', ticket({ reservationUnixTime: inMinutes(-2) })],
    ['it is over', ticket({ reservationUnixTime: inMinutes(-60) })],
    ['refunded', ticket({ amountRefunded: 5500 })],
    ['ご連絡なし recorded', ticket({ noContact: true })],
    ['COMPLETED', ticket({ supportStatus: 'COMPLETED' })],
    ['not a SUPPORT ticket', ticket({ productType: 'ADD' })],
    ['no date', ticket({ reservationUnixTime: null })],
  ])('no button when %s', async (_case, t) => {
    const { card } = await renderCard(t, async () => ics())
    expect(card.queryByRole('button', { name: text.addToCalendar })).toBeNull()
  })

  it('no button where the page offers no file (no fetcher given)', async () => {
    const { card } = await renderCard(ticket())
    expect(card.queryByRole('button', { name: text.addToCalendar })).toBeNull()
  })
})

// docs/decisions.md 85–86: over but inside the grace period the card reads 確認中; from the end for
// 24 hours the member can tell us no call came, after confirming; then the card says it was received.
describe('TicketCard after the end — the grace period and the "no call came" report', { timeout: 20_000 }, () => {
  const ended = (over: Partial<Ticket> = {}) =>
    ticket({ reservationUnixTime: inMinutes(-90), endUnixTime: inMinutes(-30), outcomeDueUnixTime: inMinutes(-30) + 86_400, ...over })
  const r = homeText.noCallReport

  it('reads 確認中, not 「ご連絡がありませんでした」, inside the grace period', async () => {
    const { card } = await renderCard(ended())
    expect(card.getByText(labels.checking)).toBeTruthy()
    expect(card.queryByText(labels.noContact)).toBeNull()
  })

  it('reads 「ご連絡がありませんでした」 once the grace period is over', async () => {
    const { card } = await renderCard(ended({ outcomeDueUnixTime: nowS }))
    expect(card.getByText(labels.noContact)).toBeTruthy()
  })

  it('the report asks first; confirming sends it for this ticket', async () => {
    const report = vi.fn(async () => {})
    const { card } = await renderCard(ended({ ticketNumber: 'S0099' }), undefined, report)
    fireEvent.click(card.getByRole('button', { name: r.button }))
    const dialog = await screen.findByRole('alertdialog', { name: r.title })
    expect(report).not.toHaveBeenCalled()
    fireEvent.click(within(dialog).getByRole('button', { name: r.confirm }))
    await vi.waitFor(() => expect(report).toHaveBeenCalledWith('S0099'))
  })

  it('cancelling sends nothing; a refusal shows the server\'s Japanese message in the dialog', async () => {
    const report = vi.fn(async () => {
      throw new ApiError(409, noCallReportMessages.tooLate)
    })
    const { card } = await renderCard(ended(), undefined, report)
    fireEvent.click(card.getByRole('button', { name: r.button }))
    let dialog = await screen.findByRole('alertdialog', { name: r.title })
    fireEvent.click(within(dialog).getByRole('button', { name: r.cancel }))
    expect(report).not.toHaveBeenCalled()
    // The card is inert while the modal closes.
    fireEvent.click(await vi.waitFor(() => card.getByRole('button', { name: r.button })))
    dialog = await screen.findByRole('alertdialog', { name: r.title })
    fireEvent.click(within(dialog).getByRole('button', { name: r.confirm }))
    expect((await within(dialog).findByRole('alert')).textContent).toContain(noCallReportMessages.tooLate)
  })

  it('once reported the card says so, with no button', async () => {
    const { card } = await renderCard(ended({ noCallReportedUnixTime: nowS - 60 }), undefined, vi.fn())
    expect(card.getByText(r.received)).toBeTruthy()
    expect(card.queryByRole('button', { name: r.button })).toBeNull()
  })

  it('no button before the end, nor 24 hours after it', async () => {
    const before = await renderCard(ticket({ reservationUnixTime: inMinutes(-30), endUnixTime: inMinutes(30) }), undefined, vi.fn())
    expect(before.card.queryByRole('button', { name: r.button })).toBeNull()
  })
})

// Decision 120: one state of the card, decided once (contract/ticket-rules.ts `ticketCardState`).
describe('TicketCard of an online booking — a late member, and one state after the outcome', { timeout: 20_000 }, () => {
  const { enter } = roomText
  // 60 minutes from 20 minutes ago: ends in 40 minutes, its room closes 10 minutes later (12:50 JST).
  const online = (over: Partial<Ticket> = {}) =>
    ticket({ supportType: 'ONLINE', reservationUnixTime: inMinutes(-20), endUnixTime: inMinutes(40), outcomeDueUnixTime: inMinutes(40) + 86_400, roomClosesUnixTime: inMinutes(50), ...over })

  it('ご連絡なし recorded while the room is open: the label says so, the room button stays, and the note says until when', async () => {
    const { card } = await renderCard(online({ noContact: true }))
    expect(card.getByText(labels.noContact)).toBeTruthy()
    expect(card.getByRole('link', { name: enter }).getAttribute('href')).toBe('/room/S0001')
    expect(card.getByTestId('room-late').textContent).toBe(text.roomLate('12:50'))
  })

  it('past the end, unrecorded, the room still open: 確認中 with the room button', async () => {
    const { card } = await renderCard(online({ reservationUnixTime: inMinutes(-65), endUnixTime: inMinutes(-5), roomClosesUnixTime: inMinutes(5) }))
    expect(card.getByText(labels.checking)).toBeTruthy()
    expect(card.getByRole('link', { name: enter })).toBeTruthy()
  })

  it('once the room has closed: no room button, no note', async () => {
    const { card } = await renderCard(online({ noContact: true, reservationUnixTime: inMinutes(-70), endUnixTime: inMinutes(-10), roomClosesUnixTime: nowS }))
    expect(card.queryByRole('link', { name: enter })).toBeNull()
    expect(card.queryByTestId('room-late')).toBeNull()
  })

  it('完了 recorded over ご連絡なし and a report: サポート完了 alone — no room button, no report line', async () => {
    const { card } = await renderCard(online({ supportStatus: 'COMPLETED', noCallReportedUnixTime: nowS - 60 }), undefined, vi.fn())
    expect(card.getByText(labels.completed)).toBeTruthy()
    expect(card.queryByText(homeText.noCallReport.received)).toBeNull()
    expect(card.queryByRole('link', { name: enter })).toBeNull()
  })

  it('a telephone booking after ご連絡なし has no room button', async () => {
    const { card } = await renderCard(online({ supportType: 'TEL', noContact: true, roomClosesUnixTime: undefined }))
    expect(card.queryByRole('link', { name: enter })).toBeNull()
  })
})
