// The desk's CSV exports, as both sides know them (docs/server.md "Numbers and exports"): one record
// per export, keyed by its kind. The kind is the stem of the file's name, `<kind>-<from>-<to>.csv`;
// the record holds what the audit trail calls it. The server's half of each record (its header and
// rows) is server/services/desk/exporters.ts, the button's words src/text/desk.ts `exports`: both
// are typed by these keys, so a new record here fails the typecheck until they have it too.

export const deskExports = {
  purchases: { auditName: '購入' },
  refunds: { auditName: '返金' },
  consultations: { auditName: '相談' },
} as const satisfies Record<string, { auditName: string }>

export type DeskExportKind = keyof typeof deskExports
/** The exports in the order the numbers page offers them. */
export const DESK_EXPORT_KINDS = Object.keys(deskExports) as DeskExportKind[]

/** `<kind>-<from>-<to>.csv`, the days `YYYYMMDD` (not yet checked as days). */
export const DESK_EXPORT_NAME = new RegExp(`^(${DESK_EXPORT_KINDS.join('|')})-(\\d{8})-(\\d{8})\\.csv$`)
/** The file name of an export (and its path's last segment). */
export const deskExportName = (kind: DeskExportKind, from: string, to: string) => `${kind}-${from}-${to}.csv`
/** An export's name read back: its kind and days (not yet checked as days). */
export function parseDeskExportName(name: string): { kind: DeskExportKind; from: string; to: string } | null {
  const m = DESK_EXPORT_NAME.exec(name)
  return m ? { kind: m[1] as DeskExportKind, from: m[2], to: m[3] } : null
}

/** What the audit trail shows for each kind (contract/audit-names.ts `auditValueNames.kind`). */
export const deskExportAuditNames = Object.fromEntries(DESK_EXPORT_KINDS.map((k) => [k, deskExports[k].auditName])) as Record<DeskExportKind, string>
