// Generated-path tests of the signup chart: every state and transition, replayed live.
// The events and call outcomes are the spec rules' own (tests/machines/signup.spec-rules.ts).
import { formErrors } from '../../machines/shared/form-errors'
import { SignupForm, signupEmail, type SignupContext } from '../../machines/signup/signup-machine'
import { describeModel } from './model'
import { spec } from './signup.spec-rules'

describeModel({
  ...spec.configs[0],
  // What can happen next depends on how many fields are valid (form.submit) and whether a
  // password exists (password.copy); keeping only that keeps the graph small.
  serialize: (s) => JSON.stringify([s.value, validFields(s.context as SignupContext), s.context.values.password !== '', s.context.values.emailLocal !== '', s.context.values.emailDomain !== '']),
})

function validFields(c: SignupContext): number {
  const values = { memberLastname: c.values.memberLastname, memberFirstname: c.values.memberFirstname, phoneNumber: c.values.phoneNumber, email: signupEmail(c.values), password: c.values.password }
  return 5 - Object.keys(formErrors(SignupForm, values)).length
}
