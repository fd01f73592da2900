import type { FlowDocs } from '../shared/flow-docs'

/** What the reservation-change chart means in business words: the generated diagram (docs/flows) and the live flow panel read it. */
export const flowDocs: FlowDocs = {
  title: '予約日時の変更・相談員の選択',
  purpose: 'Pick a day, a time band and a consultant (or no preference): change a reserved ticket, or choose the slot for a new purchase before payment.',
  routes: ['/support/reservation-date-change', '/support/staff'],
  events: {
    'date.select': 'The member picks a day in the date strip or the drop-down (today … 2 weeks ahead); its schedule loads.',
    'band.select': 'The member switches the time band (morning 9–13, afternoon 13–17, evening 17–21).',
    'slot.select': 'The member picks an available cell: with a consultant or with no preference. On a change this opens the confirm modal; on a new purchase it goes to payment.',
    'modal.confirm': 'The member confirms the new date and consultant in the modal: the reservation is updated.',
    'modal.cancel': 'The member closes the confirm modal without changing anything.',
  },
}
