// Generated-path tests of the signup's clipboard child: copy, copied, the 2 s reset, a failed copy.
import { describeModel } from './model'
import { spec } from './clipboard.spec-rules'

describeModel(spec.configs[0])
