// Generated-path tests of the password reset chart (issue 6).
import { ApiError } from '../../src/api/api-error'
import { passwordResetMachine } from '../../machines/password-reset/password-reset-machine'
import { describeModel } from './model'

describeModel({
  machine: passwordResetMachine,
  events: {
    'field.change': [
      { field: 'email', value: 'taro@example.com' },
      { field: 'email', value: '' },
      { field: 'authCode', value: '123456' },
      { field: 'newPassword', value: 'abc123' },
      { field: 'newPasswordConfirm', value: 'abc123' },
    ],
    'field.blur': [{ field: 'authCode' }],
    'form.submit': [{}],
    'code.open': [{ email: 'taro@example.com' }],
  },
  outcomes: {
    requestCode: { done: [undefined], error: [new ApiError(400, 'Member Not Found.'), new ApiError(429, 'RATE_LIMITED'), new ApiError(500, 'down')] },
    resetPassword: { done: [undefined], error: [new ApiError(400, 'AUTH_CODE_INVALID'), new ApiError(429, 'RATE_LIMITED'), new ApiError(500, 'down')] },
  },
  serialize: (s) => JSON.stringify([s.value, s.context.values]),
})
