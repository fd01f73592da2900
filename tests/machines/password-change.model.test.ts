// Generated-path tests of the password change chart: every transition, replayed live. The
// events and call outcomes are the spec rules' own (tests/machines/password-change.spec-rules.ts).
import { describeModel } from './model'
import { spec } from './password-change.spec-rules'

describeModel(spec.configs[0])
