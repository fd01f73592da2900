import { createFileRoute } from '@tanstack/react-router'
import * as v from 'valibot'
import { refuseOtherRoles } from '../app/staff/staff-role-guard'
import { ConsultantPastPage } from '../features/staff/consultations/past/past-page'
import { OutcomePanel } from '../features/staff/consultations/consultation-outcome/outcome-panel'

// The list as the URL holds it; what the page cannot read is dropped, not an error page.
const day = v.fallback(v.optional(v.pipe(v.string(), v.regex(/^\d{4}-\d{2}-\d{2}$/))), undefined)

/** 過去の相談: a consultant's started consultations (an operator: anyone's), to record what is owed. */
export const Route = createFileRoute('/staff/past')({
  staticData: { staffRoles: ['consultant', 'operator'] },
  beforeLoad: (options): void => refuseOtherRoles(options),
  validateSearch: v.object({
    filter: v.fallback(v.optional(v.picklist(['ALL', 'NO_OUTCOME', 'OVERDUE', 'UNSOLVED'])), undefined),
    from: day,
    to: day,
    page: v.fallback(v.optional(v.pipe(v.number(), v.integer(), v.minValue(1))), undefined),
    staffId: v.fallback(v.optional(v.pipe(v.string(), v.regex(/^[A-Za-z0-9-]{1,40}$/))), undefined),
  }),
  component: PastRoute,
})

function PastRoute() {
  const { staffApi, staff } = Route.useRouteContext()
  const navigate = Route.useNavigate()
  return (
    <ConsultantPastPage
      staffApi={staffApi}
      operator={staff.roles.includes('operator')}
      search={Route.useSearch()}
      onSearch={(search) => void navigate({ search })}
      outcomePanel={(consultation, close, saved) => <OutcomePanel staffApi={staffApi} consultation={consultation} onSaved={saved} onClose={close} />}
    />
  )
}
