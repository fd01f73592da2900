import { homeText } from '../../text/home'
import { calendarDays, weekdayJa, ymdOf } from '../../../contract/jst'
import { homeClasses as css } from './home.styles.gen'

const c = homeText.calendar

/** A day's cell: today's has the brand's border, a holiday's the muted background (home.specimen.tsx). */
const dayClass = (today: boolean, holiday: boolean) => (today ? (holiday ? css.dayTodayHoliday : css.dayToday) : holiday ? css.dayHoliday : css.day)

/**
 * Three weeks from today in Japan time (product.md §9), marking business holidays and the member's
 * reservation days (product.md §2 "/"). Each day is a list item named by its date and marks, so it
 * reads well in a screen reader and tests find it by role.
 *
 * The weekdays head the 7 columns (the weeks start today, so each column is one weekday) and a
 * cell shows the day number and a short mark: at 390 px a cell is ~40 px wide, where
 * 「23（月）」 and 「ご予約日」 wrapped mid-word.
 */
export function HomeCalendar({ now, holidays, reservations }: { now: Date; holidays: Set<string>; reservations: Set<string> }) {
  const days = calendarDays(now)
  return (
    <div className={css.stack3}>
      <p className={css.smallMuted}>{c.caption}</p>
      <div className={css.stack1}>
        <div aria-hidden="true" className={css.weekdays}>
          {days.slice(0, 7).map((day) => (
            <p key={ymdOf(day)} className={css.weekday}>
              {weekdayJa(day)}
            </p>
          ))}
        </div>
        <ul aria-label={c.title} className={css.days}>
          {days.map((day, i) => {
            const ymd = ymdOf(day)
            const holiday = holidays.has(ymd)
            const reserved = reservations.has(ymd)
            const marks = [i === 0 && c.today, holiday && c.holiday, reserved && c.reservation].filter(Boolean)
            const name = [c.dayLabel(day.monthValue(), day.dayOfMonth(), weekdayJa(day)), ...marks].join(' ')
            return (
              <li
                key={ymd}
                aria-label={name}
                title={name}
                data-ymd={ymd}
                data-holiday={holiday || undefined}
                data-reservation={reserved || undefined}
                className={dayClass(i === 0, holiday)}
              >
                <p className={css.dayNumber}>
                  {day.dayOfMonth() === 1 || i === 0 ? `${day.monthValue()}/` : ''}
                  {day.dayOfMonth()}
                </p>
                {holiday && <p className={css.holidayMark}>{c.holidayShort}</p>}
                {reserved && <p className={css.reservationMark}>{c.reservationShort}</p>}
              </li>
            )
          })}
        </ul>
      </div>
      <div aria-label={c.legend} className={css.legend}>
        <div className={css.legendItem}>
          <div className={css.legendHoliday} />
          <p>{c.holiday}</p>
        </div>
        <div className={css.legendItem}>
          <div className={css.legendReservation} />
          <p>{c.reservation}</p>
        </div>
      </div>
    </div>
  )
}
