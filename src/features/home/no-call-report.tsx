import { Button, Stack, Text } from '@chakra-ui/react'
import { useState } from 'react'
import type { Ticket } from '../../../contract/entities'
import { noCallReport } from '../../../contract/ticket-rules'
import { ApiError } from '../../api/api-error'
import { homeText } from '../../text/home'
import { onDemand } from '../../ui/on-demand'
import { ErrorBanner } from '../../ui/error-banner'

/** Sends the "no call came" report of a ticket and reloads the member's data; rejects with the server's message. */
export type ReportNoCall = (ticketNumber: string) => Promise<void>

const t = homeText.noCallReport

// Loaded when first opened, as the other dialogs: the dialog's recipe and portal stay out of the
// home page's first load (docs/performance.md).
const ConfirmDialog = onDemand(() => import('../../ui/confirm-dialog').then((m) => m.ConfirmDialog))

/**
 * The "no call came" report on a ticket card (docs/decisions.md 86): from the consultation's end for
 * 24 hours a button opens a confirmation; once sent (the reload brings `noCallReportedUnixTime`)
 * the card says the report was received. Shown only where the rule of contract/ticket-rules.ts
 * `noCallReport` allows it, the same rule the server applies.
 */
export function NoCallReport({ ticket, now, report }: { ticket: Ticket; now: Date; report: ReportNoCall }) {
  const state = noCallReport(ticket, now)
  const [open, setOpen] = useState(false)
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)
  if (state === 'hidden') return null
  if (state === 'reported')
    return (
      <Text fontSize="sm" mt="3" role="status" data-testid="no-call-reported">
        {t.received}
      </Text>
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
    <Stack gap="2" mt="3" align="end">
      <Button size="sm" variant="outline" onClick={() => setOpen(true)}>
        {t.button}
      </Button>
      <ConfirmDialog needed={open} open={open} title={t.title} cancelLabel={t.cancel} confirmLabel={t.confirm} busy={busy} onConfirm={() => void confirm()} onCancel={() => !busy && setOpen(false)}>
        <Stack gap="3">
          <Text>{t.body}</Text>
          {error && <ErrorBanner title={error} />}
        </Stack>
      </ConfirmDialog>
    </Stack>
  )
}
