import { Alert, Box, Button, chakra, Field, Fieldset, HStack, Input, Spinner, Stack, Text, Textarea } from '@chakra-ui/react'
import { useSelector } from '@xstate/react'
import type { FormEvent } from 'react'
import type { ConsultationOutcomeActorRef } from '../../../../../machines/consultation-outcome/consultation-outcome-machine'
import { consultationOutcomeView } from '../../../../../machines/consultation-outcome/consultation-outcome-view'
import { CASE_NOTE_MAX, type Consultation, type Outcome } from '../../../../../contract/staff-calls'
import type { StaffApiClient } from '../../../../api/staff-client'
import { memberHistoryText as ht, outcomeLimitText as lt, outcomeText as t, staffCommonText } from '../../../../text/staff'
import { ErrorBanner } from '../../../../ui/error-banner'
import { useRemote } from '../../../../ui/use-remote'
import { MemberHistory } from './member-history'
import { useConsultationOutcomeActor } from './use-consultation-outcome-actor'

/** A consultation as a page hands it over: the past list knows its case note, the day does not. */
type OpenedConsultation = Consultation & { caseNote?: string | null }

/**
 * 結果を記録: the member's earlier consultations (staff call member-consultations, which also reads
 * this consultation's case note) and the outcome chart of this consultation, drawn inside its card.
 * The form waits for the note so it can be edited rather than overwritten; when it cannot be read the
 * form starts empty and an untouched note is left as it is (the chart sends only a changed note).
 */
export function OutcomePanel({ staffApi, consultation, onSaved, onClose }: { staffApi: StaffApiClient; consultation: OpenedConsultation; onSaved: () => void; onClose: () => void }) {
  const history = useRemote(() => staffApi.call('member-consultations', { ticketNumber: consultation.ticketNumber }), [staffApi, consultation.ticketNumber])
  const note = consultation.caseNote !== undefined ? consultation.caseNote : history.status === 'ready' ? history.data.caseNote : history.status === 'failed' ? null : undefined
  return (
    <Box as="section" aria-label={t.title} borderWidth="1px" borderRadius="md" p="4" bg="bg.subtle">
      <Stack gap="4">
        <MemberHistory history={history.status === 'ready' ? history.data : history.status} />
        <Text fontWeight="bold">{t.title}</Text>
        {note === undefined ? (
          <HStack gap="2" color="fg.muted" role="status">
            <Spinner size="sm" />
            <Text fontSize="sm">{ht.loading}</Text>
          </HStack>
        ) : (
          <OutcomeForm staffApi={staffApi} consultation={consultation} caseNote={note} onSaved={onSaved} onClose={onClose} />
        )}
      </Stack>
    </Box>
  )
}

function OutcomeForm({ staffApi, consultation: c, caseNote, onSaved, onClose }: { staffApi: StaffApiClient; consultation: Consultation; caseNote: string | null; onSaved: () => void; onClose: () => void }) {
  const actor = useConsultationOutcomeActor(
    staffApi,
    { ticketNumber: c.ticketNumber, supportStatus: c.supportStatus, noContact: c.noContact, startUnixTime: c.startUnixTime, minutes: c.minutes, addedMinutes: c.addedMinutes, caseNote },
    onSaved,
  )
  return <OutcomeSteps actor={actor} onClose={onClose} />
}

const clockOf = (unixSeconds: number) => {
  const jst = new Date(unixSeconds * 1000 + 9 * 3600 * 1000)
  return `${String(jst.getUTCHours()).padStart(2, '0')}:${String(jst.getUTCMinutes()).padStart(2, '0')}`
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
  const caseNote = useSelector(actor, (s) => s.context.caseNote)
  const maxMinutes = useSelector(actor, consultationOutcomeView.maxMinutes)
  const noContactFrom = useSelector(actor, consultationOutcomeView.noContactFrom)

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
        <Summary outcome={outcome} minutesUsed={minutesUsed} followUp={followUp} caseNote={caseNote} />
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
  const typed = /^\d{1,3}$/.test(minutesUsed.trim()) ? Number(minutesUsed.trim()) : NaN
  const minutesInvalid = outcome === 'COMPLETED' && !(typed >= 1 && typed <= 600)
  const minutesOver = outcome === 'COMPLETED' && !minutesInvalid && typed > maxMinutes
  const noteTooLong = caseNote.trim().length > CASE_NOTE_MAX
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
          {noContactFrom !== null && (
            <Text fontSize="sm" color="fg.muted" mt="2">
              {lt.noContactFrom(clockOf(noContactFrom))}
            </Text>
          )}
        </Fieldset.Root>
        {outcome === 'COMPLETED' && (
          <Field.Root invalid={minutesInvalid || minutesOver || maxMinutes === 0} maxW="md">
            <Field.Label>{t.minutesLabel}</Field.Label>
            <Input inputMode="numeric" autoComplete="off" maxW="40" value={minutesUsed} onChange={(e) => actor.send({ type: 'field.change', field: 'minutesUsed', value: e.target.value })} />
            {maxMinutes > 0 && <Field.HelperText>{lt.maxMinutes(maxMinutes)}</Field.HelperText>}
            {maxMinutes === 0 ? (
              <Field.ErrorText>{lt.notYet}</Field.ErrorText>
            ) : minutesInvalid ? (
              <Field.ErrorText>{t.minutesInvalid}</Field.ErrorText>
            ) : (
              minutesOver && <Field.ErrorText>{lt.minutesOver(maxMinutes)}</Field.ErrorText>
            )}
          </Field.Root>
        )}
        {outcome === 'UNSOLVED_COMPLETED' && (
          <Field.Root>
            <Field.Label>{t.followUpLabel}</Field.Label>
            <Textarea rows={4} maxLength={500} value={followUp} onChange={(e) => actor.send({ type: 'field.change', field: 'followUp', value: e.target.value })} />
            <Field.HelperText>{t.followUpHint}</Field.HelperText>
          </Field.Root>
        )}
        {outcome !== null && (
          <Field.Root invalid={noteTooLong}>
            <Field.Label>{lt.caseNoteLabel}</Field.Label>
            <Textarea rows={3} maxLength={CASE_NOTE_MAX} value={caseNote} onChange={(e) => actor.send({ type: 'field.change', field: 'caseNote', value: e.target.value })} />
            <Field.HelperText>{lt.caseNoteHint}</Field.HelperText>
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

function Summary({ outcome, minutesUsed, followUp, caseNote }: { outcome: Outcome | null; minutesUsed: string; followUp: string; caseNote: string }) {
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
      {caseNote.trim() && (
        <Text whiteSpace="pre-wrap">
          {lt.caseNoteLabel}：{caseNote.trim()}
        </Text>
      )}
    </Stack>
  )
}

