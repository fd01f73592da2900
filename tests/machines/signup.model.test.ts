// Generated-path tests of the signup chart (issue 6): every state and transition, replayed live.
import { ApiError } from '../../src/api/api-error'
import { formErrors } from '../../machines/shared/form-errors'
import { SignupForm, signupEmail, signupMachine, type SignupContext } from '../../machines/signup/signup-machine'
import { describeModel } from './model'

describeModel({
  machine: signupMachine,
  input: {},
  events: {
    'field.change': [
      { field: 'memberLastname', value: '山田' },
      { field: 'memberLastname', value: '' },
      { field: 'memberFirstname', value: '太郎' },
      { field: 'phoneNumber', value: '09012345678' },
      { field: 'emailLocal', value: 'taro' },
      { field: 'emailDomain', value: 'example.com' },
      { field: 'password', value: '123456' },
    ],
    'field.blur': [{ field: 'memberFirstname' }],
    'survey.toggle': [{ answer: 'SNS' }],
    'password.toggleVisibility': [{}],
    'password.generate': [{ password: '123456' }],
    'password.copy': [{}],
    'form.submit': [{}],
    'link.open': [{ token: 'token-1' }],
  },
  outcomes: {
    submitSignup: { done: [undefined], error: [new ApiError(400, 'EMAIL_ALREADY_USED'), new ApiError(429, 'RATE_LIMITED'), new ApiError(500, 'down')] },
    completeSignup: { done: [{ alreadyCompleted: false }, { alreadyCompleted: true }], error: [new ApiError(400, 'SIGNUP_LINK_INVALID')] },
    copyPassword: { done: [undefined], error: [new Error('clipboard denied')] },
  },
  // What can happen next depends on how many fields are valid (form.submit) and whether a
  // password exists (password.copy); keeping only that keeps the graph small.
  limit: 100000,
  serialize: (s) => JSON.stringify([s.value, validFields(s.context as SignupContext), s.context.values.password !== '', s.context.values.emailLocal !== '', s.context.values.emailDomain !== '']),
})

function validFields(c: SignupContext): number {
  const values = { memberLastname: c.values.memberLastname, memberFirstname: c.values.memberFirstname, phoneNumber: c.values.phoneNumber, email: signupEmail(c.values), password: c.values.password }
  return 5 - Object.keys(formErrors(SignupForm, values)).length
}
