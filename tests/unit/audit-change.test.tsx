// An audit row as an operator reads it (docs/server.md "Audit trail"): every field in Japanese words,
// a time span as 開始〜終了 whatever order the database keeps the keys in (jsonb orders them by
// length: "end" before "start"), and no 変更前 for what the action did not change (a reassignment
// names the booking's time for context: it did not move).
import { ChakraProvider } from '@chakra-ui/react'
import { render } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { AuditChange } from '../../src/features/staff/desk/audit-log/audit-change'
import { deskAuditText as t } from '../../src/text/desk'
import { system } from '../../src/theme'

const show = (before: unknown, after: unknown, names: Record<string, string> = {}) => {
  const { container } = render(
    <ChakraProvider value={system}>
      <AuditChange before={before} after={after} names={names} />
    </ChakraProvider>,
  )
  // The lines, without the raw record (one click away, in <details>).
  return [...container.querySelectorAll('[data-field]')].map((e) => e.textContent ?? '')
}

/** What jsonb gives back: keys by length, then bytes. */
const asJsonb = (x: unknown): unknown =>
  Array.isArray(x)
    ? x.map(asJsonb)
    : x && typeof x === 'object'
      ? Object.fromEntries(Object.entries(x).sort(([a], [b]) => a.length - b.length || (a < b ? -1 : 1)).map(([k, v]) => [k, asJsonb(v)]))
      : x

describe('audit change', () => {
  it('a shift plan change: in Japanese words, each time span start to end', () => {
    const before = asJsonb({ weekly: [{ weekday: 1, start: '09:00', end: '13:00' }], exceptions: [] })
    const after = asJsonb({
      weekly: [{ weekday: 1, start: '10:00', end: '13:00' }],
      exceptions: [],
      changes: [{ ymd: '20250616', holiday: false, before: [{ start: '09:00', end: '13:00' }], after: [{ start: '10:00', end: '13:00' }], lost: [{ start: '09:00', end: '10:00' }], gained: [] }],
    })
    const lines = show(before, after)
    const text = lines.join('\n')
    for (const raw of ['changes', 'lost', 'gained', 'holiday', 'after', 'before', 'weekday', 'start', 'end', 'ymd']) expect(text, raw).not.toMatch(new RegExp(`(^|[^a-z])${raw}([^a-z]|$)`))
    expect(lines).toContain('毎週の勤務：月 09:00〜13:00 → 月 10:00〜13:00')
    const changes = lines.find((l) => l.startsWith('勤務の変更'))!
    expect(changes).toContain('2025/06/16')
    expect(changes).toContain('変更前：09:00〜13:00')
    expect(changes).toContain('変更後：10:00〜13:00')
    expect(changes).toContain('減った時間：09:00〜10:00')
    expect(changes).not.toContain('13:00〜09:00')
    expect(changes).not.toContain('終了：13:00 開始')
  })

  it('a reassignment: the consultant before and after, the reason; the time as it stands, with no 変更前', () => {
    const lines = show({ staffId: 'STAFF-01', reservationTime: 'SUPPORT-20250612-10-30' }, { staffId: 'STAFF-02', reason: '体調不良のため' }, { 'STAFF-01': 'さくら', 'STAFF-02': 'たけし' })
    expect(lines).toContain('担当者：さくら（STAFF-01） → たけし（STAFF-02）')
    expect(lines).toContain('理由：体調不良のため')
    const time = lines.find((l) => l.startsWith('予約日時'))!
    expect(time).toBe('予約日時：2025年6月12日（木） 10:30')
    expect(lines.join('\n')).not.toContain(t.beforeOnly)
    expect(lines.join('\n')).not.toContain('→ なし')
  })

  it('a deletion still says what was there before', () => {
    const lines = show({ menuTitle: 'プリンター設定', estimatedMinute: 30 }, null)
    expect(lines).toContain(`メニュー名：プリンター設定${t.beforeOnly}`)
  })
})
