import { createHash } from 'node:crypto'
import { and, eq, gt, inArray, lte } from 'drizzle-orm'
import { CELL_MINUTES, atJst, cellsOf, formatYmd, todayJst, toZoned } from '../../domain/time'
import type { Tx } from '../client'
import { bookings, businessHolidays, memberCoupons, members, purchases, ratings, refunds, staffShifts, tickets } from '../schema'
import { productRows, staffRows } from './catalog'

export type MemberSeed = {
  memberId: string
  email: string
  password: string
  memberLastname: string
  memberFirstname: string
  phoneNumber: string
}

export const demoMember: MemberSeed = {
  memberId: 'MB10000001',
  email: 'demo@example.com',
  password: 'demo1234',
  memberLastname: '山田',
  memberFirstname: '太郎',
  phoneNumber: '09012345678',
}

export const otherMember: MemberSeed = {
  memberId: 'MB10000002',
  email: 'other@example.com',
  password: 'other1234',
  memberLastname: '佐藤',
  memberFirstname: '花子',
  phoneNumber: '08098765432',
}

export const INTERVIEW_TEL = '0120-000-111'
const truncSeconds = (d: Date) => new Date(Math.floor(d.getTime() / 1000) * 1000)
const product = (id: string) => {
  const p = productRows.find((r) => r.productId === id)
  if (!p) throw new Error(`unknown product ${id}`)
  return p
}

type TicketInsert = typeof tickets.$inferInsert

/** The free interview ticket (product.md §4 first-time user): given at signup, and held by every fixture. */
export function freeInterviewTicket(t: { ticketNumber: string; memberId: string; supportStatus: TicketInsert['supportStatus']; purchaseTime: Date }, interviewTelNumber = INTERVIEW_TEL): TicketInsert {
  const interview = product('INTERVIEW-30')
  return {
    ...t,
    productId: interview.productId,
    productType: 'INTERVIEW',
    productName: interview.productName,
    price: 0,
    minutesToSupport: interview.minutesToSupport,
    isFreeTicket: true,
    interviewTelNumber,
  }
}

/** Whether a consultant works the whole of [start, start + minutes) on a day that is not a business holiday. */
async function onShift(db: Tx, staffId: string, start: Date, minutes: number): Promise<boolean> {
  const [holiday] = await db.select().from(businessHolidays).where(eq(businessHolidays.ymd, formatYmd(toZoned(start).toLocalDate())))
  if (holiday) return false
  const end = new Date(start.getTime() + minutes * 60_000)
  const [shift] = await db.select({ id: staffShifts.id }).from(staffShifts).where(and(eq(staffShifts.staffId, staffId), lte(staffShifts.startsAt, start), gt(staffShifts.endsAt, new Date(end.getTime() - 1)))).limit(1)
  return shift !== undefined
}

/**
 * Books the cells of a seeded reservation as a member's booking would (docs/design.md "Rules of the
 * server"): the preferred consultant if they work then and are free, else the next one who does.
 * Fixture members created side by side (tests) must not collide on the same cells: with `laterDays`,
 * when everyone working then is taken, other hours of the same day are tried (never 19:00 or later:
 * tests book the evening themselves), then the following days. The day stays the fixture's as long
 * as it can (a test reads "a reservation three days from today" on the home calendar). null: nobody
 * working then is free.
 */
async function bookFree(db: Tx, preferred: string, start: Date, minutes: number, ticketNumber: string, laterDays = 0): Promise<{ staffId: string; start: Date } | null> {
  const order = [preferred, ...staffRows.map((s) => s.staffId).filter((s) => s !== preferred)]
  const hour = toZoned(start).hour()
  const hourShifts = laterDays === 0 ? [0] : [0, 1, 2, 3, -1, -2, -3, -4, -5, -6].filter((h) => hour + h >= 9 && hour + h + Math.ceil(minutes / 60) <= 19)
  for (let d = 0; d <= laterDays; d++) {
    for (const h of hourShifts) {
      const booked = await bookAt(db, order, new Date(start.getTime() + d * 86_400_000 + h * 3_600_000), minutes, ticketNumber)
      if (booked) return booked
    }
  }
  return null
}

async function bookAt(db: Tx, order: string[], at: Date, minutes: number, ticketNumber: string): Promise<{ staffId: string; start: Date } | null> {
  const cells = cellsOf(at, minutes)
  for (const staffId of order) {
    if (!(await onShift(db, staffId, at, minutes))) continue
    // Insert-or-skip, not look-then-insert: on PostgreSQL two members created at once both saw the
    // cells free and the second insert failed on the unique (consultant, cell) constraint.
    const inserted = await db
      .insert(bookings)
      .values(cells.map((cellStart) => ({ staffId, cellStart, ticketNumber })))
      .onConflictDoNothing()
      .returning({ id: bookings.id })
    if (inserted.length === cells.length) return { staffId, start: at }
    if (inserted.length > 0) await db.delete(bookings).where(inArray(bookings.id, inserted.map((r) => r.id)))
  }
  return null
}

/** The first consultant (the preferred one first) who works the whole of [start, start + minutes), or null. */
async function workingAt(db: Tx, preferred: string, start: Date, minutes: number): Promise<string | null> {
  for (const staffId of [preferred, ...staffRows.map((s) => s.staffId).filter((s) => s !== preferred)]) if (await onShift(db, staffId, start, minutes)) return staffId
  return null
}

/**
 * The start of the reservation that is too close to change (product.md §6: more than 30 minutes
 * before): the next 30-minute boundary after now, at most 30 minutes ahead.
 */
const nextCell = (now: Date) => new Date((Math.floor(now.getTime() / (CELL_MINUTES * 60_000)) + 1) * CELL_MINUTES * 60_000)

/**
 * A member and their fixture. 'demo': tickets in every status and label of product.md §4, a purchase
 * history of several pages, coupons that fit and do not fit; 'fresh': a first-time member holding
 * only the free interview ticket. Deterministic given `now`.
 */
export async function seedMember(db: Tx, m: MemberSeed, fixture: 'demo' | 'fresh' | 'other', now: Date) {
  const today = todayJst(now)
  const base = m.memberId.replace(/\D/g, '').slice(-8).padStart(8, '0')
  let seq = 0
  const nextNumber = (prefix: string) => `${prefix}${base}${String(++seq).padStart(3, '0')}`
  const daysAgo = (n: number) => truncSeconds(new Date(now.getTime() - n * 86_400_000))

  await db.insert(members).values({
    memberId: m.memberId,
    email: m.email,
    memberLastname: m.memberLastname,
    memberFirstname: m.memberFirstname,
    phoneNumber: m.phoneNumber,
    useFreeInterviewTime: fixture === 'fresh' ? null : daysAgo(60).toISOString(),
    createdAt: daysAgo(fixture === 'fresh' ? 0 : 400),
  })

  const ticketRows: TicketInsert[] = []
  const purchaseRows: (typeof purchases.$inferInsert)[] = []

  ticketRows.push(
    freeInterviewTicket({
      ticketNumber: nextNumber('M'),
      memberId: m.memberId,
      supportStatus: fixture === 'fresh' ? 'UNSUPPORTED' : 'COMPLETED',
      purchaseTime: fixture === 'fresh' ? truncSeconds(now) : daysAgo(61),
    }),
  )

  if (fixture === 'fresh') {
    await db.insert(tickets).values(ticketRows)
    return
  }

  type SupportSpec = {
    productId: string
    start: Date
    staffId: string
    status: TicketInsert['supportStatus']
    book?: boolean
    /** Left out when no consultant works then; never moved to a later day (the within-30-minutes one). */
    onlyIfWorking?: boolean
    extra?: Partial<TicketInsert>
    boughtDaysAgo: number
    couponCode?: string
  }
  const supportTickets: SupportSpec[] = []
  if (fixture === 'demo') {
    // Every seeded consultation obeys the rules a real one does (tests/api/seed-rules.test.ts): on
    // the 30-minute grid, inside a shift of its consultant (server/db/seed/catalog.ts shiftPeriodFor),
    // not on a business holiday; a live one holds its cells.
    supportTickets.push(
      // UNSUPPORTED, more than 30 minutes ahead: can be changed ('support reserved').
      { productId: 'SUPPORT-60', start: atJst(today.plusDays(3), 15, 0), staffId: 'STAFF-01', status: 'UNSUPPORTED', book: true, boughtDaysAgo: 2 },
      // UNSUPPORTED within 30 minutes: the change button is hidden, ticket-data answers
      // RESERVATION_TIMEOUT. The next cell boundary (at most 30 minutes ahead, so never changeable),
      // booked with a consultant working then; seeded when nobody works then (outside working
      // hours) there is no such ticket. (Extra fixture members of the tests, once every consultant
      // working then is booked, keep it unbooked: inside the cut-off no grid offers that cell.)
      { productId: 'SUPPORT-30', start: nextCell(now), staffId: 'STAFF-02', status: 'UNSUPPORTED', book: true, onlyIfWorking: true, boughtDaysAgo: 3 },
      // COMPLETED, not rated: rate button.
      { productId: 'SUPPORT-90', start: atJst(today.minusDays(3), 14, 0), staffId: 'STAFF-03', status: 'COMPLETED', boughtDaysAgo: 6 },
      // COMPLETED, rated: 'rated', disabled.
      { productId: 'SUPPORT-60', start: atJst(today.minusDays(5), 14, 0), staffId: 'STAFF-01', status: 'COMPLETED', extra: { alreadyRating: true }, boughtDaysAgo: 8, couponCode: 'USED1000' },
      // Refunded (amountRefunded > 0): hidden from the held list.
      { productId: 'SUPPORT-120', start: atJst(today.plusDays(4), 13, 0), staffId: 'STAFF-05', status: 'UNSUPPORTED', extra: { amountRefunded: 9900, refundReason: 'お客様都合によるキャンセル' }, boughtDaysAgo: 9 },
      // UNSUPPORTED and expired: 'no contact was received'.
      { productId: 'SUPPORT-30', start: atJst(today.minusDays(2), 15, 0), staffId: 'STAFF-04', status: 'UNSUPPORTED', boughtDaysAgo: 12 },
      // UNSOLVED_COMPLETED refunded after follow-up: 'refunded'.
      { productId: 'SUPPORT-60', start: atJst(today.minusDays(7), 15, 0), staffId: 'STAFF-02', status: 'UNSOLVED_COMPLETED', extra: { unsolvedAfterFollowContent: '返金', amountRefunded: 5500, refundReason: '問題が解決しなかったため' }, boughtDaysAgo: 15 },
      // UNSOLVED: 'support completed'.
      { productId: 'SUPPORT-30', start: atJst(today.minusDays(4), 18, 0), staffId: 'STAFF-02', status: 'UNSOLVED', boughtDaysAgo: 16 },
      // UNSOLVED_COMPLETED with another follow-up (not a refund): 'support completed' family.
      { productId: 'SUPPORT-90', start: atJst(today.minusDays(6), 9, 0), staffId: 'STAFF-03', status: 'UNSOLVED_COMPLETED', extra: { unsolvedAfterFollowContent: '後日フォロー済み' }, boughtDaysAgo: 20 },
      // Older history for the year filter (product.md §9: 2023 … this year).
      { productId: 'SUPPORT-60', start: atJst(today.minusDays(400), 10, 0), staffId: 'STAFF-02', status: 'COMPLETED', extra: { alreadyRating: true }, boughtDaysAgo: 402 },
      { productId: 'SUPPORT-30', start: atJst(today.minusDays(700), 15, 30), staffId: 'STAFF-01', status: 'COMPLETED', extra: { alreadyRating: true }, boughtDaysAgo: 701 },
    )
  } else {
    supportTickets.push(
      { productId: 'SUPPORT-60', start: atJst(today.plusDays(2), 15, 0), staffId: 'STAFF-02', status: 'UNSUPPORTED', book: true, boughtDaysAgo: 1 },
      { productId: 'SUPPORT-30', start: atJst(today.minusDays(3), 14, 0), staffId: 'STAFF-01', status: 'COMPLETED', boughtDaysAgo: 5 },
    )
  }

  let couponTicket: string | null = null
  for (const t of supportTickets) {
    const p = product(t.productId)
    const ticketNumber = nextNumber('S')
    const booked = t.book ? await bookFree(db, t.staffId, t.start, p.minutesToSupport, ticketNumber, t.onlyIfWorking ? 0 : 7) : null
    const working = t.onlyIfWorking && !booked ? await workingAt(db, t.staffId, t.start, p.minutesToSupport) : null
    if (t.onlyIfWorking && !booked && !working) {
      seq--
      continue
    }
    const staffId = booked?.staffId ?? working ?? t.staffId
    const start = booked?.start ?? t.start
    const purchaseTime = daysAgo(t.boughtDaysAgo)
    ticketRows.push({
      ticketNumber,
      memberId: m.memberId,
      productId: p.productId,
      productType: 'SUPPORT',
      productName: p.productName,
      price: p.price,
      minutesToSupport: p.minutesToSupport,
      reservationAt: start,
      staffId,
      supportType: seq % 3 === 0 ? 'ONLINE' : 'TEL',
      supportStatus: t.status,
      reservationMenuList: [{ menuId: `MENU-${p.minutesToSupport}-1`, menuTitle: 'ご相談内容', estimatedMinute: p.minutesToSupport }],
      purchaseTime,
      ...t.extra,
    })
    if (t.couponCode) couponTicket = ticketNumber
    const discount = t.couponCode ? 1000 : 0
    purchaseRows.push({
      receiptNumber: `R${ticketNumber.slice(1)}`,
      memberId: m.memberId,
      ticketNumber,
      productType: 'SUPPORT',
      productName: p.productName,
      amount: p.price - discount,
      amountBeforeCoupon: p.price,
      couponCode: t.couponCode ?? null,
      purchaseTime,
    })
  }

  if (fixture === 'demo') {
    // An extension bought on the spot, and tips: a purchase history of several pages (> 20 rows
    // in the default 3-month period).
    const add = product('ADD-30')
    const addNumber = nextNumber('A')
    ticketRows.push({
      ticketNumber: addNumber, memberId: m.memberId, productId: add.productId, productType: 'ADD', productName: add.productName,
      price: add.price, minutesToSupport: add.minutesToSupport, supportStatus: 'COMPLETED', parentTicketNumber: couponTicket,
      purchaseTime: daysAgo(5),
    })
    purchaseRows.push({ receiptNumber: `R${addNumber.slice(1)}`, memberId: m.memberId, ticketNumber: addNumber, productType: 'ADD', productName: add.productName, amount: add.price, amountBeforeCoupon: add.price, purchaseTime: daysAgo(5) })
    for (let i = 0; i < 16; i++) {
      const tip = product(['TIP-300', 'TIP-500', 'TIP-1000'][i % 3])
      const tipNumber = nextNumber('T')
      const when = daysAgo(21 + i * 4)
      ticketRows.push({
        ticketNumber: tipNumber, memberId: m.memberId, productId: tip.productId, productType: 'TIP', productName: tip.productName,
        price: tip.price, supportStatus: 'COMPLETED', parentTicketNumber: couponTicket, purchaseTime: when,
      })
      purchaseRows.push({ receiptNumber: `R${tipNumber.slice(1)}`, memberId: m.memberId, ticketNumber: tipNumber, productType: 'TIP', productName: tip.productName, amount: tip.price, amountBeforeCoupon: tip.price, purchaseTime: when })
    }
  }

  await db.insert(tickets).values(ticketRows)
  await db.insert(purchases).values(purchaseRows)

  // A refund shown on a ticket is a refund made at the desk (docs/server.md "Refunds"): one
  // succeeded row per refunded ticket, for its purchase, the amount the ticket shows.
  const refunded = ticketRows.filter((t) => (t.amountRefunded ?? 0) > 0)
  if (refunded.length > 0) {
    await db.insert(refunds).values(
      refunded.map((t) => {
        const when = new Date(Math.max((t.purchaseTime as Date).getTime(), Math.min(now.getTime(), (t.reservationAt ?? now).getTime())))
        return {
          receiptNumber: `R${t.ticketNumber.slice(1)}`,
          ticketNumber: t.ticketNumber,
          memberId: m.memberId,
          amount: t.amountRefunded!,
          reason: t.refundReason ?? '',
          idempotencyKey: `seed-${t.ticketNumber}`,
          fingerprint: createHash('sha256').update(JSON.stringify([t.ticketNumber, t.amountRefunded, t.refundReason ?? ''])).digest('hex'),
          status: 'succeeded' as const,
          providerRefundId: `re_seed_${t.ticketNumber}`,
          actorUid: 'seed',
          createdAt: when,
          updatedAt: when,
        }
      }),
    )
  }

  // Ratings of the tickets marked alreadyRating.
  const rated = ticketRows.filter((t) => t.alreadyRating)
  if (rated.length > 0) {
    await db.insert(ratings).values(
      rated.map((t) => ({
        ticketNumber: t.ticketNumber,
        memberId: m.memberId,
        staffId: t.staffId ?? null,
        memberTotalScore: 5,
        memberDetailScore: ['親しみやすさ', '進行のスムーズさ', '問題解決力', '説明のわかりやすさ'].map((title) => ({ title, score: 5 })),
        ratingComment: 'とても丁寧に教えていただきました。',
        createdAt: t.purchaseTime as Date,
      })),
    )
  }

  if (fixture === 'demo') {
    const claimed = daysAgo(10)
    await db.insert(memberCoupons).values([
      { memberId: m.memberId, couponCode: 'WELCOME500', claimedAt: claimed },
      { memberId: m.memberId, couponCode: 'SUPPORT60-1000', claimedAt: claimed },
      { memberId: m.memberId, couponCode: 'LONG-2000', claimedAt: claimed },
      { memberId: m.memberId, couponCode: 'EXPIRED300', claimedAt: daysAgo(40) },
      { memberId: m.memberId, couponCode: 'USED1000', claimedAt: daysAgo(40), usedAt: daysAgo(8), usedTicketNumber: couponTicket },
    ])
  }
}
