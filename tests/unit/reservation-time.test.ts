import { describe, expect, it } from 'vitest'
import * as v from 'valibot'
import { formatMessages } from '../../contract/validation-messages'
import {
  ReservationTime,
  Ymd,
  clockOf,
  instantOf,
  parseReservationTime,
  parseSlotKey,
  parseYmd,
  plusDays,
  reservationAtOf,
  reservationAtSlot,
  reservationTimeOf,
  slotKeyOf,
} from '../../contract/reservation-time'
import { TicketNumber } from '../../contract/ids'
import {
  CHANGE_CUTOFF_MINUTES,
  FIRST_SLOT_HOUR,
  LAST_SLOT_END_HOUR,
  bandOfHour,
  canChangeReservation,
  couponFits,
  reservationChangeRefusal,
} from '../../contract/reservation-rules'

// contract's domain values: the one reader and writer of `SUPPORT-YYYYMMDD-HH-MM` and `YYYYMMDD`,
// and the rules both sides share.

describe('reservation time', () => {
  it('parses SUPPORT-YYYYMMDD-HH-MM into its day and time, and writes it back', () => {
    const at = parseReservationTime('SUPPORT-20250612-10-30')
    expect(at).toEqual({ ymd: '20250612', hour: 10, minute: 30 })
    expect(reservationTimeOf(at!)).toBe('SUPPORT-20250612-10-30')
    expect(slotKeyOf(at!)).toBe('10-30')
    expect(clockOf({ hour: 9, minute: 0 })).toBe('09:00')
  })
  it('refuses the product type alone, other shapes, impossible days and times', () => {
    for (const s of ['INTERVIEW', 'TIP', 'ADD', 'SUPPORT', '', null, undefined, 'SUPPORT-20250231-10-00', 'SUPPORT-20250612-24-00', 'SUPPORT-20250612-10-60', 'X-20250612-10-00', 'SUPPORT-2025061-10-00'])
      expect(parseReservationTime(s)).toBeNull()
  })
  it('is Japan wall-clock: 10:30 in Tokyo is 01:30 UTC, and back', () => {
    const at = parseReservationTime('SUPPORT-20250612-10-30')!
    expect(new Date(instantOf(at)).toISOString()).toBe('2025-06-12T01:30:00.000Z')
    expect(reservationAtOf(instantOf(at))).toEqual(at)
    // Just after midnight in Japan is still the previous day in UTC.
    expect(reservationAtOf(Date.parse('2025-06-11T15:00:00Z'))).toEqual({ ymd: '20250612', hour: 0, minute: 0 })
  })
  it('reads grid slot keys, the original backend’s hh#mm too', () => {
    expect(parseSlotKey('10-30')).toEqual({ hour: 10, minute: 30 })
    expect(parseSlotKey('10#30')).toEqual({ hour: 10, minute: 30 })
    expect(parseSlotKey('1030')).toBeNull()
    expect(reservationAtSlot('20250612', '17-00')).toEqual({ ymd: '20250612', hour: 17, minute: 0 })
    expect(reservationAtSlot('2025061', '17-00')).toBeNull()
  })
  it('the request schema keeps the contract’s message', () => {
    expect(v.parse(ReservationTime, 'SUPPORT-20250612-10-30')).toBe('SUPPORT-20250612-10-30')
    const r = v.safeParse(ReservationTime, 'SUPPORT-2025-06-12')
    expect(r.success ? null : r.issues[0].message).toBe(formatMessages.reservationTime)
  })
})

describe('days', () => {
  it('parses YYYYMMDD and refuses days that do not exist', () => {
    expect(parseYmd('20240229')).toEqual({ year: 2024, month: 2, day: 29 })
    expect(parseYmd('20250229')).toBeNull()
    expect(parseYmd('2025061')).toBeNull()
  })
  it('adds days across months and years', () => {
    expect(plusDays('20241231', 1)).toBe('20250101')
    expect(plusDays('20250301', -1)).toBe('20250228')
    expect(plusDays('nope', 1)).toBeNull()
  })
  it('the dt schema answers the spec’s message', () => {
    const r = v.safeParse(Ymd, '2025-06-12')
    expect(r.success ? null : r.issues[0].message).toBe(formatMessages.ymd)
  })
  it('ticket numbers are non-empty and capped', () => {
    expect(v.safeParse(TicketNumber, '').success).toBe(false)
    expect(v.safeParse(TicketNumber, 'S1234567890123').success).toBe(true)
  })
})

describe('shared rules', () => {
  const now = new Date('2025-06-12T01:00:00Z')
  const inMinutes = (m: number) => new Date(now.getTime() + m * 60_000)
  it('the 30-minute cut-off: strictly more than 30 minutes ahead', () => {
    expect(CHANGE_CUTOFF_MINUTES).toBe(30)
    expect(canChangeReservation(inMinutes(31), now)).toBe(true)
    expect(canChangeReservation(new Date(inMinutes(30).getTime() + 1), now)).toBe(true)
    expect(canChangeReservation(inMinutes(30), now)).toBe(false)
    expect(canChangeReservation(inMinutes(-5).getTime(), now)).toBe(false)
  })
  it('why a reservation cannot be changed', () => {
    const t = { productType: 'SUPPORT' as const, supportStatus: 'UNSUPPORTED' as const, amountRefunded: 0, reservationAt: inMinutes(60) }
    expect(reservationChangeRefusal(t, now)).toBeNull()
    expect(reservationChangeRefusal({ ...t, reservationAt: inMinutes(10) }, now)).toBe('tooLate')
    expect(reservationChangeRefusal({ ...t, amountRefunded: 1 }, now)).toBe('notChangeable')
    expect(reservationChangeRefusal({ ...t, supportStatus: 'COMPLETED' }, now)).toBe('notChangeable')
    expect(reservationChangeRefusal({ ...t, productType: 'ADD' }, now)).toBe('notChangeable')
    expect(reservationChangeRefusal({ ...t, reservationAt: null }, now)).toBe('notChangeable')
  })
  it('time bands: 9–13, 13–17, 17–21', () => {
    expect([FIRST_SLOT_HOUR, LAST_SLOT_END_HOUR]).toEqual([9, 21])
    expect([8, 9, 12, 13, 16, 17, 20, 21].map(bandOfHour)).toEqual([null, 'morning', 'morning', 'afternoon', 'afternoon', 'evening', 'evening', null])
  })
  it('coupon fit: the product type, and the minutes when the coupon names them', () => {
    const coupon = { availableProductList: [{ productType: 'SUPPORT' as const, minutesToSupport: 60 }, { productType: 'ADD' as const, minutesToSupport: null }] }
    expect(couponFits(coupon, { productType: 'SUPPORT', minutesToSupport: 60 })).toBe(true)
    expect(couponFits(coupon, { productType: 'SUPPORT', minutesToSupport: 30 })).toBe(false)
    expect(couponFits(coupon, { productType: 'ADD', minutesToSupport: 15 })).toBe(true)
    expect(couponFits(coupon, { productType: 'TIP', minutesToSupport: 0 })).toBe(false)
  })
})
