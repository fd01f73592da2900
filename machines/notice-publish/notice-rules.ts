/**
 * A notice or campaign on every member's home (docs/product.md §2 home: お知らせ and キャンペーン
 * lists): its text and the window it is shown in, Japan wall clock (`YYYY-MM-DDTHH:mm`, what a
 * datetime-local input gives). An empty start publishes at once; an empty end shows it until it
 * is withdrawn. The server checks the same bounds.
 */

export const NOTICE_CONTENT_MAX = 1000

export type NoticeKind = 'INFORMATION' | 'CAMPAIGN'
export type NoticeValues = { kind: NoticeKind; content: string; publishFrom: string; publishUntil: string }
export type NoticeField = keyof NoticeValues
export type NoticeErrorCode = 'required' | 'tooLong' | 'dateShape' | 'endBeforeStart' | 'endPassed'
export type NoticeErrors = Partial<Record<NoticeField, NoticeErrorCode>>

const shape = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/

/** `now`: Japan's `YYYY-MM-DDTHH:mm`, so a window that already ended is refused. */
export function noticeErrors(values: NoticeValues, now: string): NoticeErrors {
  const errors: NoticeErrors = {}
  const content = values.content.trim()
  if (!content) errors.content = 'required'
  else if (content.length > NOTICE_CONTENT_MAX) errors.content = 'tooLong'
  if (values.publishFrom && !shape.test(values.publishFrom)) errors.publishFrom = 'dateShape'
  if (values.publishUntil) {
    if (!shape.test(values.publishUntil)) errors.publishUntil = 'dateShape'
    else if (values.publishUntil <= now) errors.publishUntil = 'endPassed'
    else if (values.publishFrom && shape.test(values.publishFrom) && values.publishUntil <= values.publishFrom) errors.publishUntil = 'endBeforeStart'
  }
  return errors
}
