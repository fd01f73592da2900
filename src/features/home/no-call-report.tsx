import { useState } from 'react'
import type { Ticket } from '../../../contract/entities'
import type { NoCallReport as ReportState } from '../../../contract/ticket-rules'
import { ApiError } from '../../api/api-error'
import { homeText } from '../../text/home'
import { onDemand } from '../../ui/on-demand'
import { homeClasses as css } from './home.styles.gen'

/** Sends the "no call came" report of a ticket and reloads the member's data; rejects with the server's message. */
export type ReportNoCall = (ticketNumber: string) => Promise<void>

const t = homeText.noCallReport

// Loaded when first opened, as the other dialogs: the dialog (Chakra) stays out of the home page's
// first load (docs/performance.md), which draws the card without Chakra's runtime (decision 102).
const NoCallDialog = onDemand(() => import('./no-call-dialog').then((m) => m.NoCallDialog))

/**
 * The "no call came" report on a ticket card (docs/decisions.md 86): from the consultation's end for
 * 24 hours a button opens a confirmation; once sent (the reload brings `noCallReportedUnixTime`)
 * the card says the report was received. `state` is the card's one state (contract/ticket-rules.ts
 * `ticketCardState`, whose `noCallReport` is the same rule the server applies).
 */
export function NoCallReport({ ticket, state, report }: { ticket: Ticket; state: ReportState; report: ReportNoCall }) {
  const [open, setOpen] = useState(false)
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)
  if (state === 'hidden') return null
  if (state === 'reported')
    return (
      <p role="status" data-testid="no-call-reported" className={css.noCallReceived}>
        {t.received}
      </p>
    )
  const confirm = async () => {
    setBusy(true)
    setError(null)
    try {
      await report(ticket.ticketNumber)
      setOpen(false)
    } catch (e) {
      // A refusal's message is the server's Japanese one (contract/messages.ts noCallReportMessages).
      setError(e instanceof ApiError && e.isClientError ? e.message : t.failed)
    } finally {
      setBusy(false)
    }
  }
  return (
    <div className={css.noCallReport}>
      <button type="button" className={css.buttonOutline} onClick={() => setOpen(true)} onPointerEnter={NoCallDialog.preload} onFocus={NoCallDialog.preload}>
        {t.button}
      </button>
      <NoCallDialog needed={open} open={open} busy={busy} error={error} onConfirm={() => void confirm()} onCancel={() => !busy && setOpen(false)} />
    </div>
  )
}
