import { Stack, Text } from '@chakra-ui/react'
import { homeText } from '../../text/home'
import { ConfirmDialog } from '../../ui/confirm-dialog'
import { ErrorBanner } from '../../ui/error-banner'

const t = homeText.noCallReport

/**
 * The "no call came" report's confirmation (docs/decisions.md 86), with the refusal or failure
 * under its question. Chakra, loaded the first time it opens (no-call-report.tsx): the dialog's
 * recipe, its portal and the error banner stay out of the home page's first load.
 */
export function NoCallDialog({ open, busy, error, onConfirm, onCancel }: { open: boolean; busy: boolean; error: string | null; onConfirm: () => void; onCancel: () => void }) {
  return (
    <ConfirmDialog open={open} title={t.title} cancelLabel={t.cancel} confirmLabel={t.confirm} busy={busy} onConfirm={onConfirm} onCancel={onCancel}>
      <Stack gap="3">
        <Text>{t.body}</Text>
        {error && <ErrorBanner title={error} />}
      </Stack>
    </ConfirmDialog>
  )
}
