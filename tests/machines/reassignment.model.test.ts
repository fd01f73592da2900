// Generated-path tests of the reassignment chart: every transition, replayed live (the events and
// call outcomes are the spec rules' own, tests/machines/reassignment.spec-rules.ts).
import { describeModel } from './model'
import { spec } from './reassignment.spec-rules'

describeModel(spec.configs)
