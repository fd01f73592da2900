// Generated-path tests of the payment history paging chart: every state and transition, replayed live.
import { ApiError } from '../../src/api/api-error'
import { purchaseListMachine } from '../../machines/purchase-list/purchase-list-machine'
import { describeModel } from './model'

const key = { memberId: 'MB1', ticketNumber: 'S1', purchaseTime: 1_700_000_000 }

// Rows stay empty here: the traversal's path search keys on the whole context, and appended rows
// would make every page a new state. Row handling is pinned in purchase-list-machine.test.ts.
describeModel({
  machine: purchaseListMachine,
  input: {},
  events: {
    'period.change': [{ period: '2024' }],
    'more.load': [{}],
  },
  outcomes: {
    fetchPage: {
      done: [{ ticketList: [], lastEvaluatedKey: key }, { ticketList: [], lastEvaluatedKey: null }],
      error: [new ApiError(500, 'boom')],
    },
  },
  serialize: (s) => JSON.stringify([s.value, s.context.lastEvaluatedKey !== null]),
})
