// Generated-path tests of the staff login chart: every transition, replayed live (the events and
// call outcomes are the spec rules' own, tests/machines/staff-login.spec-rules.ts); a member
// account (no staff role) is signed out again and told so.
import { describeModel } from './model'
import { spec } from './staff-login.spec-rules'

describeModel(spec.configs)
