import { useState } from 'react'
import type { Ticket } from '../../../contract/entities'
import type { SavedFile } from '../../api/ticket-calendar'
import { saveFile } from '../../ui/save-file'
import { homeText } from '../../text/home'
import { roomText } from '../../text/room'
import { formatDateTimeUnix, formatReservation } from '../../../contract/jst'
import { Anchor, type PlainLink } from '../../ui/plain-link'
import { ticketCardState, type TicketLabel } from '../../../contract/ticket-rules'
import { parseReservationTime } from '../../../contract/reservation-time'
import { homeClasses as css } from './home.styles.gen'
import { NoCallReport, type ReportNoCall } from './no-call-report'

/** Each label's badge: its palette's solid badge (completed, reserved, expired, refunded in home.specimen.tsx). */
const labelClasses: Record<TicketLabel, string> = {
  completed: css.labelCompleted,
  reserved: css.labelReserved,
  checking: css.labelReserved,
  noContact: css.labelExpired,
  refunded: css.labelRefunded,
}

const t = homeText.tickets

/** A booking's calendar file, fetched with the member's token (src/api/ticket-calendar.ts). */
export type CalendarFileOf = (ticketNumber: string) => Promise<SavedFile>

/**
 * 「カレンダーに追加」 (docs/product.md §6): fetches the booking's calendar file and hands it to the
 * browser's download; a failure is said under the buttons.
 */
function AddToCalendar({ ticketNumber, calendarFile, onFailed }: { ticketNumber: string; calendarFile: CalendarFileOf; onFailed: (failed: boolean) => void }) {
  const [busy, setBusy] = useState(false)
  const add = async () => {
    setBusy(true)
    onFailed(false)
    try {
      saveFile(await calendarFile(ticketNumber))
    } catch {
      onFailed(true)
    } finally {
      setBusy(false)
    }
  }
  // As Chakra's loading button draws it: the spinner over the label, kept in place but hidden.
  return (
    <button type="button" className={busy ? css.buttonOutlineBrandLoading : css.buttonOutlineBrand} data-loading={busy ? '' : undefined} disabled={busy} onClick={() => void add()}>
      {busy ? (
        <span className={css.loader}>
          <div className={css.loaderCenter}>
            <span className={css.spinner} />
          </div>
          <span className={css.loaderContent}>{t.addToCalendar}</span>
        </span>
      ) : (
        t.addToCalendar
      )}
    </button>
  )
}

/**
 * One held SUPPORT/ADD ticket: label of product.md §4, change and rate buttons of product.md §6; an
 * ADD names its consultation (`parent`). With `calendarFile`, a booking still to come offers
 * 「カレンダーに追加」; with `reportNoCall`, the "no call came" report (no-call-report.tsx). The
 * in-app buttons (room, change, rate) are links through `Link`.
 */
export function TicketCard({
  ticket,
  now,
  parent = null,
  calendarFile,
  reportNoCall,
  Link = Anchor,
}: {
  ticket: Ticket
  now: Date
  parent?: Ticket | null
  calendarFile?: CalendarFileOf
  reportNoCall?: ReportNoCall
  Link?: PlainLink
}) {
  const [calendarFailed, setCalendarFailed] = useState(false)
  // One state of the card, decided in one place (contract/ticket-rules.ts, decision 120).
  const state = ticketCardState(ticket, now)
  const { label, rate } = state
  const calendar = calendarFile !== undefined && state.calendar
  // An extension (ADD) is held only with its consultation (docs/product.md §4) and names it.
  const parentWhen = parent ? parseReservationTime(parent.reservationTime) : null
  const when = parseReservationTime(ticket.reservationTime)
  const encoded = encodeURIComponent(ticket.ticketNumber)
  // An online consultation whose room still admits the member (docs/product.md "The online consultation room").
  const room = state.room !== 'hidden'
  return (
    <article aria-label={ticket.productName} data-ticket-number={ticket.ticketNumber} className={css.card}>
      <div className={css.cardBody}>
        <div className={css.ticketRow}>
          <img src={`/images/icon_${ticket.minutesToSupport}min.png`} alt="" className={css.ticketIcon} />
          <div className={css.ticketInfo}>
            <div className={css.ticketHead}>
              <p className={css.bold}>{ticket.productName}</p>
              <span data-label={label} className={labelClasses[label]}>
                {homeText.labels[label]}
              </span>
            </div>
            <p className={css.smallMuted}>
              {t.ticketNumber}: {ticket.ticketNumber}
            </p>
            {when && (
              <p className={css.small}>
                {t.reservation}: {formatReservation(when.ymd, when.hour, when.minute)}
              </p>
            )}
            {parent && (
              <p data-testid="extends" className={css.small}>
                {t.extends}: {parentWhen ? `${formatReservation(parentWhen.ymd, parentWhen.hour, parentWhen.minute)} ` : ''}
                {parent.staff?.staffNickname ? `${parent.staff.staffNickname} ` : ''}（{parent.ticketNumber}）
              </p>
            )}
            {ticket.productType === 'SUPPORT' && (
              <p className={css.small}>
                {/* Each "label: value" stays whole; a narrow card breaks at the slash, never inside a word. */}
                <span className={css.inlineBlock}>
                  {t.staff}: {ticket.staff?.staffNickname ?? t.noAssign}
                </span>
                {ticket.supportType && (
                  <>
                    {' ／ '}
                    <span className={css.inlineBlock}>
                      {t.supportType}: {homeText.supportType[ticket.supportType]}
                    </span>
                  </>
                )}
              </p>
            )}
            <p className={css.smallMuted}>{t.minutes(ticket.minutesToSupport)}</p>
          </div>
        </div>
        {state.changeClosed && (
          <p data-testid="change-closed" className={css.changeClosed}>
            {t.changeClosed}
          </p>
        )}
        {state.room === 'late' && state.roomClosesUnixTime !== null && (
          // After ご連絡なし or past the end the member may still come in until the room closes (decision 120).
          <p data-testid="room-late" className={css.noCallReceived}>
            {t.roomLate(formatDateTimeUnix(state.roomClosesUnixTime).slice(-5))}
          </p>
        )}
        {(state.change || rate !== 'hidden' || calendar || room) && (
          <div className={css.ticketButtons}>
            {room && (
              <Link href={`/room/${encoded}`} className={css.buttonSolid}>
                {roomText.enter}
              </Link>
            )}
            {calendar && <AddToCalendar ticketNumber={ticket.ticketNumber} calendarFile={calendarFile} onFailed={setCalendarFailed} />}
            {state.change && (
              <Link href={`/support/reservation-date-change?ticketNumber=${encoded}`} className={css.buttonSolid}>
                {t.change}
              </Link>
            )}
            {rate === 'rate' && (
              <Link href={`/rating?ticketNumber=${encoded}`} className={css.buttonOutlineBrand}>
                {t.rate}
              </Link>
            )}
            {rate === 'rated' && (
              <button type="button" disabled className={css.buttonOutline}>
                {t.rated}
              </button>
            )}
          </div>
        )}
        {calendarFailed && (
          <p role="alert" className={css.calendarFailed}>
            {t.addToCalendarFailed}
          </p>
        )}
        {reportNoCall && state.noCallReport !== 'hidden' && <NoCallReport ticket={ticket} state={state.noCallReport} report={reportNoCall} />}
      </div>
    </article>
  )
}

/**
 * The free interview ticket (product.md §4 "First-time user"): the phone-consultation card when the
 * ticket-is-free flag is set (always, today), the interview card otherwise.
 */
export function InterviewTicketCard({ ticket, kind, offered = ticket.supportStatus === 'UNSUPPORTED' }: { ticket: Ticket; kind: 'interview' | 'phone'; offered?: boolean }) {
  const text = kind === 'phone' ? homeText.phoneCard : homeText.interviewCard
  // The free phone consultation is offered to a first-time member only (product.md §4); once used it says so.
  const used = !offered
  return (
    <article aria-label={text.title} data-ticket-number={ticket.ticketNumber} className={css.subtleCard}>
      <div className={css.subtleCardBody}>
        <div className={css.stack1}>
          <p className={css.bold}>{text.title}</p>
          {used && kind === 'phone' ? (
            <p className={css.smallMuted}>{homeText.phoneCard.used}</p>
          ) : (
            <>
              <p className={css.small}>{text.body}</p>
              {kind === 'phone' && ticket.interviewTelNumber && (
                <div>
                  <p className={css.smallMuted}>{homeText.phoneCard.tel}</p>
                  <a href={`tel:${ticket.interviewTelNumber.replace(/-/g, '')}`} className={css.tel}>
                    {ticket.interviewTelNumber}
                  </a>
                </div>
              )}
            </>
          )}
        </div>
      </div>
    </article>
  )
}
