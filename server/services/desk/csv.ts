// The accountant's CSV (docs/server.md "Numbers and exports", docs/decisions.md 89): UTF-8 with a byte order
// mark (Japanese Excel reads a file without one as Shift_JIS and garbles every kanji), CRLF line
// ends, RFC 4180 quoting, and no cell a spreadsheet would run as a formula.

export type CsvCell = string | number | null

/** U+FEFF: the first three bytes of the file (EF BB BF). */
export const CSV_BOM = '\uFEFF'

/**
 * A spreadsheet reads a cell starting with = + - @ (or a tab or carriage return before one) as a
 * formula: `=HYPERLINK(...)` in a member's name would become a live link in the accountant's sheet.
 * Such a cell gets a leading apostrophe, which shows the text as it was typed.
 */
const FORMULA_START = /^[=+\-@\t\r]/

/** One cell: made safe from formulas, then quoted when it holds a quote, comma, CR or LF (quotes doubled). */
export function csvCell(value: CsvCell): string {
  let s = value === null ? '' : String(value)
  if (FORMULA_START.test(s)) s = `'${s}`
  return /[",\r\n]/.test(s) ? `"${s.replaceAll('"', '""')}"` : s
}

/** One record, CRLF-terminated. */
export const csvRow = (cells: readonly CsvCell[]): string => `${cells.map(csvCell).join(',')}\r\n`

const pad = (n: number) => String(n).padStart(2, '0')
/** A moment as Japan time, `2025/06/12 13:05:09` (Excel reads it as a date and time). */
export function jstCsvTime(d: Date | null): string {
  if (!d) return ''
  const j = new Date(d.getTime() + 9 * 3_600_000)
  return `${j.getUTCFullYear()}/${pad(j.getUTCMonth() + 1)}/${pad(j.getUTCDate())} ${pad(j.getUTCHours())}:${pad(j.getUTCMinutes())}:${pad(j.getUTCSeconds())}`
}

/**
 * A CSV file as a stream: the BOM and the header, then each page of records as the consumer asks
 * for it (`pull`), so only one page is ever in memory, however long the range. A page that fails
 * ends the stream with its error (the download breaks off instead of ending short and looking whole).
 */
export function csvStream(header: readonly string[], pages: AsyncIterator<CsvCell[][]>, onError: (e: unknown) => void): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder()
  let started = false
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (!started) {
        started = true
        controller.enqueue(encoder.encode(CSV_BOM + csvRow(header)))
        return
      }
      try {
        const next = await pages.next()
        if (next.done) return controller.close()
        controller.enqueue(encoder.encode(next.value.map(csvRow).join('')))
      } catch (e) {
        onError(e)
        controller.error(e)
      }
    },
    async cancel() {
      await pages.return?.()
    },
  })
}
