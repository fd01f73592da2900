import { Button } from '@chakra-ui/react'
import { useSelector } from '@xstate/react'
import type { PasswordResetActorRef, ResetField } from '../../../machines/password-reset/password-reset-machine'
import { passwordResetView } from '../../../machines/password-reset/password-reset-view'
import { accountCommon, passwordResetText as t } from '../../text/account'
import { normalizePassword } from '../../ui/normalize'
import { PasswordField } from '../../ui/password-field'
import { TextField } from '../../ui/text-field'
import { ErrorBanner } from '../../ui/error-banner'
import { FormShell } from '../../ui/form-shell'

function useResetForm(actor: PasswordResetActorRef) {
  const values = useSelector(actor, (s) => s.context.values)
  const errors = useSelector(actor, (s) => s.context.errors)
  const rejected = useSelector(actor, (s) => s.context.rejected)
  const rateLimited = useSelector(actor, (s) => s.context.rateLimited)
  const busy = useSelector(actor, passwordResetView.isSending)
  const canSubmit = useSelector(actor, passwordResetView.canSubmit)
  const change = (field: ResetField) => (value: string) => actor.send({ type: 'field.change', field, value })
  const blur = (field: ResetField) => () => actor.send({ type: 'field.blur', field })
  const submit = () => actor.send({ type: 'form.submit' })
  return { values, errors, rejected, rateLimited, busy, canSubmit, change, blur, submit }
}

/** /password-reset-request: the e-mail that receives the auth code (product.md §2, §5 Reset request). */
export function PasswordResetRequestForm({ actor }: { actor: PasswordResetActorRef }) {
  const f = useResetForm(actor)
  return (
    <FormShell onSubmit={f.submit} lead={t.requestLead}>
      {f.rejected && (
        <ErrorBanner title={t.memberNotFound} />
      )}
      {f.rateLimited && <ErrorBanner title={accountCommon.rateLimited} />}
      <TextField
        label={t.email}
        type="email"
        inputMode="email"
        autoComplete="email"
        value={f.values.email}
        error={f.errors.email}
        onValue={f.change('email')}
      />
      <Button type="submit" colorPalette="brand" size="lg" disabled={!f.canSubmit} loading={f.busy}>
        {t.requestSubmit}
      </Button>
    </FormShell>
  )
}

/** /password-reset: auth code, e-mail, new password and its confirmation (product.md §2, §5). */
export function PasswordResetForm({ actor }: { actor: PasswordResetActorRef }) {
  const f = useResetForm(actor)
  return (
    <FormShell onSubmit={f.submit} lead={t.resetLead}>
      {f.rejected && (
        <ErrorBanner title={t.resetFailed} description={accountCommon.contactHint} />
      )}
      {f.rateLimited && <ErrorBanner title={accountCommon.rateLimited} />}
      <TextField
        label={t.authCode}
        inputMode="numeric"
        autoComplete="one-time-code"
        value={f.values.authCode}
        error={f.errors.authCode}
        onValue={f.change('authCode')}
        onBlur={f.blur('authCode')}
      />
      <TextField
        label={t.email}
        type="email"
        inputMode="email"
        autoComplete="email"
        value={f.values.email}
        error={f.errors.email}
        onValue={f.change('email')}
        onBlur={f.blur('email')}
      />
      <PasswordField
        label={t.newPassword}
        value={f.values.newPassword}
        error={f.errors.newPassword}
        onValue={(v) => f.change('newPassword')(normalizePassword(v))}
        onBlur={f.blur('newPassword')}
      />
      <PasswordField
        label={t.newPasswordConfirm}
        value={f.values.newPasswordConfirm}
        error={f.errors.newPasswordConfirm}
        onValue={(v) => f.change('newPasswordConfirm')(normalizePassword(v))}
        onBlur={f.blur('newPasswordConfirm')}
      />
      <Button type="submit" colorPalette="brand" size="lg" disabled={!f.canSubmit} loading={f.busy}>
        {t.resetSubmit}
      </Button>
    </FormShell>
  )
}
