// Generated-path tests of the e-mail change chart (issue 6).
import { ApiError } from '../../src/api/api-error'
import { emailChangeMachine } from '../../machines/email-change/email-change-machine'
import { describeModel } from './model'

describeModel({
  machine: emailChangeMachine,
  events: {
    'field.change': [{ value: 'new@example.com' }, { value: 'new@example' }],
    'form.submit': [{}],
    'link.open': [{ token: 'token-1' }],
  },
  outcomes: {
    requestChange: { done: [undefined], error: [new ApiError(400, 'EMAIL_ALREADY_USED'), new ApiError(429, 'RATE_LIMITED'), new ApiError(500, 'down')] },
    completeChange: { done: [{ email: 'new@example.com' }, { email: 'new@example.com', alreadyCompleted: true }], error: [new ApiError(400, 'EMAIL_CHANGE_LINK_INVALID')] },
    signOut: { done: [undefined], error: [new Error('offline')] },
  },
  serialize: (s) => JSON.stringify([s.value, s.context.email]),
})
