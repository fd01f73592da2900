// Consultations and shift plans as the staff calls answer them (contract/staff-calls.ts), for the
// staff charts' spec rules and machine tests.
import type { Consultation, ShiftPlanResponse } from '../../contract/staff-calls'

export const consultationFixture: Consultation = {
  ticketNumber: 'T00000123',
  productName: '60分サポートチケット',
  staffId: 'STAFF-01',
  staffNickname: 'さくら',
  reservationTime: 'SUPPORT-20261126-10-30',
  startUnixTime: 1795656600,
  endUnixTime: 1795660200,
  bookedEndUnixTime: 1795660200,
  minutes: 60,
  addedMinutes: 0,
  supportType: 'TEL',
  telNumber: '09012345678',
  onlineEmail: null,
  memberName: '山田 太郎',
  concernText: 'プリンターが動きません',
  device: 'PC',
  os: 'WINDOWS',
  remoteSupport: 'WISH',
  menuTitles: [],
  addTickets: [],
  supportStatus: 'UNSUPPORTED',
  noContact: false,
  minutesUsed: null,
  unsolvedAfterFollowContent: null,
  outcomeUnixTime: null,
  followUpDue: null,
  noCallReportedUnixTime: null,
  refunded: false,
  noPreference: true,
  state: 'live',
  roomStays: [],
}

export const candidatesFixture = {
  consultation: consultationFixture,
  candidates: [
    { staffId: 'STAFF-01', staffNickname: 'さくら', free: false, reason: 'CURRENT', reasonText: '現在の担当者です', weekCount: 3, mailable: true },
    { staffId: 'STAFF-02', staffNickname: 'たけし', free: true, reason: null, reasonText: null, weekCount: 1, mailable: true },
    { staffId: 'STAFF-03', staffNickname: 'みどり', free: false, reason: 'BOOKED', reasonText: 'この時間は別の予約があります', weekCount: 2, mailable: true },
  ],
}

export const shiftPlanFixture: ShiftPlanResponse = {
  staffId: 'STAFF-01',
  staffNickname: 'さくら',
  planSource: 'plan',
  weekly: [
    { weekday: 1, start: '09:00', end: '12:00' },
    { weekday: 1, start: '13:00', end: '18:00' },
    { weekday: 3, start: '10:00', end: '21:00' },
  ],
  exceptions: [{ ymd: '20261201', off: true, start: null, end: null }],
  days: [{ ymd: '20261126', holiday: false, periods: [{ start: '10:00', end: '21:00' }], bookings: [{ ticketNumber: 'T00000123', start: '10:30', end: '11:30' }] }],
}
