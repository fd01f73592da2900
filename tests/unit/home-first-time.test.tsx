// Product.md §4 "First-time user": the free phone-consultation card is for a member with no
// useFreeInterviewTime who holds a free interview ticket; a paid interview ticket is an interview
// ticket, and a member who used the free consultation sees it marked used. Through the real app.
import { screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { ApiError } from '../../src/api/api-error'
import type { Member } from '../../contract/calls'
import type { Ticket } from '../../contract/entities'
import { homeText } from '../../src/text/home'
import { demoMember, renderApp } from './app-harness'
import { ticket } from './ticket-fixture'

const free = ticket({ ticketNumber: 'M0001', productType: 'INTERVIEW', isFreeTicket: true, reservationTime: 'INTERVIEW', reservationUnixTime: null, interviewTelNumber: '0120-000-111' })
const paid = ticket({ ticketNumber: 'M0002', productType: 'INTERVIEW', isFreeTicket: false, reservationTime: 'INTERVIEW', reservationUnixTime: null, interviewTelNumber: '0120-000-222' })

function home(member: Member, interviewTickets: Ticket[]) {
  return renderApp('/', {
    signedIn: true,
    call: (async (name: string, request: { data?: string }) => {
      if (name === 'user-data') {
        if (request.data === 'MEMBER') return member
        if (request.data === 'MEMBER_INTERVIEW_TICKET') return { interviewtTicketList: interviewTickets }
        return {}
      }
      if (name === 'nowonsale-products') return { productList: [] }
      throw new ApiError(404, 'not found')
    }) as never,
  })
}

const section = async () => within(await screen.findByRole('region', { name: homeText.tickets.title }))

describe('home: first-time member (product.md §4)', { timeout: 20_000 }, () => {
  it('a first-time member with a free interview ticket is offered the free phone consultation', async () => {
    home(demoMember, [free])
    const tickets = await section()
    const card = within(tickets.getByRole('article', { name: homeText.phoneCard.title }))
    expect(card.getByText(homeText.phoneCard.body)).toBeTruthy()
    expect(card.getByText('0120-000-111')).toBeTruthy()
  })

  it('a paid interview ticket is an interview card, not the free phone consultation', async () => {
    home({ ...demoMember, useFreeInterviewTime: '2025-05-01T10:00:00+09:00' }, [paid])
    const tickets = await section()
    expect(tickets.getByRole('article', { name: homeText.interviewCard.title })).toBeTruthy()
    expect(tickets.queryByRole('article', { name: homeText.phoneCard.title })).toBeNull()
    expect(tickets.queryByText(homeText.phoneCard.body)).toBeNull()
  })

  it('a member who used the free consultation sees it marked used, without the number', async () => {
    home({ ...demoMember, useFreeInterviewTime: '2025-05-01T10:00:00+09:00' }, [free])
    const tickets = await section()
    const card = within(tickets.getByRole('article', { name: homeText.phoneCard.title }))
    expect(card.getByText(homeText.phoneCard.used)).toBeTruthy()
    expect(card.queryByText('0120-000-111')).toBeNull()
  })
})
