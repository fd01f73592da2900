import { Alert, Button, chakra, Field, Fieldset, HStack, Portal, Spinner, Stack, Text, Textarea } from '@chakra-ui/react'
import { Dialog } from '../../../../ui/later-recipes/dialog'
import { useSelector } from '@xstate/react'
import type { FormEvent } from 'react'
import type { ReassignmentActorRef } from '../../../../../machines/reassignment/reassignment-machine'
import { reassignmentView } from '../../../../../machines/reassignment/reassignment-view'
import { reassignText as t, staffCommonText } from '../../../../text/staff'
import { ErrorBanner } from '../../../../ui/error-banner'
import { whenLabel } from '../../../../ui/staff-consultation'

/** 担当の変更: the reassignment chart as a dialog over the assignments list. */
export function ReassignmentDialog({ actor }: { actor: ReassignmentActorRef }) {
  const open = useSelector(actor, reassignmentView.isOpen)
  const busy = useSelector(actor, reassignmentView.isBusy)
  return (
    <Dialog.Root open={open} placement="center" size="lg" onOpenChange={(e) => !e.open && !busy && actor.send({ type: 'cancel' })}>
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>{t.title}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <ReassignmentSteps actor={actor} />
            </Dialog.Body>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  )
}

function ReassignmentSteps({ actor }: { actor: ReassignmentActorRef }) {
  const step = useSelector(actor, reassignmentView.step)
  const consultation = useSelector(actor, (s) => s.context.consultation)
  const candidates = useSelector(actor, (s) => s.context.candidates)
  const staffId = useSelector(actor, (s) => s.context.staffId)
  const reason = useSelector(actor, (s) => s.context.reason)
  const conflict = useSelector(actor, (s) => s.context.conflict)
  const failure = useSelector(actor, (s) => s.context.failure)
  const result = useSelector(actor, (s) => s.context.result)
  const reassigning = useSelector(actor, reassignmentView.isBusy)
  const canNext = useSelector(actor, reassignmentView.canNext)
  const cancel = () => actor.send({ type: 'cancel' })

  const booking = consultation && (
    <Text fontSize="sm">
      {t.booking}：{whenLabel(consultation)} {consultation.memberName}（{consultation.ticketNumber}）／ {consultation.staffNickname}
    </Text>
  )

  if (step === 'loading') {
    return (
      <HStack gap="3" role="status">
        <Spinner size="sm" />
        <Text>{t.candidatesLoading}</Text>
      </HStack>
    )
  }
  if (step === 'loadFailed') {
    return (
      <Stack gap="4">
        <ErrorBanner title={staffCommonText.loadFailed} description={failure || undefined} />
        <HStack gap="3">
          <Button variant="outline" onClick={cancel}>
            {staffCommonText.close}
          </Button>
          <Button colorPalette="brand" onClick={() => actor.send({ type: 'retry' })}>
            {staffCommonText.retry}
          </Button>
        </HStack>
      </Stack>
    )
  }
  if (step === 'done') {
    return (
      <Stack gap="4">
        <Alert.Root status="success" role="status">
          <Alert.Indicator />
          <Alert.Title>{t.done}</Alert.Title>
        </Alert.Root>
        {result && (
          <Text fontSize="sm">
            {whenLabel(result)} {result.memberName} → {result.staffNickname}
          </Text>
        )}
        <Button alignSelf="start" variant="outline" onClick={cancel}>
          {staffCommonText.close}
        </Button>
      </Stack>
    )
  }
  const target = candidates.find((c) => c.staffId === staffId)
  if (step === 'confirming' || step === 'failed') {
    return (
      <Stack gap="4">
        {step === 'failed' && <ErrorBanner title={t.failed} description={failure || undefined} />}
        {booking}
        <Text fontWeight="medium">{t.confirmTitle}</Text>
        <Text>{t.confirmBody(consultation?.staffNickname ?? '', target?.staffNickname ?? '')}</Text>
        <Text fontSize="sm">
          {t.mailNotice(
            { name: consultation?.staffNickname ?? '', mailable: candidates.find((c) => c.reason === 'CURRENT')?.mailable ?? true },
            { name: target?.staffNickname ?? '', mailable: target?.mailable ?? true },
          )}
        </Text>
        <Text fontSize="sm" whiteSpace="pre-wrap">
          {t.reasonLabel}：{reason.trim()}
        </Text>
        <HStack gap="3">
          <Button variant="outline" disabled={reassigning} onClick={() => actor.send({ type: 'back' })}>
            {staffCommonText.back}
          </Button>
          <Button colorPalette="brand" loading={reassigning} loadingText={t.reassigning} onClick={() => actor.send({ type: step === 'failed' ? 'retry' : 'confirm' })}>
            {t.confirm}
          </Button>
        </HStack>
      </Stack>
    )
  }

  const submit = (e: FormEvent) => {
    e.preventDefault()
    actor.send({ type: 'form.next' })
  }
  return (
    <chakra.form onSubmit={submit} noValidate>
      <Stack gap="4">
        {conflict && <ErrorBanner title={t.conflict} description={conflict} />}
        {booking}
        <Fieldset.Root>
          <Fieldset.Legend>{t.candidatesTitle}</Fieldset.Legend>
          {candidates.length === 0 && <Text color="fg.muted">{t.noCandidates}</Text>}
          <Stack gap="2" mt="2">
            {candidates.map((c) => (
              <chakra.label key={c.staffId} display="flex" alignItems="center" gap="2" cursor={c.free ? 'pointer' : 'not-allowed'} color={c.free ? undefined : 'fg.muted'}>
                <chakra.input
                  type="radio"
                  name="candidate"
                  value={c.staffId}
                  disabled={!c.free}
                  checked={staffId === c.staffId}
                  onChange={() => actor.send({ type: 'candidate.pick', staffId: c.staffId })}
                  w="4"
                  h="4"
                  accentColor="teal.600"
                />
                <span>
                  {c.staffNickname}（{c.free ? t.free : (c.reasonText ?? (c.reason ? t.notFree[c.reason] : ''))}）
                </span>
              </chakra.label>
            ))}
          </Stack>
        </Fieldset.Root>
        <Field.Root required>
          <Field.Label>{t.reasonLabel}</Field.Label>
          <Textarea rows={3} maxLength={500} value={reason} onChange={(e) => actor.send({ type: 'reason.change', value: e.target.value })} />
          <Field.HelperText>{t.reasonHint}</Field.HelperText>
        </Field.Root>
        <HStack gap="3">
          <Button variant="outline" onClick={cancel}>
            {staffCommonText.cancel}
          </Button>
          <Button type="submit" colorPalette="brand" disabled={!canNext}>
            {t.next}
          </Button>
        </HStack>
      </Stack>
    </chakra.form>
  )
}
