import { Button, Text } from '@chakra-ui/react'
import { useState } from 'react'
import type { StaffApiClient } from '../../../../api/staff-client'
import { consultantDayText, extensionLinkText as t, staffCommonText } from '../../../../text/staff'
import { ConfirmDialog } from '../../../../ui/confirm-dialog'
import { toaster } from '../../../../ui/toaster'

/**
 * 延長のご案内を送る: one confirmed call that mails the member the link to buy an extension (ADD)
 * for this consultation (docs/product.md §9: an extension is bought on the spot). The result is a
 * toast: success, or the server's message.
 */
export function ExtensionLinkButton({ staffApi, ticketNumber }: { staffApi: StaffApiClient; ticketNumber: string }) {
  const [open, setOpen] = useState(false)
  const [sending, setSending] = useState(false)
  const send = async () => {
    setSending(true)
    try {
      await staffApi.call('extension-link', { ticketNumber })
      toaster.create({ id: `extension-${ticketNumber}`, title: t.sent, type: 'success' })
      setOpen(false)
    } catch (error) {
      toaster.create({ id: `extension-${ticketNumber}`, title: t.failed, description: error instanceof Error ? error.message : undefined, type: 'error' })
    } finally {
      setSending(false)
    }
  }
  return (
    <>
      <Button size="sm" variant="outline" onClick={() => setOpen(true)}>
        {consultantDayText.sendExtensionLink}
      </Button>
      <ConfirmDialog
        open={open}
        title={t.title}
        cancelLabel={staffCommonText.cancel}
        confirmLabel={t.send}
        busy={sending}
        loadingText={t.sending}
        onConfirm={() => void send()}
        onCancel={() => !sending && setOpen(false)}
      >
        <Text>{t.body}</Text>
      </ConfirmDialog>
    </>
  )
}
