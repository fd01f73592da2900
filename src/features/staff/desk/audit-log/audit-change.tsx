import { Box, chakra, Stack, Text } from '@chakra-ui/react'
import { auditFieldNames, auditMemberFields, auditStaffFields, auditValueNames, auditYenFields } from '../../../../../contract/audit-names'
import { RESERVATION_TIME } from '../../../../../contract/ids'
import { formatDateTimeUnix, formatReservation, formatYen } from '../../../../../contract/jst'
import { deskAuditText as t } from '../../../../text/desk'

// One audit row's change as an operator reads it (docs/server.md "Audit trail"): the
// fields that changed by their Japanese names, each value formatted (yen, Japan dates, statuses in
// words, consultants and members by name), and the row's raw before/after one click away.

type Names = Record<string, string>
const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/
const YMD = /^(\d{4})(\d{2})(\d{2})$/

const isRecord = (x: unknown): x is Record<string, unknown> => x !== null && typeof x === 'object' && !Array.isArray(x)

/** A field's value in words; `key` is the field it sits under ('' at the top of a snapshot). */
function formatAuditValue(key: string, value: unknown, names: Names): string {
  if (value === null || value === undefined || value === '') return t.none
  if (Array.isArray(value)) return value.length === 0 ? t.none : value.map((x) => formatAuditValue(key, x, names)).join('、')
  if (isRecord(value)) {
    // A span of time is one value, start to end (開始〜終了), beside the rest of its record.
    const span = typeof value.start === 'string' && typeof value.end === 'string' ? `${value.start}〜${value.end}` : null
    const rest = Object.entries(value)
      .filter(([k, x]) => x !== null && x !== undefined && !(span && (k === 'start' || k === 'end')))
      // In the order the vocabulary lists them, not the database's (jsonb keeps keys by length).
      .sort(([a], [b]) => fieldOrder(a) - fieldOrder(b))
      .map(([k, x]) => (k === 'weekday' ? formatAuditValue(k, x, names) : `${auditFieldNames[k] ?? k}：${formatAuditValue(k, x, names)}`))
    return [...rest, ...(span ? [span] : [])].join(' ')
  }
  const coded = auditValueNames[key]?.[String(value)]
  if (coded) return coded
  if (typeof value === 'boolean') return value ? t.yes : t.no
  if (typeof value === 'number') return auditYenFields.has(key) ? formatYen(value) : value.toLocaleString('ja-JP')
  if (typeof value !== 'string') return String(value)
  if ((auditStaffFields.has(key) || auditMemberFields.has(key)) && names[value]) return `${names[value]}（${value}）`
  if (ISO_INSTANT.test(value)) {
    const ms = Date.parse(value)
    if (!Number.isNaN(ms)) return formatDateTimeUnix(Math.floor(ms / 1000))
  }
  const reservation = RESERVATION_TIME.exec(value)
  if (reservation) return formatReservation(reservation[1], Number(reservation[2]), Number(reservation[3]))
  const ymd = YMD.exec(value)
  if (ymd && (key === 'ymd' || key === '')) return `${ymd[1]}/${ymd[2]}/${ymd[3]}`
  return value
}

const fieldKeys = Object.keys(auditFieldNames)
const fieldOrder = (k: string) => (fieldKeys.includes(k) ? fieldKeys.indexOf(k) : fieldKeys.length)

/**
 * `context`: a field the row names beside the change but that the action left as it was (a
 * reassignment's time): shown as it stands, with no before and no "deleted" marker.
 */
type Line = { key: string; label: string; before?: string; after?: string; context?: boolean }

/** The lines of a change: on an edit the fields that differ, on a creation or deletion all of them. */
function auditLines(before: unknown, after: unknown, names: Names): Line[] {
  if (!isRecord(before) && !isRecord(after)) {
    // A list (the business holidays) or a single value: one line.
    return [{ key: '', label: t.content, before: before == null ? undefined : formatAuditValue('', before, names), after: after == null ? undefined : formatAuditValue('', after, names) }]
  }
  const b = isRecord(before) ? before : null
  const a = isRecord(after) ? after : null
  const keys = [...new Set([...Object.keys(b ?? {}), ...Object.keys(a ?? {})])]
  const changed = b && a ? keys.filter((k) => JSON.stringify(b[k]) !== JSON.stringify(a[k])) : keys
  // The version moves with every edit: shown only when nothing else changed.
  const shown = changed.filter((k) => k !== 'version').length > 0 ? changed.filter((k) => k !== 'version') : changed
  return shown
    .sort((x, y) => fieldOrder(x) - fieldOrder(y))
    .map((key) => ({
      key,
      label: auditFieldNames[key] ?? key,
      before: b && key in b ? formatAuditValue(key, b[key], names) : undefined,
      after: a && key in a ? formatAuditValue(key, a[key], names) : undefined,
      // An edit whose after does not name the field did not change it: the before is its value now.
      context: !!b && !!a && key in b && !(key in a),
    }))
}

const raw = (value: unknown) => (value === null || value === undefined ? '—' : JSON.stringify(value, null, 2))

export function AuditChange({ before, after, names }: { before: unknown; after: unknown; names: Names }) {
  const lines = auditLines(before, after, names)
  return (
    <Stack gap="1" fontSize="sm" maxW={{ md: 'md' }}>
      {lines.length === 0 && <Text color="fg.muted">{t.noChange}</Text>}
      {lines.map((line) => (
        <Box key={line.key} data-field={line.key || undefined}>
          <Text as="span" fontWeight="semibold">
            {line.label}
          </Text>
          <Text as="span">：</Text>
          {line.before !== undefined && line.after !== undefined ? (
            <Text as="span" whiteSpace="pre-wrap" wordBreak="break-word">
              {line.before}
              <Text as="span" color="fg.muted" aria-label={t.changedTo}>
                {' → '}
              </Text>
              {line.after}
            </Text>
          ) : (
            <Text as="span" whiteSpace="pre-wrap" wordBreak="break-word">
              {line.after ?? line.before}
              {line.after === undefined && !line.context && (
                <Text as="span" color="fg.muted" fontSize="xs">
                  {t.beforeOnly}
                </Text>
              )}
            </Text>
          )}
        </Box>
      ))}
      <chakra.details fontSize="xs" mt="1">
        <chakra.summary cursor="pointer" color="fg.muted">
          {t.showRaw}
        </chakra.summary>
        <Box as="pre" whiteSpace="pre-wrap" wordBreak="break-all" mt="1">
          {`${t.before}: ${raw(before)}\n${t.after}: ${raw(after)}`}
        </Box>
      </chakra.details>
    </Stack>
  )
}
