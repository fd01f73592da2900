import type { ScheduleView } from '../../machines/reservation-change/schedule-slots'
import type { Ticket } from '../../contract/entities'
import { ticket } from '../unit/ticket-fixture'

// Shared data of the reservation-change chart tests: one day's schedule and a reserved ticket.

const staff = (staffId: string, staffNickname: string, schedules: Record<string, boolean>) => ({
  staffId,
  staffNickname,
  staffAge: 34,
  staffGender: 'FEMALE' as const,
  staffImageUrl: null,
  averageScore: 4.2,
  supportCompleteCount: 20,
  supportUnSolvedCount: 2,
  isAvailableAnyTime: Object.values(schedules).some(Boolean),
  schedules,
})

/** 10:00 and 10:30 open (さくら at 10:30, anybody at 10:00), 09:00 closed; days 0602 … 0616. */
export function scheduleFixture(selectDate: string, holidays: string[] = []): ScheduleView {
  return {
    schedule: {
      selectDate,
      staffSchedules: [
        staff('STAFF-01', 'さくら', { '09-00': false, '10-00': false, '10-30': true }),
        staff('STAFF-02', 'たけし', { '09-00': false, '10-00': true, '10-30': false }),
        staff('STAFF-03', 'ひまり', { '09-00': false, '10-00': false, '10-30': false }),
      ],
      noAssignSchedules: { '09-00': false, '10-00': true, '10-30': true },
      isAvailableAnyTime: true,
      firstDate: '20250602',
      lastDate: '20250616',
    },
    holidays,
  }
}

/** A day with no free cell left (e.g. today late in the evening). */
export function fullScheduleFixture(selectDate: string, holidays: string[] = []): ScheduleView {
  const view = scheduleFixture(selectDate, holidays)
  view.schedule.noAssignSchedules = { '09-00': false, '10-00': false, '10-30': false }
  view.schedule.staffSchedules.forEach((s) => Object.keys(s.schedules).forEach((k) => (s.schedules[k] = false)))
  return view
}

/** A reserved 60-minute ticket on 2025-06-05 10:00 JST (the home tests' ticket, moved to June). */
export const ticketFixture: Ticket = ticket({
  ticketNumber: 'S0000001',
  reservationTime: 'SUPPORT-20250605-10-00',
  reservationUnixTime: 1749085200,
  productName: '60分サポート',
  purchaseTime: 1748800000,
})
