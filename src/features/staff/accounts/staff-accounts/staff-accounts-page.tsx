import { Alert, Badge, Box, Button, chakra, Field, Heading, HStack, Input, Stack, Text } from '@chakra-ui/react'
import { NativeSelect } from '../../../../ui/later-recipes/native-select'
import { useState, type FormEvent } from 'react'
import * as v from 'valibot'
import { RoleGrantRequest, type StaffCallResponse, type StaffRole } from '../../../../../contract/staff-calls'
import type { StaffApiClient } from '../../../../api/staff-client'
import { staffAccountsText as t, staffShellText } from '../../../../text/staff'
import { ConfirmDialog } from '../../../../ui/confirm-dialog'
import { StaffTable } from '../../../../ui/staff-table'
import { toaster } from '../../../../ui/toaster'

type Accounts = StaffCallResponse<'staff-accounts'>
type Account = Accounts['accounts'][number]

/**
 * スタッフ権限 (operators): who holds which staff role, a grant by e-mail (a consultant is linked
 * to one staff row; a first password creates the sign-in account) and revocation. The server keeps
 * at least one operator.
 */
export function StaffAccountsPage({ staffApi, data: initial }: { staffApi: StaffApiClient; data: Accounts }) {
  const [data, setData] = useState(initial)
  const [email, setEmail] = useState('')
  const [role, setRole] = useState<StaffRole>('consultant')
  const [staffId, setStaffId] = useState('')
  const [password, setPassword] = useState('')
  const [busy, setBusy] = useState(false)
  const [revoking, setRevoking] = useState<{ account: Account; role: StaffRole } | null>(null)
  // What the last grant did, kept on the page (a toast alone is gone before it is read).
  const [granted, setGranted] = useState<{ email: string; role: StaffRole; invitationMailed: boolean } | null>(null)

  const request = { email: email.trim(), role, ...(role === 'consultant' && staffId ? { staffId } : {}), ...(password ? { initialPassword: password } : {}) }
  const check = v.safeParse(RoleGrantRequest, request)
  const valid = check.success && (role !== 'consultant' || Boolean(staffId))

  const reload = async () => setData(await staffApi.call('staff-accounts', {}))
  const run = async (work: () => Promise<unknown>, done: string) => {
    setBusy(true)
    try {
      await work()
      await reload()
      toaster.create({ id: 'staff-accounts', title: done, type: 'success' })
      return true
    } catch (error) {
      toaster.create({ id: 'staff-accounts', title: t.failed, description: error instanceof Error ? error.message : undefined, type: 'error' })
      return false
    } finally {
      setBusy(false)
    }
  }
  const grant = async (e: FormEvent) => {
    e.preventDefault()
    if (!check.success || !valid) return
    setGranted(null)
    const sent = { email: check.output.email, role: check.output.role }
    const work = async () => setGranted({ ...sent, invitationMailed: (await staffApi.call('role-grant', check.output)).invitationMailed })
    if (await run(work, t.granted)) {
      setEmail('')
      setPassword('')
      setStaffId('')
    }
  }

  return (
    <Stack gap="8">
      <Heading as="h1" size="xl">
        {t.title}
      </Heading>
      <Text color="fg.muted">{t.lead}</Text>

      {granted && (
        <Alert.Root status="success" role="status" maxW="xl">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>{t.grantedTo(granted.email, staffShellText.roles[granted.role])}</Alert.Title>
            <Alert.Description>{granted.invitationMailed ? t.invitationMailed(granted.email) : t.alreadyHeld}</Alert.Description>
          </Alert.Content>
        </Alert.Root>
      )}
      <chakra.form onSubmit={(e) => void grant(e)} noValidate maxW="xl">
        <Stack gap="4">
          <Field.Root required>
            <Field.Label>{t.emailLabel}</Field.Label>
            <Input type="email" inputMode="email" autoComplete="off" value={email} onChange={(e) => setEmail(e.target.value)} />
          </Field.Root>
          <Field.Root required>
            <Field.Label>{t.roleLabel}</Field.Label>
            <NativeSelect.Root>
              <NativeSelect.Field value={role} onChange={(e) => setRole(e.target.value as StaffRole)}>
                <option value="consultant">{staffShellText.roles.consultant}</option>
                <option value="operator">{staffShellText.roles.operator}</option>
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
          </Field.Root>
          {role === 'consultant' && (
            <Field.Root required>
              <Field.Label>{t.staffLabel}</Field.Label>
              <NativeSelect.Root>
                <NativeSelect.Field value={staffId} onChange={(e) => setStaffId(e.target.value)}>
                  <option value="">{t.staffPlaceholder}</option>
                  {data.staff.map((s) => (
                    <option key={s.staffId} value={s.staffId} disabled={s.uid !== null}>
                      {s.staffNickname}（{s.staffId}）{s.uid ? t.linked : ''}
                    </option>
                  ))}
                </NativeSelect.Field>
                <NativeSelect.Indicator />
              </NativeSelect.Root>
            </Field.Root>
          )}
          <Field.Root invalid={password.length > 0 && password.length < 8}>
            <Field.Label>{t.passwordLabel}</Field.Label>
            <Input type="password" autoComplete="new-password" value={password} onChange={(e) => setPassword(e.target.value)} />
            <Field.HelperText>{t.passwordHint}</Field.HelperText>
          </Field.Root>
          <Button type="submit" colorPalette="brand" alignSelf="start" disabled={!valid || busy} loading={busy}>
            {t.grant}
          </Button>
        </Stack>
      </chakra.form>

      {data.accounts.length === 0 ? (
        <Text color="fg.muted">{t.empty}</Text>
      ) : (
        <StaffTable.Root label={t.title}>
          <StaffTable.Header>
            <StaffTable.HeaderRow>
              <StaffTable.ColumnHeader>{t.columns.email}</StaffTable.ColumnHeader>
              <StaffTable.ColumnHeader>{t.columns.roles}</StaffTable.ColumnHeader>
              <StaffTable.ColumnHeader>{t.columns.staff}</StaffTable.ColumnHeader>
            </StaffTable.HeaderRow>
          </StaffTable.Header>
          <StaffTable.Body>
            {data.accounts.map((a) => (
              <StaffTable.Row key={a.uid}>
                <StaffTable.Cell label={t.columns.email}>{a.email}</StaffTable.Cell>
                <StaffTable.Cell label={t.columns.roles}>
                  <HStack gap="2" wrap="wrap">
                    {a.roles.length === 0 && <Text color="fg.muted">—</Text>}
                    {a.roles.map((r) => (
                      <HStack key={r} gap="1">
                        <Badge variant="subtle" colorPalette="brand">
                          {staffShellText.roles[r]}
                        </Badge>
                        <Button size="xs" variant="ghost" aria-label={`${a.email}の${staffShellText.roles[r]}の権限を${t.revoke}`} onClick={() => setRevoking({ account: a, role: r })}>
                          {t.revoke}
                        </Button>
                      </HStack>
                    ))}
                  </HStack>
                </StaffTable.Cell>
                <StaffTable.Cell label={t.columns.staff}>{a.staffNickname ?? <Box as="span" color="fg.muted">—</Box>}</StaffTable.Cell>
              </StaffTable.Row>
            ))}
          </StaffTable.Body>
        </StaffTable.Root>
      )}

      <ConfirmDialog
        open={revoking !== null}
        title={t.revoke}
        cancelLabel={t.cancel}
        confirmLabel={t.revoke}
        confirmColorPalette="red"
        busy={busy}
        onConfirm={() => revoking && void run(() => staffApi.call('role-revoke', { uid: revoking.account.uid, role: revoking.role }), t.revoked).then(() => setRevoking(null))}
        onCancel={() => !busy && setRevoking(null)}
      >
        <Text>{revoking ? t.confirmRevoke(revoking.account.email, staffShellText.roles[revoking.role]) : ''}</Text>
      </ConfirmDialog>
    </Stack>
  )
}
