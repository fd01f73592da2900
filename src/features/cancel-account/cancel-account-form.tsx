import { Button, Checkbox, Heading, Stack, Text } from '@chakra-ui/react'
import { useSelector } from '@xstate/react'
import type { CancelAccountActorRef, CancelConsent } from '../../../machines/cancel-account/cancel-account-machine'
import { cancelAccountView } from '../../../machines/cancel-account/cancel-account-view'
import { cancelAccountText as t } from '../../text/account'
import { ConfirmDialog } from '../../ui/confirm-dialog'
import { ErrorBanner } from '../../ui/error-banner'

const consents: CancelConsent[] = ['ticketsForfeited', 'dataDeleted']

/**
 * Cancelling membership on /settings (product.md §5 Cancel account: both boxes must be ticked), with a
 * last 「本当に退会しますか？」 dialog before the call.
 */
export function CancelAccountForm({ actor }: { actor: CancelAccountActorRef }) {
  const ticked = useSelector(actor, (s) => s.context.consents)
  const unusedTickets = useSelector(actor, (s) => s.context.unusedTickets)
  const busy = useSelector(actor, cancelAccountView.isBusy)
  const confirming = useSelector(actor, cancelAccountView.isConfirmOpen)
  const canSubmit = useSelector(actor, cancelAccountView.canSubmit)
  return (
    <Stack as="section" gap="4" aria-labelledby="cancel-account-heading">
      <Heading as="h2" size="md" id="cancel-account-heading">
        {t.title}
      </Heading>
      <Text fontSize="sm" color="fg.muted">
        {t.lead}
      </Text>
      {unusedTickets && (
        <ErrorBanner title={t.unusedTickets} />
      )}
      {consents.map((consent) => (
        <Checkbox.Root key={consent} checked={ticked[consent]} onCheckedChange={() => actor.send({ type: 'consent.toggle', consent })}>
          <Checkbox.HiddenInput />
          <Checkbox.Control />
          <Checkbox.Label>{t[consent]}</Checkbox.Label>
        </Checkbox.Root>
      ))}
      <Button colorPalette="red" variant="outline" alignSelf="flex-start" disabled={!canSubmit} onClick={() => actor.send({ type: 'form.submit' })}>
        {t.submit}
      </Button>
      <ConfirmDialog
        open={confirming}
        title={t.confirmTitle}
        cancelLabel={t.confirmCancel}
        confirmLabel={t.confirmSubmit}
        confirmColorPalette="red"
        busy={busy}
        loadingText={t.confirmBusy}
        onConfirm={() => actor.send({ type: 'modal.confirm' })}
        onCancel={() => actor.send({ type: 'modal.cancel' })}
      >
        <Text>{t.confirmBody}</Text>
      </ConfirmDialog>
    </Stack>
  )
}
