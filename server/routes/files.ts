import type { fileCalls } from '../../contract/file-calls'
import type { FileHandlers } from '../http/files'
import { calendarFile } from './staff/calendar'
import { exportFile, imageFile } from './staff/desk'
import { ticketCalendarFile } from './member-data'

/** The handlers of contract/file-calls.ts (mounted by server/http/files.ts). */
export const fileHandlers: FileHandlers<typeof fileCalls> = {
  image: imageFile,
  'calendar-feed': calendarFile,
  'desk-export': exportFile,
  'ticket-calendar': ticketCalendarFile,
}
