import { Alert, Box, Button, chakra, Field, Fieldset, HStack, Input, Stack, Text, Textarea } from '@chakra-ui/react'
import { useSelector } from '@xstate/react'
import type { FormEvent } from 'react'
import type { ConsultationOutcomeActorRef } from '../../../machines/consultation-outcome/consultation-outcome-machine'
import { consultationOutcomeView } from '../../../machines/consultation-outcome/consultation-outcome-view'
import type { Consultation, Outcome } from '../../../contract/staff-calls'
import type { StaffApiClient } from '../../api/staff-client'
import { outcomeText as t, staffCommonText } from '../../text/staff'
import { ErrorBanner } from '../../ui/error-banner'
import { useConsultationOutcomeActor } from './use-consultation-outcome-actor'

/** 結果を記録: the outcome chart of one consultation, drawn inside its card. */
export function OutcomePanel({ staffApi, consultation, onSaved, onClose }: { staffApi: StaffApiClient; consultation: Consultation; onSaved: () => void; onClose: () => void }) {
  const actor = useConsultationOutcomeActor(
    staffApi,
    { ticketNumber: consultation.ticketNumber, supportStatus: consultation.supportStatus, noContact: consultation.noContact, minutes: consultation.minutes + consultation.addedMinutes },
    onSaved,
  )
  return (
    <Box as="section" aria-label={t.title} borderWidth="1px" borderRadius="md" p="4" bg="bg.subtle">
      <Text fontWeight="bold" mb="3">
        {t.title}
      </Text>
      <OutcomeSteps actor={actor} onClose={onClose} />
    </Box>
  )
}

function OutcomeSteps({ actor, onClose }: { actor: ConsultationOutcomeActorRef; onClose: () => void }) {
  const step = useSelector(actor, consultationOutcomeView.step)
  const saving = useSelector(actor, consultationOutcomeView.isSaving)
  const offered = useSelector(actor, (s) => s.context.offered)
  const outcome = useSelector(actor, (s) => s.context.outcome)
  const minutesUsed = useSelector(actor, (s) => s.context.minutesUsed)
  const followUp = useSelector(actor, (s) => s.context.followUp)
  const failure = useSelector(actor, (s) => s.context.failure)
  const ratingMailSent = useSelector(actor, (s) => s.context.ratingMailSent)
  const canNext = useSelector(actor, consultationOutcomeView.canNext)

  if (step === 'saved') {
    return (
      <Stack gap="3">
        <Alert.Root status="success" role="status">
          <Alert.Indicator />
          <Alert.Title>{t.saved}</Alert.Title>
        </Alert.Root>
        {ratingMailSent && <Text fontSize="sm">{t.savedMail}</Text>}
        <Button alignSelf="start" variant="outline" size="sm" onClick={onClose}>
          {staffCommonText.close}
        </Button>
      </Stack>
    )
  }

  if (step === 'confirming' || step === 'failed') {
    return (
      <Stack gap="3">
        {step === 'failed' && <ErrorBanner title={t.failed} description={failure || undefined} />}
        <Text fontWeight="medium">{t.confirmTitle}</Text>
        <Summary outcome={outcome} minutesUsed={minutesUsed} followUp={followUp} />
        <HStack gap="3">
          <Button variant="outline" disabled={saving} onClick={() => actor.send({ type: 'back' })}>
            {staffCommonText.back}
          </Button>
          <Button colorPalette="brand" loading={saving} loadingText={t.saving} onClick={() => actor.send({ type: step === 'failed' ? 'retry' : 'confirm' })}>
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
  const minutesInvalid = outcome === 'COMPLETED' && !/^\d{1,3}$/.test(minutesUsed.trim())
  return (
    <chakra.form onSubmit={submit} noValidate>
      <Stack gap="4">
        <Fieldset.Root>
          <Fieldset.Legend>{t.chooseOutcome}</Fieldset.Legend>
          <Stack gap="2" mt="2">
            {offered.map((o) => (
              <chakra.label key={o} display="flex" alignItems="center" gap="2" cursor="pointer">
                <chakra.input type="radio" name="outcome" value={o} checked={outcome === o} onChange={() => actor.send({ type: 'outcome.choose', outcome: o })} accentColor="teal.600" w="4" h="4" />
                {t.outcomes[o]}
              </chakra.label>
            ))}
          </Stack>
        </Fieldset.Root>
        {outcome === 'COMPLETED' && (
          <Field.Root invalid={minutesInvalid} maxW="xs">
            <Field.Label>{t.minutesLabel}</Field.Label>
            <Input inputMode="numeric" autoComplete="off" value={minutesUsed} onChange={(e) => actor.send({ type: 'field.change', field: 'minutesUsed', value: e.target.value })} />
            {minutesInvalid && <Field.ErrorText>{t.minutesInvalid}</Field.ErrorText>}
          </Field.Root>
        )}
        {outcome === 'UNSOLVED_COMPLETED' && (
          <Field.Root>
            <Field.Label>{t.followUpLabel}</Field.Label>
            <Textarea rows={4} maxLength={500} value={followUp} onChange={(e) => actor.send({ type: 'field.change', field: 'followUp', value: e.target.value })} />
            <Field.HelperText>{t.followUpHint}</Field.HelperText>
          </Field.Root>
        )}
        <HStack gap="3">
          <Button variant="outline" onClick={onClose}>
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

function Summary({ outcome, minutesUsed, followUp }: { outcome: Outcome | null; minutesUsed: string; followUp: string }) {
  return (
    <Stack gap="1" fontSize="sm">
      <Text>
        {t.chooseOutcome}：{outcome ? t.outcomes[outcome] : ''}
      </Text>
      {outcome === 'COMPLETED' && (
        <Text>
          {t.minutesLabel}：{minutesUsed.trim()}
          {staffCommonText.minutesUnit}
        </Text>
      )}
      {outcome === 'UNSOLVED_COMPLETED' && (
        <Text whiteSpace="pre-wrap">
          {t.followUpLabel}：{followUp.trim()}
        </Text>
      )}
    </Stack>
  )
}

