import { createFileRoute } from '@tanstack/react-router'
import * as v from 'valibot'
import { downloadExport } from '../features/staff/desk/numbers/download'
import { NumbersPage } from '../features/staff/desk/numbers/numbers-page'

// The range as the URL holds it; one the page cannot read is dropped (the page then shows this month).
const day = v.fallback(v.optional(v.pipe(v.string(), v.regex(/^\d{4}-\d{2}-\d{2}$/))), undefined)

/** 数字: the business numbers of a range and the accountant's CSV (the operator's). */
export const Route = createFileRoute('/staff/_desk/numbers')({
  validateSearch: v.object({ from: day, to: day, trend: v.fallback(v.optional(v.picklist(['WEEK', 'MONTH'])), undefined) }),
  component: NumbersRoute,
})

function NumbersRoute() {
  const navigate = Route.useNavigate()
  const search = Route.useSearch()
  const { deskApi, services } = Route.useRouteContext()
  const download = (kind: Parameters<typeof downloadExport>[1], from: string, to: string) =>
    downloadExport({ apiBase: services.config.apiBase, getIdToken: () => services.identity.getIdToken() }, kind, from, to)
  return <NumbersPage key={`${search.from}/${search.to}/${search.trend}`} deskApi={deskApi} search={search} onSearch={(next) => void navigate({ search: next })} download={download} />
}
