import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { staffMessages } from '../../contract/staff-messages'
import { assignmentsText, consultantDayText, outcomeText, reassignText, shiftPlanText, staffForbiddenText, staffLoginText, staffNavText, staffShellText } from '../../src/text/staff'
import { candidatesFixture, consultationFixture, shiftPlanFixture } from '../machines/staff-fixtures'
import { roomText } from '../../src/text/room'
import { deskTodayText } from '../../src/text/desk'
import { renderApp } from './app-harness'
import { ticket } from './ticket-fixture'

// The staff shell over the real routes with fake ports: the guard (anonymous → /staff/login,
// member → 権限がありません), the menu by role, a role's page refused to another role without
// calling its API, a consultant's day drawn from the staff call, and member pages that treat a
// staff sign-in as signed out.

let stop: (() => void) | undefined
afterEach(() => {
  stop?.()
  vi.unstubAllGlobals()
})

const consultant = { role: ['consultant'], staffId: 'STAFF-01' }

/** The staff calls (fetch under the staff client), answering consultant-day with one consultation. */
function stubStaffApi(over: Partial<typeof consultationFixture>[] = [{}]) {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Tokyo' }).format(new Date()).replaceAll('-', '')
  const fetchMock = vi.fn(async (url: string) => {
    const name = new URL(url, 'http://app').pathname.replace(/^.*\/staff\//, '')
    if (name === 'consultant-day') {
      const day = { staffId: 'STAFF-01', staffNickname: 'さくら', from: today, days: 14, consultations: over.map((o, i) => ({ ...consultationFixture, ticketNumber: `T0000012${i}`, reservationTime: `SUPPORT-${today}-10-30`, ...o })) }
      return new Response(JSON.stringify(day), { status: 200 })
    }
    return new Response(JSON.stringify({ message: 'この操作を行う権限がありません。' }), { status: 403 })
  })
  vi.stubGlobal('fetch', fetchMock)
  return fetchMock
}

function start(url: string, options?: Parameters<typeof renderApp>[1]) {
  const app = renderApp(url, options)
  stop = app.stop
  return app
}

describe('staff pages', () => {
  it('send an anonymous visitor to the staff login, remembering the page, with username and current-password autocomplete', async () => {
    const { router } = start('/staff/assignments')
    const email = await screen.findByLabelText(staffLoginText.emailLabel)
    expect(router.state.location.pathname).toBe('/staff/login')
    expect(router.state.location.search).toEqual({ redirect: '/staff/assignments' })
    expect(email.getAttribute('autocomplete')).toBe('username')
    expect(screen.getByLabelText(staffLoginText.passwordLabel).getAttribute('autocomplete')).toBe('current-password')
    expect((screen.getByRole('button', { name: staffLoginText.submit }) as HTMLButtonElement).disabled).toBe(true)
  })

  it('tell a signed-in member 権限がありません, without the member header', async () => {
    const fetchMock = stubStaffApi()
    start('/staff', { signedIn: true })
    expect(await screen.findByRole('heading', { name: staffForbiddenText.title })).toBeTruthy()
    expect(screen.queryByRole('navigation', { name: staffShellText.mainNav })).toBeNull()
    expect(fetchMock).not.toHaveBeenCalled()
  })

  it("show a consultant their menu and their day: who, how to reach them, the concern", async () => {
    const fetchMock = stubStaffApi()
    start('/staff', { signedIn: true, claims: consultant })
    const card = await screen.findByRole('article', { name: /山田 太郎/ })
    expect(within(card).getByRole('link', { name: '09012345678' }).getAttribute('href')).toBe('tel:09012345678')
    expect(card.textContent).toContain('プリンターが動きません')
    expect(card.textContent).toContain('パソコン')
    expect(card.textContent).toContain(consultantDayText.status.UNSUPPORTED)
    const nav = screen.getByRole('navigation', { name: staffShellText.mainNav })
    const links = within(nav).getAllByRole('link').map((a) => a.textContent)
    expect(links).toEqual([staffNavText.day, staffNavText.past, staffNavText.shifts, staffNavText.calendar])
    expect(String(fetchMock.mock.calls[0][0])).toContain('/staff/consultant-day?days=14')
    const headers = (fetchMock.mock.calls[0] as unknown as [string, RequestInit])[1].headers as Record<string, string>
    expect(headers.Authorization).toBe('Bearer token')
  })

  // docs/decisions.md 85–86: what the loop still owes shows beside the status.
  it("show on a consultant's day a 未解決's follow-up due day and a member's no-call report", async () => {
    stubStaffApi([
      { supportStatus: 'UNSOLVED', followUpDue: '20250615', memberName: '佐藤 花子' },
      { noCallReportedUnixTime: 1749600000, memberName: '鈴木 一郎' },
      { supportStatus: 'UNSOLVED_COMPLETED', followUpDue: '20250615', noCallReportedUnixTime: 1749600000, memberName: '高橋 次郎' },
    ])
    start('/staff', { signedIn: true, claims: consultant })
    const unsolved = await screen.findByRole('article', { name: /佐藤 花子/ })
    expect(within(unsolved).getByText(consultantDayText.followUpDue('2025年6月15日（日）'))).toBeTruthy()
    expect(within(unsolved).queryByText(consultantDayText.noCallReported)).toBeNull()
    const reported = screen.getByRole('article', { name: /鈴木 一郎/ })
    expect(within(reported).getByText(consultantDayText.noCallReported)).toBeTruthy()
    // Closed (未解決で完了): nothing owed, nothing shown.
    const closed = screen.getByRole('article', { name: /高橋 次郎/ })
    expect(within(closed).queryByTestId('follow-up-due')).toBeNull()
    expect(within(closed).queryByTestId('no-call-reported')).toBeNull()
  })

  // A day outside this year (in Japan) says its year: 2025-01-07 is a Tuesday, and 「1月7日（火）」
  // read this year names the wrong weekday (contract/jst.ts formatDayJa).
  it('show 過去の相談 with the year of a consultation from another year, and none for this year’s', async () => {
    const year = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Tokyo', year: 'numeric' }).format(new Date())
    const past = (reservationTime: string, memberName: string, ticketNumber: string) => ({ ...consultationFixture, reservationTime, memberName, ticketNumber, supportStatus: 'COMPLETED', caseNote: null })
    vi.stubGlobal('fetch', vi.fn(async (url: string) => {
      if (!String(url).includes('/staff/past-consultations')) return new Response(JSON.stringify({ message: 'この操作を行う権限がありません。' }), { status: 403 })
      const consultations = [past(`SUPPORT-${year}0107-10-30`, '今年 花子', 'T00000201'), past('SUPPORT-20250107-10-30', '昨年 一郎', 'T00000202')]
      return new Response(JSON.stringify({ staffId: 'STAFF-01', filter: 'ALL', page: 1, pageSize: 20, total: 2, consultations, consultants: [] }), { status: 200 })
    }))
    start('/staff/past', { signedIn: true, claims: consultant })
    const older = await screen.findByRole('article', { name: /昨年 一郎/ })
    expect(older.textContent).toContain('2025年1月7日（火） 10:30')
    const thisYear = screen.getByRole('article', { name: /今年 花子/ })
    expect(thisYear.textContent).toMatch(/(^|[^年\d])1月7日（[日月火水木金土]） 10:30/)
    expect(thisYear.textContent).not.toContain(`${year}年`)
  })

  it("refuse an operator's page to a consultant without calling it", async () => {
    const fetchMock = stubStaffApi()
    start('/staff/assignments', { signedIn: true, claims: consultant })
    expect(await screen.findByRole('heading', { name: staffForbiddenText.title })).toBeTruthy()
    expect(screen.getByText(staffForbiddenText.bodyRole)).toBeTruthy()
    await waitFor(() => expect(screen.getByRole('navigation', { name: staffShellText.mainNav })).toBeTruthy())
    expect(fetchMock.mock.calls.map((c) => String(c[0])).filter((u) => u.includes('/assignments'))).toEqual([])
  })

  it('leave member pages to members: a staff sign-in is sent to the member login', async () => {
    const { router, call } = start('/purchase-list', { signedIn: true, claims: consultant })
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'))
    expect(call).not.toHaveBeenCalledWith('user-data', { data: 'MEMBER' })
  })
})

describe('staff flows on their pages', () => {
  /** A staff API answering by call name; each answer may be a function of the request. */
  function stubCalls(answers: Record<string, (body: unknown, url: URL) => [number, unknown]>) {
    const seen: Array<{ name: string; body: unknown }> = []
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: string, init?: RequestInit) => {
        const url = new URL(input, 'http://app')
        const name = url.pathname.replace(/^.*\/staff\//, '')
        const body = init?.body ? JSON.parse(String(init.body)) : Object.fromEntries(url.searchParams)
        seen.push({ name, body })
        const [status, json] = answers[name]?.(body, url) ?? [403, { message: 'forbidden' }]
        return new Response(JSON.stringify(json), { status })
      }),
    )
    return seen
  }
  const operator = { role: ['operator'] }

  it('outcome: 記録しました stays after the day reads itself again (the staff client is not remade)', async () => {
    // A consultation that began in the current 30-minute cell, today in Japan time: 完了 is open.
    const cell = Math.floor(Date.now() / 1_800_000) * 1800
    const jst = new Date((cell + 9 * 3600) * 1000).toISOString()
    const reservationTime = `SUPPORT-${jst.slice(0, 10).replaceAll('-', '')}-${jst.slice(11, 13)}-${jst.slice(14, 16)}`
    const live = { ...consultationFixture, reservationTime, startUnixTime: cell, endUnixTime: cell + 3600, bookedEndUnixTime: cell + 3600 }
    let status: 'UNSUPPORTED' | 'COMPLETED' = 'UNSUPPORTED'
    const day = () => ({ staffId: 'STAFF-01', staffNickname: 'さくら', from: reservationTime.slice(8, 16), days: 14, consultations: [{ ...live, supportStatus: status, minutesUsed: status === 'COMPLETED' ? 60 : null }] })
    const seen = stubCalls({
      'consultant-day': () => [200, day()],
      'member-consultations': () => [200, { ticketNumber: live.ticketNumber, memberName: live.memberName, caseNote: null, earlier: [], more: false }],
      'consultation-outcome': () => {
        status = 'COMPLETED'
        return [200, { consultation: { ...live, supportStatus: 'COMPLETED', minutesUsed: 60, outcomeUnixTime: Math.floor(Date.now() / 1000), caseNote: null }, ratingMailSent: true }]
      },
    })
    start('/staff', { signedIn: true, claims: consultant })
    const card = await screen.findByRole('article', { name: /山田 太郎/ })
    fireEvent.click(within(card).getByRole('button', { name: consultantDayText.recordOutcome }))
    fireEvent.click(await within(card).findByRole('radio', { name: outcomeText.outcomes.COMPLETED }))
    await waitFor(() => expect((within(card).getByLabelText(outcomeText.minutesLabel) as HTMLInputElement).value).not.toBe(''))
    fireEvent.click(within(card).getByRole('button', { name: outcomeText.next }))
    fireEvent.click(await within(card).findByRole('button', { name: outcomeText.confirm }))
    expect(await within(card).findByText(outcomeText.saved)).toBeTruthy()
    // The save reloads the day; once its answer (now 完了) is drawn, the confirmation is still there.
    await waitFor(() => expect(seen.filter((c) => c.name === 'consultant-day')).toHaveLength(2))
    await waitFor(() => expect(within(screen.getByRole('article', { name: /山田 太郎/ })).getByText(consultantDayText.status.COMPLETED)).toBeTruthy())
    expect(within(screen.getByRole('article', { name: /山田 太郎/ })).getByText(outcomeText.saved)).toBeTruthy()
  })

  it('shift plan: a change that would drop booked time is refused with the bookings listed, and nothing is lost', async () => {
    const refusal = `${staffMessages.shiftHoldsBookings}S0000000000001（11/26 10:30）`
    const seen = stubCalls({
      'shift-plan': () => [200, shiftPlanFixture],
      // The server's dry run of the save refuses it as the save would (docs/server.md "Shifts and holidays").
      'shift-plan-preview': () => [409, { message: refusal }],
    })
    start('/staff/shifts', { signedIn: true, claims: consultant })
    const removeWednesday = await screen.findByRole('button', { name: '水曜日の時間帯1を削除' })
    fireEvent.click(removeWednesday)
    fireEvent.click(screen.getByRole('button', { name: shiftPlanText.review }))
    expect(await screen.findByText(shiftPlanText.refused)).toBeTruthy()
    expect(screen.getByRole('list', { name: shiftPlanText.refusedBookings }).textContent).toContain('S0000000000001（11/26 10:30）')
    expect(seen.some((s) => s.name === 'shift-plan-update')).toBe(false)
    const update = seen.find((s) => s.name === 'shift-plan-preview')!.body as { weekly: unknown[]; staffId: string }
    expect(update.staffId).toBe('STAFF-01')
    expect(update.weekly).toEqual([
      { weekday: 1, start: '09:00', end: '12:00' },
      { weekday: 1, start: '13:00', end: '18:00' },
    ])
    // Monday's two periods are still in the form after the refusal.
    expect(screen.getAllByRole('combobox', { name: /月曜日の開始/ })).toHaveLength(2)
  })

  it('reassignment: a consultant who is not free cannot be chosen; a 409 reloads the candidates with its message', async () => {
    const raced = '相談の日時または担当が同時に変更されました。画面を更新して確認してください。'
    let candidateLoads = 0
    stubCalls({
      assignments: () => [200, { assignments: [consultationFixture] }],
      'reassign-candidates': () => {
        candidateLoads++
        return [200, candidatesFixture]
      },
      reassign: () => [409, { message: raced }],
    })
    start('/staff/assignments', { signedIn: true, claims: operator })
    fireEvent.click(await screen.findByRole('button', { name: `${assignmentsText.reassign}：${consultationFixture.ticketNumber}` }))
    const dialog = await screen.findByRole('dialog', { name: reassignText.title })
    const busy = await within(dialog).findByRole('radio', { name: /みどり/ })
    expect((busy as HTMLInputElement).disabled).toBe(true)
    expect(dialog.textContent).toContain('この時間は別の予約があります')
    fireEvent.click(within(dialog).getByRole('radio', { name: /たけし（空き）/ }))
    fireEvent.change(within(dialog).getByLabelText(reassignText.reasonLabel), { target: { value: '体調不良のため' } })
    fireEvent.click(within(dialog).getByRole('button', { name: reassignText.next }))
    fireEvent.click(await within(dialog).findByRole('button', { name: reassignText.confirm }))
    expect(await within(dialog).findByText(raced)).toBeTruthy()
    expect(within(dialog).getByText(reassignText.conflict)).toBeTruthy()
    expect(candidateLoads).toBe(2)
  })

  // Every staff view of an ONLINE consultation shows who came into its room and when (JST): the
  // desk settles a "no call came" report with it.
  it("the desk's today, bookings and member page show an online consultation's stays in the room", async () => {
    const booking = {
      ticketNumber: 'T00000777', memberId: 'M-1', memberName: '鈴木 一郎', memberCancelled: false, staffId: 'STAFF-01', staffNickname: 'さくら',
      productName: '60分サポートチケット', reservationTime: 'SUPPORT-20250612-14-00', startUnixTime: 1749704400, endUnixTime: 1749708000, minutes: 60,
      supportType: 'ONLINE', status: 'UNSUPPORTED', noPreference: false, outcomeUnixTime: null, followUpDue: null, noCallReportedUnixTime: 1749705300,
      // 13:58 in, 14:12 out (JST); the consultant never came.
      roomStays: [{ side: 'member', joinedUnixTime: 1749704280, leftUnixTime: 1749705120 }],
    }
    const none = { items: [], total: 0 }
    const day = (ymd: string) => ({ ymd, total: 0, consultants: [] })
    const calls: Parameters<typeof stubCalls>[0] = {
      'desk-today': () => [200, { now: 1749705600, today: day('20250612'), tomorrow: day('20250613'), outcomesMissing: none, followUps: none, noCallReports: { items: [booking], total: 1 }, purchases: { count: 0, yen: 0, items: [] }, refunds: { count: 0, yen: 0, items: [] } }],
      'desk-consultants': () => [200, { items: [], total: 0, page: 1, pageSize: 100 }],
      'desk-bookings': () => [200, { items: [booking, { ...booking, ticketNumber: 'T00000778', supportType: 'TEL', roomStays: [] }], total: 2, page: 1, pageSize: 20 }],
    }
    stubCalls(calls)
    const stay = roomText.stay(roomText.stayWho.member, '2025/06/12 13:58', '2025/06/12 14:12')
    const { router } = start('/staff/today', { signedIn: true, claims: operator })
    const reports = await screen.findByRole('region', { name: new RegExp(deskTodayText.noCallReportsTitle) })
    const item = await within(reports).findByText(booking.memberName)
    expect(item.closest('li')!.textContent).toContain(stay)
    await router.navigate({ to: '/staff/bookings', search: { member: 'T0000077' } })
    const online = await waitFor(() => {
      const rows = document.querySelectorAll('tr[data-ticket-number="T00000777"]')
      expect(rows.length).toBe(1)
      return rows[0]
    })
    expect(online.textContent).toContain(stay)
    // A phone booking has no room: nothing of one is said.
    expect(document.querySelector('tr[data-ticket-number="T00000778"]')!.textContent).not.toContain('入室')

    // The member's page (会員詳細), opened for the member on the phone, says the same.
    stubCalls({
      ...calls,
      'desk-member': () => [200, {
        member: { memberId: 'M-1', email: 'suzuki@example.com', memberLastname: '鈴木', memberFirstname: '一郎', phoneNumber: '09000000000', useFreeInterviewTime: null, createdAt: 1749000000 },
        tickets: [ticket({ ticketNumber: 'T00000777', supportType: 'ONLINE' }), ticket({ ticketNumber: 'T00000778', supportType: 'TEL' })],
        roomStays: { T00000777: booking.roomStays },
        purchases: [], coupons: [], mails: [],
      }],
    })
    await router.navigate({ to: '/staff/members/$memberId', params: { memberId: 'M-1' } })
    const detailRow = await waitFor(() => {
      const rows = document.querySelectorAll('tr[data-ticket-number="T00000777"]')
      expect(rows.length).toBe(1)
      return rows[0]
    })
    expect(detailRow.textContent).toContain(stay)
    expect(document.querySelector('tr[data-ticket-number="T00000778"]')!.textContent).not.toContain('入室')
  })
})
