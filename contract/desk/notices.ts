import * as v from 'valibot'
import { noControlChars } from '../fields'
import { deskMessages as dm } from '../desk-messages'
import type { StaffRegistry } from '../staff-calls'
import { int, paged, Paging, strict, text, UnixSeconds, Version } from './common'

// The operator's desk, notices and campaigns (お知らせ / キャンペーン; docs/product.md §3 Information and campaign entry):
// its schemas and its part of the registry, which contract/desk-calls.ts composes into `deskCalls`.

export const CONTENT_MAX = 1000
export const NOTICE_TITLE_MAX = 100

export const NoticeKind = v.picklist(['INFORMATION', 'CAMPAIGN'], dm.kindInvalid)
/** SCHEDULED: before its window; PUBLISHED: members see it; ENDED: after its window; WITHDRAWN: taken down. */
export const NoticeState = v.picklist(['SCHEDULED', 'PUBLISHED', 'ENDED', 'WITHDRAWN'], dm.statusInvalid)
export const DeskNotice = v.object({
  id: v.number(),
  kind: NoticeKind,
  /** A short heading above the content; '' when none. */
  title: v.string(),
  /** Paragraphs on blank lines, line breaks kept; https: URLs and site paths become links (src/ui/notice-text.tsx). */
  content: v.string(),
  /** What members see as the date (unix seconds): the start of the window, or the last edit. */
  updateTime: v.number(),
  publishFrom: v.nullable(v.number()),
  publishUntil: v.nullable(v.number()),
  withdrawnAt: v.nullable(v.number()),
  state: NoticeState,
  version: v.number(),
})
export type DeskNotice = v.InferOutput<typeof DeskNotice>

export const DeskNoticesRequest = strict({ kind: v.optional(NoticeKind), state: v.optional(NoticeState), ...Paging })
export const DeskNoticesResponse = paged(DeskNotice)

/** Without `id`: a new notice. With `id` and `version`: an edit of that notice. */
export const DeskNoticeSaveRequest = v.pipe(
  strict({
    id: v.optional(int(1, Number.MAX_SAFE_INTEGER, dm.idInvalid)),
    version: v.optional(Version),
    kind: NoticeKind,
    /** Optional: '' (or absent) for none. One line. */
    title: v.optional(v.pipe(v.string(dm.titleTooLong), v.trim(), v.maxLength(NOTICE_TITLE_MAX, dm.titleTooLong), v.check((s) => !/[\r\n]/.test(s), dm.titleOneLine), noControlChars), ''),
    content: text(CONTENT_MAX, dm.contentRequired, dm.contentTooLong),
    /** null or absent: published at once. */
    publishFrom: v.optional(v.nullable(UnixSeconds), null),
    /** null or absent: no end. */
    publishUntil: v.optional(v.nullable(UnixSeconds), null),
  }),
  v.forward(v.check((x) => x.publishFrom === null || x.publishUntil === null || x.publishUntil > x.publishFrom, dm.windowInvalid), ['publishUntil']),
  v.forward(v.check((x) => x.id === undefined || x.version !== undefined, dm.versionRequired), ['version']),
)
export type DeskNoticeSaveRequest = v.InferOutput<typeof DeskNoticeSaveRequest>
export const DeskNoticeResponse = v.object({ notice: DeskNotice })
export const DeskNoticeWithdrawRequest = strict({ id: int(1, Number.MAX_SAFE_INTEGER, dm.idInvalid), version: Version })

export const noticeCalls = {
  'desk-notices': { method: 'GET', role: 'operator', request: DeskNoticesRequest, response: DeskNoticesResponse },
  'desk-notice-save': { method: 'POST', role: 'operator', request: DeskNoticeSaveRequest, response: DeskNoticeResponse },
  'desk-notice-withdraw': { method: 'POST', role: 'operator', request: DeskNoticeWithdrawRequest, response: DeskNoticeResponse },
} as const satisfies StaffRegistry
