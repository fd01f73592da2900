import { DeskNoticeSaveRequest, type DeskNotice } from '../../contract/desk/notices'
import { formErrors } from '../shared/form-errors'
import { jstLocalToUnix, unixToJstLocal } from '../shared/jst-input'

/**
 * A notice or campaign on every member's home (docs/product.md §2 home: お知らせ and キャンペーン
 * lists): its title, its text and the window it is shown in, Japan wall clock (`YYYY-MM-DDTHH:mm`, what a
 * datetime-local input gives). An empty start publishes at once; an empty end shows it until it
 * is withdrawn. Judged with the server's request schema, so each message is the server's own.
 */

export type NoticeKind = 'INFORMATION' | 'CAMPAIGN'
export type NoticeValues = { kind: NoticeKind; title: string; content: string; publishFrom: string; publishUntil: string }
export type NoticeField = keyof NoticeValues
export type NoticeErrors = Partial<Record<NoticeField, string>>

const when = (text: string) => (text === '' ? null : jstLocalToUnix(text))

/** The save request of the form (`id`/`version` null: a new notice). */
export const noticeSaveRequest = (values: NoticeValues, id: number | null, version: number | null) => ({
  ...(id === null ? {} : { id, version: version ?? undefined }),
  kind: values.kind,
  title: values.title,
  content: values.content,
  publishFrom: when(values.publishFrom),
  publishUntil: when(values.publishUntil),
})

export const noticeValuesOf = (n: DeskNotice): NoticeValues => ({
  kind: n.kind,
  title: n.title,
  content: n.content,
  publishFrom: n.publishFrom === null ? '' : unixToJstLocal(n.publishFrom),
  publishUntil: n.publishUntil === null ? '' : unixToJstLocal(n.publishUntil),
})

export function noticeErrors(values: NoticeValues): NoticeErrors {
  const errors: NoticeErrors = {}
  for (const [key, message] of Object.entries(formErrors<string>(DeskNoticeSaveRequest, noticeSaveRequest(values, null, null)))) {
    if (message && (key === 'kind' || key === 'title' || key === 'content' || key === 'publishFrom' || key === 'publishUntil')) errors[key] = message
  }
  return errors
}
