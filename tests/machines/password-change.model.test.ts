// Generated-path tests of the password change chart (issue 6).
import { ApiError } from '../../src/api/api-error'
import { passwordChangeMachine } from '../../machines/password-change/password-change-machine'
import { describeModel } from './model'

describeModel({
  machine: passwordChangeMachine,
  events: {
    'field.change': [
      { field: 'newPassword', value: 'abc123' },
      { field: 'newPassword', value: 'abc' },
      { field: 'newPasswordConfirm', value: 'abc123' },
    ],
    'field.blur': [{ field: 'newPasswordConfirm' }],
    'form.submit': [{}],
  },
  outcomes: {
    changePassword: { done: [undefined], error: [new ApiError(400, 'bad'), new ApiError(500, 'down')] },
    signOut: { done: [undefined], error: [new Error('offline')] },
  },
  serialize: (s) => JSON.stringify([s.value, s.context.values]),
})
