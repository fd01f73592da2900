// Generated-path tests of the consultation-outcome chart: every transition, replayed live, for a
// consultation not yet held (完了・未解決・ご連絡なし) and one left 未解決 (未解決で完了).
import { describeModel } from './model'
import { spec } from './consultation-outcome.spec-rules'

describeModel(spec.configs)
