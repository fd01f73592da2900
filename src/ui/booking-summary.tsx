import { Box, DataList, Heading } from '@chakra-ui/react'
import type { ApiClient } from '../api/client'
import type { SupportType } from '../../contract/entities'
import { formatReservation, formatYen } from '../../contract/jst'
import { parseReservationTime } from '../../contract/reservation-time'
import { bookingSummaryText as t } from '../text/booking-summary'

/**
 * What was booked or bought: shown on /buy-complete and /reservationdate-change-complete.
 * Every field but the ticket number may be unknown (a TIP has no date, a failed read shows less).
 */
export type BookingSummary = {
  ticketNumber: string
  productName: string | null
  /** `YYYYMMDD` and time of the reservation, Japan time; null when the ticket has no date. */
  reservation: { ymd: string; hour: number; minute: number } | null
  /** The consultant's nickname; null with `reserved`: no consultant named (no preference). */
  staffNickname: string | null
  supportType: SupportType | null
  /** Whether the ticket is dated (a SUPPORT reservation): then a missing consultant means 指名なし. */
  reserved: boolean
  amount: number | null
  couponName: string | null
  /** Yen taken off by the coupon; null without a coupon. */
  discount: number | null
}

const quietly = <T,>(p: Promise<T>): Promise<T | null> => p.catch(() => null)

/**
 * Reads the ticket (held-ticket lists of user-data) and, for a purchase, its payment-history row
 * (amount, coupon name and discount). A failed read shows less, never an error page: the purchase
 * or change is done and the mail carries the details.
 */
export async function loadBookingSummary(api: ApiClient, ticketNumber: string, options: { withPurchase: boolean }): Promise<BookingSummary> {
  const interview = ticketNumber.startsWith('M')
  const [tickets, purchases] = await Promise.all([
    quietly(api.call('user-data', { data: interview ? 'MEMBER_INTERVIEW_TICKET' : 'MEMBER_SUPPORT_TICKET' })),
    options.withPurchase ? quietly(api.call('purchase-list', {})) : Promise.resolve(null),
  ])
  const list = (interview ? tickets?.interviewtTicketList : tickets?.supportTicketList) ?? []
  const ticket = list.find((x) => x.ticketNumber === ticketNumber) ?? null
  const purchase = purchases?.ticketList.find((x) => x.ticketNumber === ticketNumber) ?? null
  const reservation = parseReservationTime(ticket?.reservationTime ?? purchase?.reservationTime ?? null)
  const discount = purchase?.couponCode ? purchase.amountBeforeCoupon - purchase.amount : null
  return {
    ticketNumber,
    productName: ticket?.productName ?? purchase?.productName ?? null,
    reservation,
    staffNickname: ticket?.staff?.staffNickname ?? null,
    supportType: ticket?.productType === 'SUPPORT' ? ticket.supportType : null,
    reserved: ticket?.productType === 'SUPPORT' && reservation !== null,
    amount: purchase?.amount ?? null,
    couponName: purchase?.couponCode ? (purchase.couponName ?? purchase.couponCode) : null,
    discount,
  }
}

/**
 * The summary card: a labelled list, one row per known field. `extraRows` (label, value) follow
 * the product: what the page knows beyond the ticket (the consultant a tip went to).
 */
export function BookingSummaryCard({ summary, extraRows = [] }: { summary: BookingSummary; extraRows?: [string, string][] }) {
  const rows: [string, string][] = []
  rows.push([t.ticketNumber, summary.ticketNumber])
  if (summary.productName) rows.push([t.product, summary.productName])
  rows.push(...extraRows)
  if (summary.reservation) {
    const { ymd, hour, minute } = summary.reservation
    rows.push([t.reservation, `${formatReservation(ymd, hour, minute)}${t.japanTime}`])
  }
  if (summary.staffNickname) rows.push([t.staff, summary.staffNickname])
  else if (summary.reserved) rows.push([t.staff, t.noAssign])
  if (summary.supportType) rows.push([t.supportType, t.supportTypes[summary.supportType]])
  if (summary.couponName) rows.push([t.coupon, summary.discount ? `${summary.couponName}（${t.discount(formatYen(summary.discount))}）` : summary.couponName])
  if (summary.amount !== null) rows.push([t.amount, formatYen(summary.amount)])
  return (
    <Box as="section" aria-labelledby="booking-summary-title" borderWidth="1px" borderColor="border" borderRadius="l2" p={{ base: '4', md: '5' }} bg="bg.subtle">
      <Heading as="h2" id="booking-summary-title" size="md" mb="3">
        {t.title}
      </Heading>
      {/* On a phone the label sits above its value (beside a 8.5rem label a date took three lines),
          and lines break between phrases, never inside a word or a date. */}
      <DataList.Root orientation="horizontal" gap="3" wordBreak="auto-phrase">
        {rows.map(([label, value]) => (
          <DataList.Item key={label} flexDirection={{ base: 'column', sm: 'row' }} alignItems={{ base: 'flex-start', sm: 'center' }} gap={{ base: '0.5', sm: '4' }}>
            <DataList.ItemLabel minW={{ sm: '8.5rem' }} whiteSpace="nowrap">
              {label}
            </DataList.ItemLabel>
            <DataList.ItemValue fontWeight="medium">{value}</DataList.ItemValue>
          </DataList.Item>
        ))}
      </DataList.Root>
    </Box>
  )
}
