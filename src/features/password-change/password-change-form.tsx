import { Button } from '@chakra-ui/react'
import { useSelector } from '@xstate/react'
import type { PasswordChangeActorRef, PasswordChangeField } from '../../../machines/password-change/password-change-machine'
import { passwordChangeView } from '../../../machines/password-change/password-change-view'
import { passwordChangeText as t } from '../../text/account'
import { normalizePassword } from '../../ui/normalize'
import { PasswordField } from '../../ui/password-field'
import { ErrorBanner } from '../../ui/error-banner'
import { FormShell } from '../../ui/form-shell'

/** /settings/password-change (product.md §5 Password change, §8 password change 4xx). */
export function PasswordChangeForm({ actor }: { actor: PasswordChangeActorRef }) {
  const values = useSelector(actor, (s) => s.context.values)
  const errors = useSelector(actor, (s) => s.context.errors)
  const rejected = useSelector(actor, (s) => s.context.rejected)
  const reauthFailed = useSelector(actor, (s) => s.context.reauthFailed)
  const busy = useSelector(actor, passwordChangeView.isBusy)
  const canSubmit = useSelector(actor, passwordChangeView.canSubmit)
  const change = (field: PasswordChangeField) => (value: string) => actor.send({ type: 'field.change', field, value: normalizePassword(value) })
  const blur = (field: PasswordChangeField) => () => actor.send({ type: 'field.blur', field })
  return (
    <FormShell onSubmit={() => actor.send({ type: 'form.submit' })} lead={t.lead}>
      {rejected && (
        <ErrorBanner title={t.rejected} />
      )}
      {reauthFailed && <ErrorBanner title={t.reauthFailed} />}
      <PasswordField
        label={t.currentPassword}
        value={values.currentPassword}
        error={errors.currentPassword}
        autoComplete="current-password"
        onValue={change('currentPassword')}
        onBlur={blur('currentPassword')}
      />
      <PasswordField label={t.newPassword} value={values.newPassword} error={errors.newPassword} onValue={change('newPassword')} onBlur={blur('newPassword')} />
      <PasswordField
        label={t.newPasswordConfirm}
        value={values.newPasswordConfirm}
        error={errors.newPasswordConfirm}
        onValue={change('newPasswordConfirm')}
        onBlur={blur('newPasswordConfirm')}
      />
      <Button type="submit" colorPalette="brand" size="lg" disabled={!canSubmit} loading={busy}>
        {t.submit}
      </Button>
    </FormShell>
  )
}
