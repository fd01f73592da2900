// A member's booking as a calendar file (contract/file-calls.ts 'ticket-calendar'): its path under
// the API, shared by the server's file call and the ticket card's 「カレンダーに追加」. A module of its
// own, so a member page does not load the file registry (it names the staff calls).

/** The file call's path under the API base (`/api` + this + `<ticketNumber>.ics`). */
export const TICKET_CALENDAR_PATH = '/ticket-calendar/'

/** The file's name: the path's last segment, and the name the browser saves it under. */
export const ticketCalendarName = (ticketNumber: string) => `${ticketNumber}.ics`
