// Generated-path tests of the /settings profile chart.
import { ApiError } from '../../src/api/api-error'
import { profileMachine } from '../../machines/profile/profile-machine'
import { describeModel } from './model'

const member = { memberId: 'M1', email: 'taro@example.com', memberLastname: '山田', memberFirstname: '太郎', phoneNumber: '0312345678', useFreeInterviewTime: null }

describeModel({
  machine: profileMachine,
  events: {
    'field.change': [
      { field: 'memberLastname', value: '' },
      { field: 'memberLastname', value: '山田' },
    ],
    'form.submit': [{}],
  },
  outcomes: {
    loadMember: { done: [member], error: [new ApiError(500, 'down')] },
    saveProfile: { done: [member], error: [new ApiError(400, 'names'), new ApiError(500, 'down')] },
  },
  serialize: (s) => JSON.stringify([s.value, s.context.values]),
})
