import * as v from 'valibot'
import { UID_MAX } from '../fields'
import { deskMessages as dm } from '../desk-messages'
import type { StaffRegistry } from '../staff-calls'
import { int, paged, Paging, strict } from './common'

// The operator's desk, mails to members and the server's failed jobs (the operator sends or runs them again):
// its schemas and its part of the registry, which contract/desk-calls.ts composes into `deskCalls`.

export const MailStatus = v.picklist(['PENDING', 'SENT', 'FAILED'], dm.statusInvalid)
export const DeskMail = v.object({
  id: v.number(),
  memberId: v.nullable(v.string()),
  toAddress: v.string(),
  subject: v.string(),
  /** The text as sent; a link or code that was a secret reads ［非表示］. */
  body: v.string(),
  status: MailStatus,
  attempts: v.number(),
  lastError: v.nullable(v.string()),
  createdAt: v.number(),
  sentAt: v.nullable(v.number()),
  /** false: it carried a secret; a new request by the member sends a new one. */
  resendable: v.boolean(),
  /** The names of the files it carried (a booking's calendar invite: `invite.ics`). */
  attachments: v.array(v.string()),
})
export type DeskMail = v.InferOutput<typeof DeskMail>

export const DeskMailsRequest = strict({
  memberId: v.optional(v.pipe(v.string(dm.memberNotFound), v.maxLength(UID_MAX, dm.memberNotFound))),
  status: v.optional(MailStatus),
  ...Paging,
})
export const DeskMailsResponse = paged(DeskMail)
export const DeskMailResendRequest = strict({ id: int(1, Number.MAX_SAFE_INTEGER, dm.idInvalid) })
export const DeskMailResponse = v.object({ mail: DeskMail })

/**
 * A job of the server (server/jobs/) that failed after its retries: what it was, why it failed last,
 * and when. An operator runs it again (desk-job-retry) once the cause is fixed.
 */
export const DeskFailedJob = v.object({
  id: v.string(),
  /** The job's name (`purchase-sweep`, `shift-extension`, …); the page shows it in Japanese. */
  name: v.string(),
  error: v.string(),
  /** Runs in all: the first one and its retries. */
  runs: v.number(),
  createdAt: v.number(),
  failedAt: v.number(),
})
export type DeskFailedJob = v.InferOutput<typeof DeskFailedJob>
export const DeskFailedJobsRequest = strict({ ...Paging })
export const DeskFailedJobsResponse = paged(DeskFailedJob)
export const DeskJobRetryRequest = strict({ id: v.pipe(v.string(dm.idInvalid), v.uuid(dm.idInvalid)) })
export const DeskJobRetryResponse = v.object({ id: v.string(), name: v.string() })

export const mailCalls = {
  'desk-mails': { method: 'GET', role: 'operator', request: DeskMailsRequest, response: DeskMailsResponse },
  'desk-mail-resend': { method: 'POST', role: 'operator', request: DeskMailResendRequest, response: DeskMailResponse },
  'desk-jobs-failed': { method: 'GET', role: 'operator', request: DeskFailedJobsRequest, response: DeskFailedJobsResponse },
  'desk-job-retry': { method: 'POST', role: 'operator', request: DeskJobRetryRequest, response: DeskJobRetryResponse },
} as const satisfies StaffRegistry
