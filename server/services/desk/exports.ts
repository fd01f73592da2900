import { rangeProblem } from '../../../contract/desk/numbers'
import { parseDeskExportName } from '../../../contract/desk-exports'
import { invalid } from '../../domain/errors'
import { writeAudit, type AuditActor } from '../../infra/audit'
import { log } from '../../observability/log'
import type { Deps } from '../deps'
import { csvStream } from './csv'
import { deskExporters } from './exporters'
import { rangeOf } from './numbers-figures'

// The accountant's CSV exports (file call `desk-export`, docs/server.md "Numbers and exports"): the
// name's kind picks its record of exporters.ts, whose pages (export-pages.ts) are written to the
// answer as the client takes them (csv.ts `csvStream`). Each export is audited before its first
// byte leaves.

/**
 * desk-export: the CSV named `<kind>-<from>-<to>.csv`, streamed. A name whose days are no range
 * (a day that does not exist, `to` before `from`, more than NUMBERS_RANGE_MAX_DAYS) is a 400 with
 * the desk's message; the audit row (`desk-export`: the kind and the range) is committed before the stream
 * starts.
 */
export async function deskExport(deps: Pick<Deps, 'db' | 'clock'>, actor: AuditActor, name: string): Promise<ReadableStream<Uint8Array> | null> {
  const parsed = parseDeskExportName(name)
  if (!parsed) return null
  const problem = rangeProblem(parsed.from, parsed.to)
  if (problem) throw invalid(problem)
  const { start, end } = rangeOf(parsed.from, parsed.to)
  await deps.db.transaction((tx) =>
    writeAudit(tx, actor, { action: 'desk-export', targetType: 'export', targetId: name, after: { kind: parsed.kind, from: parsed.from, to: parsed.to } }, deps.clock.now()),
  )
  const exporter = deskExporters[parsed.kind]
  return csvStream(exporter.header, exporter.pages(deps.db, start, end), (e) => log().error(`[desk] export ${name} broke off: ${(e as Error).message}`))
}
