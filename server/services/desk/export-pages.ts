import { sql, type SQL } from 'drizzle-orm'
import type { Tx } from '../../db/client'
import { log } from '../../observability/log'
import type { CsvCell } from './csv'

// How every CSV export of the desk reads its rows (docs/server.md "Numbers and exports"): in pages
// of EXPORT_PAGE rows by a keyset on (time, id) — each page one indexed range read from where the
// last one ended — handed to csv.ts `csvStream` one page at a time, so a year of rows never sits in
// memory and a client that stops reading stops the reads. An export itself is one record of
// exporters.ts made with `exporter` below: its header, one page's query and a row's cells.

/** Rows per page (one query each). */
const EXPORT_PAGE = 1000
/** Pages an export reads at most: ten million rows, far beyond a year of this business (docs/server.md "Bounds"). */
const EXPORT_PAGES_MAX = 10_000

/** A keyset cursor: the last row's time as the database wrote it (microseconds kept) and its id. */
type Cursor = { at: string; id: string } | null
const after = (time: SQL, id: SQL, c: Cursor) => (c ? sql`(${time}, ${id}) > (${c.at}::timestamptz, ${c.id})` : undefined)

/** One page's query of an export, with what it needs. */
export type ExportPage = {
  tx: Tx
  /** The range: `start` included, `end` excluded. */
  start: Date
  end: Date
  /** The keyset condition for the page's time and id columns: rows after the last page's last row (undefined on the first page). */
  after: (time: SQL, id: SQL) => SQL | undefined
  /** The page's size: the query must stop there (`.limit(limit)`), in the order of (time, id). */
  limit: number
}

/** An export as its record is written: R is the row one page's query answers. */
export type ExporterSpec<R extends { cursorAt: string }> = {
  /** The header row, in Japanese (the accountant's words). */
  header: readonly string[]
  /**
   * One page: the rows of the range whose (time, id) is after the cursor, ordered by (time, id),
   * at most `limit` of them. `cursorAt` is the time as the database's text (`${col}::text`), so
   * microseconds never repeat or skip a row.
   */
  page: (p: ExportPage) => Promise<R[]>
  /** The keyset's id of a row (the second column of `after`). */
  idOf: (r: R) => string
  /** A row's cells, in the header's order (csv.ts makes each Excel- and formula-safe). */
  cells: (r: R) => CsvCell[]
}

/** An export as deskExport runs it: its header and its pages of cells. */
export type DeskExporter = {
  header: readonly string[]
  pages: (db: Tx, start: Date, end: Date) => AsyncGenerator<CsvCell[][]>
}

/** Makes an export's record runnable: its page query read page after page (`pages` below). */
export const exporter = <R extends { cursorAt: string }>(spec: ExporterSpec<R>): DeskExporter => ({
  header: spec.header,
  pages: (db, start, end) => pages(db, (tx, c) => spec.page({ tx, start, end, after: (time, id) => after(time, id, c), limit: EXPORT_PAGE }), spec.idOf, spec.cells),
})

/**
 * Pages of one export, until a page comes back short. Each page is one statement in a transaction
 * of its own that turns sorting off: a page must be read in the index's order and stop at its
 * limit, but the planner underestimates how many rows a range and a row comparison match and would
 * rather fetch the whole rest of the range and sort it — every page then costs the rest of the
 * range (770 ms instead of 23 ms a page at a million purchases, docs/performance.md).
 */
async function* pages<R extends { cursorAt: string }>(db: Tx, read: (tx: Tx, c: Cursor) => Promise<R[]>, idOf: (r: R) => string, toCells: (r: R) => CsvCell[]): AsyncGenerator<CsvCell[][]> {
  let cursor: Cursor = null
  // Bounded whatever the rows are: at most EXPORT_PAGES_MAX pages, and a page whose last row is
  // where the previous one ended (a cursor that did not move) ends the export.
  for (let page = 0; page < EXPORT_PAGES_MAX; page++) {
    const at: Cursor = cursor
    const rows: R[] = await db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_sort = off`)
      return read(tx, at)
    })
    // A query without its limit would hold a whole range in memory: a fault of its record.
    if (rows.length > EXPORT_PAGE) throw new Error(`an export's page read ${rows.length} rows, more than ${EXPORT_PAGE}`)
    if (rows.length > 0) yield rows.map(toCells)
    if (rows.length < EXPORT_PAGE) return
    const last = rows[rows.length - 1]
    const next = { at: last.cursorAt, id: idOf(last) }
    if (cursor && next.at === cursor.at && next.id === cursor.id) return
    cursor = next
  }
  log().error({ pages: EXPORT_PAGES_MAX }, '[desk] export cut at its page limit')
}
