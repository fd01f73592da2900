import { Alert, Button, chakra, DataList, Field, Input, Portal, RadioGroup, Stack, Text, Textarea } from '@chakra-ui/react'
import { Dialog } from '../../../../ui/later-recipes/dialog'
import { useSelector } from '@xstate/react'
import { useState, type FormEvent } from 'react'
import { REFUND_NOTE_MAX, REFUND_REASON_MAX } from '../../../../../contract/desk/refunds'
import { formatYen } from '../../../../../contract/jst'
import type { RefundActorRef } from '../../../../../machines/refund/refund-machine'
import type { RefundMode } from '../../../../../machines/refund/refund-rules'
import { refundView } from '../../../../../machines/refund/refund-view'
import type { DeskApiClient } from '../../../../api/desk-client'
import { deskCommonText as c, deskRefundText as t } from '../../../../text/desk'
import { ErrorBanner } from '../../../../ui/error-banner'
import { newRefundKey, useRefundActor } from './use-refund-actor'

/**
 * `booking`: the future reservation the ticket holds (contract/ticket-rules.ts `bookingAhead`),
 * which any refund cancels; null or absent when there is none.
 */
export type RefundTarget = {
  ticketNumber: string
  productName: string
  amount: number
  amountRefunded: number
  refundable: number
  booking?: { reservationUnixTime: number; staffNickname: string | null } | null
}

/** 11月30日 13:00 山田 (Japan time) of the booking a refund cancels. */
const bookingLabel = (b: NonNullable<RefundTarget['booking']>) => {
  const jst = new Date(b.reservationUnixTime * 1000 + 9 * 3600 * 1000)
  const hhmm = `${String(jst.getUTCHours()).padStart(2, '0')}:${String(jst.getUTCMinutes()).padStart(2, '0')}`
  return `${jst.getUTCMonth() + 1}月${jst.getUTCDate()}日 ${hhmm}${b.staffNickname ? ` ${b.staffNickname}` : ''}`
}

/** The refund of one purchase, in a dialog: amount and reason → confirm → refunding → done or failed. */
export function RefundDialog({ deskApi, purchase, onRefunded, onClose }: { deskApi: DeskApiClient; purchase: RefundTarget; onRefunded: () => void; onClose: () => void }) {
  const actor = useRefundActor(deskApi, purchase, onRefunded)
  return <RefundDialogView actor={actor} purchase={purchase} onClose={onClose} />
}

function RefundDialogView({ actor, purchase, onClose }: { actor: RefundActorRef; purchase: RefundTarget; onClose: () => void }) {
  const step = useSelector(actor, refundView.step)
  const busy = useSelector(actor, refundView.isRefunding)
  const draft = useSelector(actor, (s) => s.context.draft)
  const errors = useSelector(actor, refundView.errors)
  const request = useSelector(actor, refundView.request)
  const failure = useSelector(actor, (s) => s.context.failure)
  const canRetry = useSelector(actor, refundView.canRetry)
  const canClose = useSelector(actor, refundView.canClose)
  const closed = useSelector(actor, refundView.isClosed)
  const refundable = useSelector(actor, refundView.refundable)
  const after = useSelector(actor, refundView.after)
  // The booking as the dialog opened on it: once refunded, the page reloads the ticket and has no
  // booking ahead any more, but the done view still says which one was cancelled.
  const [booking] = useState(() => (purchase.booking ? bookingLabel(purchase.booking) : null))
  const close = () => {
    if (busy) return
    if (canClose) actor.send({ type: 'dialog.close' })
    onClose()
  }
  const submit = (e: FormEvent) => {
    e.preventDefault()
    actor.send({ type: 'form.submit', key: newRefundKey() })
  }
  if (closed) return null

  return (
    <Dialog.Root open role="dialog" placement="center" onOpenChange={(e) => !e.open && close()} closeOnInteractOutside={!busy} closeOnEscape={!busy}>
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>{step === 'done' ? t.doneTitle : step === 'confirming' ? t.confirmTitle : t.title}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Stack gap="4">
                <Text fontWeight="bold">{t.target(purchase.productName, purchase.ticketNumber)}</Text>
                <DataList.Root orientation="horizontal" size="sm">
                  <DataList.Item>
                    <DataList.ItemLabel>{t.paid}</DataList.ItemLabel>
                    <DataList.ItemValue>{formatYen(purchase.amount)}</DataList.ItemValue>
                  </DataList.Item>
                  <DataList.Item>
                    <DataList.ItemLabel>{t.refunded}</DataList.ItemLabel>
                    <DataList.ItemValue data-testid="refund-total">{formatYen(after ? after.amountRefunded : purchase.amountRefunded)}</DataList.ItemValue>
                  </DataList.Item>
                  <DataList.Item>
                    <DataList.ItemLabel>{t.refundable}</DataList.ItemLabel>
                    <DataList.ItemValue data-testid="refund-refundable">{formatYen(after ? after.refundable : refundable)}</DataList.ItemValue>
                  </DataList.Item>
                </DataList.Root>
                {booking && step !== 'done' && (
                  <Alert.Root status="warning" data-testid="refund-booking-notice">
                    <Alert.Indicator />
                    <Alert.Title>{t.bookingCancels(booking)}</Alert.Title>
                  </Alert.Root>
                )}
                {step === 'editing' && (
                  <chakra.form id="refund-form" onSubmit={submit} noValidate>
                    <Stack gap="4">
                      <Field.Root>
                        <RadioGroup.Root value={draft.mode} onValueChange={(e) => actor.send({ type: 'mode.change', mode: e.value as RefundMode })} aria-label={t.mode}>
                          <Text fontWeight="medium" mb="2">
                            {t.mode}
                          </Text>
                          <Stack gap="2">
                            {(['full', 'partial'] as const).map((mode) => (
                              <RadioGroup.Item key={mode} value={mode}>
                                <RadioGroup.ItemHiddenInput />
                                <RadioGroup.ItemIndicator />
                                <RadioGroup.ItemText>{mode === 'full' ? t.full : t.partial}</RadioGroup.ItemText>
                              </RadioGroup.Item>
                            ))}
                          </Stack>
                        </RadioGroup.Root>
                      </Field.Root>
                      {draft.mode === 'partial' && (
                        <Field.Root invalid={Boolean(errors.amount)}>
                          <Field.Label>{t.amount}</Field.Label>
                          <Input inputMode="numeric" autoComplete="off" maxLength={12} value={draft.amount} onChange={(e) => actor.send({ type: 'amount.change', value: e.target.value })} />
                          {errors.amount && <Field.ErrorText>{errors.amount}</Field.ErrorText>}
                        </Field.Root>
                      )}
                      {draft.mode === 'full' && errors.amount && <ErrorBanner title={errors.amount} />}
                      <Field.Root invalid={Boolean(errors.reason)}>
                        <Field.Label>{t.reason}</Field.Label>
                        <Textarea rows={3} maxLength={REFUND_REASON_MAX + 20} value={draft.reason} onChange={(e) => actor.send({ type: 'reason.change', value: e.target.value })} />
                        {errors.reason ? <Field.ErrorText>{errors.reason}</Field.ErrorText> : <Field.HelperText>{t.reasonHint}</Field.HelperText>}
                      </Field.Root>
                      <Field.Root invalid={Boolean(errors.note)}>
                        <Field.Label>{t.note}</Field.Label>
                        <Textarea rows={2} maxLength={REFUND_NOTE_MAX + 20} value={draft.note} onChange={(e) => actor.send({ type: 'note.change', value: e.target.value })} />
                        {errors.note ? <Field.ErrorText>{errors.note}</Field.ErrorText> : <Field.HelperText>{t.noteHint}</Field.HelperText>}
                      </Field.Root>
                    </Stack>
                  </chakra.form>
                )}
                {(step === 'confirming' || step === 'failed') && (
                  <DataList.Root orientation="horizontal">
                    <DataList.Item>
                      <DataList.ItemLabel>{t.confirmAmount}</DataList.ItemLabel>
                      <DataList.ItemValue fontWeight="bold" data-testid="refund-amount">
                        {formatYen(request.amount)}
                      </DataList.ItemValue>
                    </DataList.Item>
                    <DataList.Item>
                      <DataList.ItemLabel>{t.confirmReason}</DataList.ItemLabel>
                      <DataList.ItemValue data-testid="refund-reason">{request.reason}</DataList.ItemValue>
                    </DataList.Item>
                    <DataList.Item>
                      <DataList.ItemLabel>{t.confirmNote}</DataList.ItemLabel>
                      <DataList.ItemValue data-testid="refund-note">{request.note || t.noNote}</DataList.ItemValue>
                    </DataList.Item>
                  </DataList.Root>
                )}
                {step === 'failed' && (
                  <ErrorBanner title={t.failedTitle} description={failure?.unanswered ? t.unanswered : `${failure?.message ?? ''}${failure?.retryable ? ` ${t.retrySafe}` : ''}`} />
                )}
                {step === 'done' && (
                  <Stack gap="1" role="status">
                    <Text color="fg.success">{t.doneBody(formatYen(request.amount))}</Text>
                    {booking && <Text data-testid="refund-booking-cancelled">{t.bookingCancelled(booking)}</Text>}
                  </Stack>
                )}
              </Stack>
            </Dialog.Body>
            <Dialog.Footer>
              {step === 'editing' && (
                <>
                  <Button variant="outline" onClick={close}>
                    {c.cancel}
                  </Button>
                  <Button type="submit" form="refund-form" colorPalette="brand">
                    {t.submit}
                  </Button>
                </>
              )}
              {step === 'confirming' && (
                <>
                  <Button variant="outline" disabled={busy} onClick={() => actor.send({ type: 'modal.cancel' })}>
                    {c.back}
                  </Button>
                  <Button colorPalette="red" loading={busy} loadingText={t.refunding} onClick={() => actor.send({ type: 'modal.confirm' })}>
                    {t.confirm}
                  </Button>
                </>
              )}
              {step === 'failed' && (
                <>
                  <Button variant="outline" onClick={() => actor.send({ type: 'form.edit' })}>
                    {t.edit}
                  </Button>
                  {canRetry && (
                    <Button colorPalette="red" onClick={() => actor.send({ type: 'refund.retry' })}>
                      {t.retry}
                    </Button>
                  )}
                </>
              )}
              {step === 'done' && (
                <Button colorPalette="brand" onClick={close}>
                  {c.close}
                </Button>
              )}
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  )
}
