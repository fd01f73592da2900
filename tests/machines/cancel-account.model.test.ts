// Generated-path tests of the cancel-membership chart (15: the last confirmation).
import { ApiError } from '../../src/api/api-error'
import { cancelAccountMachine } from '../../machines/cancel-account/cancel-account-machine'
import { describeModel } from './model'

describeModel({
  machine: cancelAccountMachine,
  events: {
    'consent.toggle': [{ consent: 'ticketsForfeited' }, { consent: 'dataDeleted' }],
    'form.submit': [{}],
    'modal.confirm': [{}],
    'modal.cancel': [{}],
  },
  outcomes: {
    cancelAccount: { done: [undefined], error: [new ApiError(400, 'UNUSED_SUPPORT_TICKETS_ARE_AVAILABLE'), new ApiError(500, 'down')] },
    signOut: { done: [undefined], error: [new Error('offline')] },
  },
  serialize: (s) => JSON.stringify([s.value, s.context.consents]),
})
