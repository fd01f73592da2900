import { Badge, Box, Card, Heading, SimpleGrid, Stack, Text } from '@chakra-ui/react'
import { useSelector } from '@xstate/react'
import { startTransition, useEffect, useMemo, useState, type ReactNode } from 'react'
import type { AuthActorRef } from '../../../machines/auth/auth-machine'
import { homeText } from '../../text/home'
import { CouponList } from './coupon-list'
import { HomeCalendar } from './home-calendar'
import type { HomeData } from './load-home'
import { NoticeBanner } from './notice-banner'
import { PathLink } from '../../ui/path-link'
import { PurchaseCards } from './purchase-cards'
import { InterviewTicketCard, TicketCard, type CalendarFileOf } from './ticket-card'
import { heldTickets, interviewCardKind, isFirstTimeUser, parentOf, reservationDays } from '../../../contract/ticket-rules'

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box as="section" aria-label={title} bg="bg" borderRadius="l3" boxShadow="sm" p={{ base: '4', md: '6' }}>
      <Heading as="h2" size="md" mb="4">{title}</Heading>
      {children}
    </Box>
  )
}

/**
 * How many of the page's `total` later sections to show: none on the page's first render, then
 * one more after each commit, each in a transition. The page's first render is one blocking task
 * (the router's data arrives through a store), so it holds only the title and the notices (the
 * page's largest text); the sections render one by one after it, in React's time slices, each
 * committed on its own (docs/performance.md "Loading in
 * stages", Lighthouse TBT).
 */
function useSectionsShown(total: number) {
  const [shown, setShown] = useState(0)
  useEffect(() => {
    if (shown < total) startTransition(() => setShown(shown + 1))
  }, [shown, total])
  return shown
}

/** The sections after the first screen (title, greeting, notices): flow, tickets, purchase, calendar, coupons. */
const SECTIONS = 5

/**
 * The home page (product.md §2 "/"): notices, usage flow, held tickets, purchase, calendar, coupons.
 * `calendarFile` fetches a booking's calendar file for the cards' 「カレンダーに追加」.
 */
export function HomePage({ auth, data, now, calendarFile }: { auth: AuthActorRef; data: HomeData; now: Date; calendarFile?: CalendarFileOf }) {
  const member = useSelector(auth, (s) => s.context.member)
  const tickets = useMemo(() => heldTickets(data.supportTickets, now), [data.supportTickets, now])
  const interview = useMemo(() => heldTickets(data.interviewTickets, now), [data.interviewTickets, now])
  // product.md §4 "First-time user": no useFreeInterviewTime and a free interview ticket held. Only the
  // free ticket is the free phone consultation (offered to a first-time member, else marked used);
  // a paid interview ticket is an interview ticket.
  const firstTime = isFirstTimeUser(member?.useFreeInterviewTime, data.interviewTickets)
  const holidays = useMemo(() => new Set(data.holidays), [data.holidays])
  const reservations = useMemo(() => reservationDays(data.supportTickets), [data.supportTickets])
  const t = homeText
  const shown = useSectionsShown(SECTIONS)

  return (
    <Stack gap="6">
      <Stack gap="1">
        <Heading as="h1" size={{ base: 'lg', md: 'xl' }}>{t.title}</Heading>
        {member && <Text color="fg.muted">{t.greeting(member.memberLastname, member.memberFirstname)}</Text>}
      </Stack>

      <NoticeBanner information={data.informationList} campaign={data.campaignList} />

      {/* Until all are in, a screen's height holds the footer out of view: each section appears
          below the last one, nothing in view moves. */}
      <Stack gap="6" minH={shown < SECTIONS ? '100vh' : undefined}>
        {shown > 0 && (
          <Section title={t.flow.title}>
            <SimpleGrid as="ol" columns={{ base: 1, md: 2 }} gap="3" listStyleType="none" p="0" m="0">
              {t.flow.steps.map((step, i) => (
                <Card.Root as="li" key={step.title} size="sm" variant="subtle">
                  <Card.Body gap="1">
                    <Badge alignSelf="start" colorPalette="brand" variant="solid">{t.flow.step(i + 1)}</Badge>
                    <Text fontWeight="bold">{step.title}</Text>
                    <Text fontSize="sm">{step.body}</Text>
                  </Card.Body>
                </Card.Root>
              ))}
            </SimpleGrid>
          </Section>
        )}
        {shown > 1 && (
          <Section title={t.tickets.title}>
            {tickets.length === 0 && interview.length === 0 ? (
              <Text color="fg.muted">{t.tickets.empty}</Text>
            ) : (
              <Stack gap="3">
                {interview.map((ticket) => (
                  <InterviewTicketCard
                    key={ticket.ticketNumber}
                    ticket={ticket}
                    kind={ticket.isFreeTicket ? interviewCardKind() : 'interview'}
                    offered={firstTime && ticket.supportStatus === 'UNSUPPORTED'}
                  />
                ))}
                {tickets.map((ticket) => (
                  <TicketCard key={ticket.ticketNumber} ticket={ticket} now={now} parent={parentOf(ticket, data.supportTickets)} calendarFile={calendarFile} />
                ))}
              </Stack>
            )}
          </Section>
        )}
        {shown > 2 && (
          <Section title={t.purchase.title}>
            <Stack gap="3">
              <PurchaseCards products={data.products} />
              <PathLink href="/support/menu">
                <Text as="span" color="brand.fg" textDecoration="underline" fontSize="sm">{t.purchase.toMenu}</Text>
              </PathLink>
            </Stack>
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
      </Stack>
    </Stack>
  )
}
