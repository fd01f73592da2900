// Generated-path tests of the password reset chart: every transition, replayed live. The
// events and call outcomes are the spec rules' own (tests/machines/password-reset.spec-rules.ts);
// a coarser state identity keeps this coverage suite small.
import { describeModel } from './model'
import { spec } from './password-reset.spec-rules'

describeModel({ ...spec.configs[0], serialize: (s) => JSON.stringify([s.value, s.context.values]) })
