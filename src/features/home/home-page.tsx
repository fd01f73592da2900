import { startTransition, useEffect, useMemo, useState, type ReactNode } from 'react'
import type { Member } from '../../../contract/session-calls'
import { homeText } from '../../text/home'
import { CouponList } from './coupon-list'
import { HomeCalendar } from './home-calendar'
import type { HomeData } from './load-home'
import { NoticeBanner } from './notice-banner'
import { Anchor, type PlainLink } from '../../ui/plain-link'
import { PurchaseCards } from './purchase-cards'
import { InterviewTicketCard, TicketCard, type CalendarFileOf } from './ticket-card'
import type { ReportNoCall } from './no-call-report'
import { heldTickets, interviewCardKind, isFirstTimeUser, parentOf, reservationDays } from '../../../contract/ticket-rules'
import { homeClasses as css } from './home.styles.gen'
import './home.styles.gen.css'

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section aria-label={title} className={css.section}>
      <h2 className={css.sectionTitle}>{title}</h2>
      {children}
    </section>
  )
}

/**
 * How many of the page's `total` later sections to show: none on the page's first render, then
 * one more after each commit, each in a transition. The page's first render is one blocking task
 * (the router's data arrives through a store), so it holds only the title and the notices (the
 * page's largest text); the sections render one by one after it, in React's time slices, each
 * committed on its own (docs/performance.md "Loading in
 * stages", Lighthouse TBT). With `allAtOnce` (a page handed over already drawn whole) all are
 * shown from the first render: none may disappear and come back.
 */
function useSectionsShown(total: number, allAtOnce: boolean) {
  const [shown, setShown] = useState(allAtOnce ? total : 0)
  useEffect(() => {
    if (shown < total) startTransition(() => setShown(shown + 1))
  }, [shown, total])
  return shown
}

/** The sections after the first screen (title, greeting, notices): flow, tickets, purchase, calendar, coupons. */
const SECTIONS = 5

/**
 * The home page (product.md §2 "/"): notices, usage flow, held tickets, purchase, calendar, coupons.
 * `calendarFile` fetches a booking's calendar file for the cards' 「カレンダーに追加」; `reportNoCall`
 * sends the cards' "no call came" report; every link inside the site goes through `Link` (the app
 * passes one built on PathLink, router navigation; a plain anchor by default). `allSectionsAtOnce`:
 * all sections from the first render (see useSectionsShown).
 *
 * Plain React with static classes, not Chakra's components (docs/performance.md "The home's static
 * styles", decision 102): the classes and their CSS are what Chakra renders for home.specimen.tsx
 * (`npm run styles`), so the page looks as the Chakra page did without Chakra's runtime, its
 * theme, Emotion or the router. Only the no-call dialog is Chakra, loaded when first opened.
 */
export function HomePage({
  member,
  data,
  now,
  calendarFile,
  reportNoCall,
  Link = Anchor,
  allSectionsAtOnce = false,
}: {
  /** The signed-in member (the greeting, first-time offers); null while not yet known. */
  member: Member | null
  data: HomeData
  now: Date
  calendarFile?: CalendarFileOf
  reportNoCall?: ReportNoCall
  Link?: PlainLink
  allSectionsAtOnce?: boolean
}) {
  const tickets = useMemo(() => heldTickets(data.supportTickets, now), [data.supportTickets, now])
  const interview = useMemo(() => heldTickets(data.interviewTickets, now), [data.interviewTickets, now])
  // product.md §4 "First-time user": no useFreeInterviewTime and a free interview ticket held. Only the
  // free ticket is the free phone consultation (offered to a first-time member, else marked used);
  // a paid interview ticket is an interview ticket.
  const firstTime = isFirstTimeUser(member?.useFreeInterviewTime, data.interviewTickets)
  const holidays = useMemo(() => new Set(data.holidays), [data.holidays])
  const reservations = useMemo(() => reservationDays(data.supportTickets), [data.supportTickets])
  const t = homeText
  const shown = useSectionsShown(SECTIONS, allSectionsAtOnce)

  return (
    <div className={css.page}>
      <div className={css.titleStack}>
        <h1 className={css.title}>{t.title}</h1>
        {member && <p className={css.muted}>{t.greeting(member.memberLastname, member.memberFirstname)}</p>}
      </div>

      <NoticeBanner information={data.informationList} campaign={data.campaignList} Link={Link} />

      {/* Until all are in, a screen's height holds the footer out of view: each section appears
          below the last one, nothing in view moves. */}
      <div className={shown < SECTIONS ? css.sectionsFilling : css.sections}>
        {shown > 0 && (
          <Section title={t.flow.title}>
            <ol className={css.flowList}>
              {t.flow.steps.map((step, i) => (
                <li key={step.title} className={css.subtleCard}>
                  <div className={css.subtleCardBodyGap1}>
                    <span className={css.flowStep}>{t.flow.step(i + 1)}</span>
                    <p className={css.bold}>{step.title}</p>
                    <p className={css.small}>{step.body}</p>
                  </div>
                </li>
              ))}
            </ol>
          </Section>
        )}
        {shown > 1 && (
          <Section title={t.tickets.title}>
            {tickets.length === 0 && interview.length === 0 ? (
              <p className={css.muted}>{t.tickets.empty}</p>
            ) : (
              <div className={css.stack3}>
                {interview.map((ticket) => (
                  <InterviewTicketCard
                    key={ticket.ticketNumber}
                    ticket={ticket}
                    kind={ticket.isFreeTicket ? interviewCardKind() : 'interview'}
                    offered={firstTime && ticket.supportStatus === 'UNSUPPORTED'}
                  />
                ))}
                {tickets.map((ticket) => (
                  <TicketCard
                    key={ticket.ticketNumber}
                    ticket={ticket}
                    now={now}
                    parent={parentOf(ticket, data.supportTickets)}
                    calendarFile={calendarFile}
                    reportNoCall={reportNoCall}
                    Link={Link}
                  />
                ))}
              </div>
            )}
          </Section>
        )}
        {shown > 2 && (
          <Section title={t.purchase.title}>
            <div className={css.stack3}>
              <PurchaseCards products={data.products} Link={Link} />
              <Link href="/support/menu">
                <span className={css.toMenu}>{t.purchase.toMenu}</span>
              </Link>
            </div>
          </Section>
        )}
        {shown > 3 && (
          <Section title={t.calendar.title}>
            <HomeCalendar now={now} holidays={holidays} reservations={reservations} />
          </Section>
        )}
        {shown > 4 && (
          <Section title={t.coupons.title}>
            <CouponList coupons={data.coupons} />
          </Section>
        )}
      </div>
    </div>
  )
}
