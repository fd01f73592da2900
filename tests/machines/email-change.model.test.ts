// Generated-path tests of the e-mail change chart: every transition, replayed live. The
// events and call outcomes are the spec rules' own (tests/machines/email-change.spec-rules.ts).
import { describeModel } from './model'
import { spec } from './email-change.spec-rules'

describeModel({ ...spec.configs[0], serialize: (s) => JSON.stringify([s.value, s.context.email]) })
