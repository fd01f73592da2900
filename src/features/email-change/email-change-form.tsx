import { Button, Text } from '@chakra-ui/react'
import { useSelector } from '@xstate/react'
import type { EmailChangeActorRef } from '../../../machines/email-change/email-change-machine'
import { emailChangeView } from '../../../machines/email-change/email-change-view'
import { accountCommon, emailChangeText as t } from '../../text/account'
import { TextField } from '../../ui/text-field'
import { ErrorBanner } from '../../ui/error-banner'
import { FormShell } from '../../ui/form-shell'

/** /settings/email-change-request: the new address (product.md §5 E-mail, §8 e-mail change 4xx). */
export function EmailChangeForm({ actor, currentEmail }: { actor: EmailChangeActorRef; currentEmail: string | null }) {
  const email = useSelector(actor, (s) => s.context.email)
  const error = useSelector(actor, (s) => s.context.error)
  const rejected = useSelector(actor, (s) => s.context.rejected)
  const rateLimited = useSelector(actor, (s) => s.context.rateLimited)
  const busy = useSelector(actor, emailChangeView.isSending)
  const canSubmit = useSelector(actor, emailChangeView.canSubmit)
  return (
    <FormShell onSubmit={() => actor.send({ type: 'form.submit' })} lead={t.lead}>
      {currentEmail && (
        <Text fontSize="sm">
          {t.current}: {currentEmail}
        </Text>
      )}
      {rejected && (
        <ErrorBanner title={t.rejected} />
      )}
      {rateLimited && <ErrorBanner title={accountCommon.rateLimited} />}
      <TextField
        label={t.email}
        type="email"
        inputMode="email"
        autoComplete="email"
        value={email}
        error={error}
        onValue={(value) => actor.send({ type: 'field.change', value })}
      />
      <Button type="submit" colorPalette="brand" size="lg" disabled={!canSubmit} loading={busy}>
        {t.submit}
      </Button>
    </FormShell>
  )
}
