import { Alert, Box, Button, chakra, Field, Heading, HStack, RadioGroup, Stack, Text, Textarea } from '@chakra-ui/react'
import { useSelector } from '@xstate/react'
import type { FormEvent } from 'react'
import { detailKeys, isCommentTooLong, type RatingActorRef } from '../../../machines/rating/rating-machine'
import { ratingView } from '../../../machines/rating/rating-view'
import { ratingText as t } from '../../text/rating'
import { ConfirmDialog } from '../../ui/confirm-dialog'
import { PageCard } from '../../ui/page-card'
import { PageSpinner } from '../../ui/page-spinner'
import { reservationLabel } from '../../../contract/schedule-dates'

const yen = (n: number) => n.toLocaleString('ja-JP')
const scores = [1, 2, 3, 4, 5]

/** 1–5 choice as a labelled radio group (keyboard: arrows), stars as the visible marks. */
function ScorePicker({ label, value, onChange }: { label: string; value: number | null; onChange: (score: number) => void }) {
  return (
    <RadioGroup.Root value={value === null ? null : String(value)} onValueChange={(e) => e.value && onChange(Number(e.value))} aria-label={label}>
      <HStack gap="1">
        {scores.map((n) => (
          <RadioGroup.Item key={n} value={String(n)} cursor="pointer">
            <RadioGroup.ItemHiddenInput aria-label={`${label} ${t.star(n)}`} />
            <Text as="span" fontSize="2xl" color={value !== null && n <= value ? 'orange.400' : 'gray.300'} aria-hidden>
              ★
            </Text>
          </RadioGroup.Item>
        ))}
      </HStack>
    </RadioGroup.Root>
  )
}

/** The rating and tip page (product.md §2 /rating, §5 Rating): renders the rating chart. */
export function RatingForm({ actor }: { actor: RatingActorRef }) {
  const loading = useSelector(actor, ratingView.isLoading)
  const ticket = useSelector(actor, (s) => s.context.ticket)
  const tips = useSelector(actor, (s) => s.context.tips)
  const total = useSelector(actor, (s) => s.context.memberTotalScore)
  const detail = useSelector(actor, (s) => s.context.detail)
  const comment = useSelector(actor, (s) => s.context.comment)
  const tipProductId = useSelector(actor, (s) => s.context.tipProductId)
  const canSubmit = useSelector(actor, ratingView.canSubmit)
  const confirming = useSelector(actor, ratingView.isConfirmOpen)
  const sending = useSelector(actor, ratingView.isSending)
  const tip = useSelector(actor, ratingView.chosenTip)
  const tooLong = isCommentTooLong(comment)

  if (loading || !ticket) return <PageSpinner />

  const submit = (e: FormEvent) => {
    e.preventDefault()
    actor.send({ type: 'form.submit' })
  }

  return (
    <PageCard title={t.title} maxW="2xl" mx="auto">
      <chakra.form onSubmit={submit} noValidate>
        <Stack gap="6">
          <Text>{t.intro}</Text>
          <Box bg="bg.muted" p="3" borderRadius="l2" fontSize="sm">
            <Text>
              {t.ticket}: {ticket.productName}（{ticket.ticketNumber}） {reservationLabel(ticket.reservationTime)}
            </Text>
            {ticket.staff && (
              <Text>
                {t.staff}: {ticket.staff.staffNickname}
              </Text>
            )}
          </Box>
          <Stack gap="1">
            <Heading as="h2" size="md">
              {t.overall}
            </Heading>
            <ScorePicker label={t.overall} value={total} onChange={(score) => actor.send({ type: 'score.change', score })} />
            {total === null && (
              <Text fontSize="sm" color="fg.muted">
                {t.overallRequired}
              </Text>
            )}
          </Stack>
          <Stack gap="2">
            <Heading as="h2" size="md">
              {t.detailHeading}
            </Heading>
            {detailKeys.map((key) => (
              <HStack key={key} justify="space-between" flexWrap="wrap">
                <Text>{t.detail[key]}</Text>
                <ScorePicker label={t.detail[key]} value={detail[key]} onChange={(score) => actor.send({ type: 'detail.change', key, score })} />
              </HStack>
            ))}
          </Stack>
          <Field.Root invalid={tooLong}>
            <Field.Label>{t.comment}</Field.Label>
            <Textarea rows={5} value={comment} onChange={(e) => actor.send({ type: 'comment.change', value: e.target.value })} />
            {tooLong ? <Field.ErrorText>{t.commentTooLong}</Field.ErrorText> : <Field.HelperText>{t.commentHint}</Field.HelperText>}
          </Field.Root>
          {tips.length > 0 && (
            <Stack gap="2">
              <Heading as="h2" size="md">
                {t.tipHeading}
              </Heading>
              <Text fontSize="sm" color="fg.muted">
                {t.tipNote}
              </Text>
              <RadioGroup.Root
                value={tipProductId ?? ''}
                onValueChange={(e) => actor.send({ type: 'tip.select', productId: e.value ? e.value : null })}
                aria-label={t.tipHeading}
              >
                <Stack gap="2">
                  {[{ productId: '', label: t.noTip }, ...tips.map((x) => ({ productId: x.productId, label: t.tipOption(yen(x.price)) }))].map((o) => (
                    <RadioGroup.Item key={o.productId || 'none'} value={o.productId}>
                      <RadioGroup.ItemHiddenInput />
                      <RadioGroup.ItemIndicator />
                      <RadioGroup.ItemText>{o.label}</RadioGroup.ItemText>
                    </RadioGroup.Item>
                  ))}
                </Stack>
              </RadioGroup.Root>
            </Stack>
          )}
          <Button type="submit" colorPalette="brand" size="lg" disabled={!canSubmit}>
            {t.submit}
          </Button>
        </Stack>
      </chakra.form>
      <ConfirmDialog
        open={confirming}
        title={t.confirmTitle}
        cancelLabel={t.cancel}
        confirmLabel={t.confirm}
        busy={sending}
        loadingText={t.sending}
        onConfirm={() => actor.send({ type: 'modal.confirm' })}
        onCancel={() => actor.send({ type: 'modal.cancel' })}
      >
        <Stack gap="2">
          <Text>{t.confirmBody}</Text>
          {tip && (
            <Alert.Root status="info">
              <Alert.Title>{t.confirmTip(yen(tip.price))}</Alert.Title>
            </Alert.Root>
          )}
        </Stack>
      </ConfirmDialog>
    </PageCard>
  )
}
