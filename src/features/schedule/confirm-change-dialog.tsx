import { Button, DataList, Dialog, Portal, Text } from '@chakra-ui/react'
import { useSelector } from '@xstate/react'
import type { ReservationChangeActorRef } from '../../../machines/reservation-change-machine'
import { slotLabel } from '../../../machines/schedule-slots'
import { scheduleText as t } from '../../text/schedule'
import { longDayLabel } from './schedule-dates'

/** The confirm modal of a reservation change (spec §4): open in `choosing.confirming` and while updating. */
export function ConfirmChangeDialog({ actor }: { actor: ReservationChangeActorRef }) {
  const open = useSelector(actor, (s) => s.matches({ choosing: 'confirming' }) || s.matches({ choosing: 'updating' }))
  const updating = useSelector(actor, (s) => s.matches({ choosing: 'updating' }))
  const choice = useSelector(actor, (s) => s.context.choice)
  const day = useSelector(actor, (s) => s.context.view?.schedule.selectDate ?? null)

  return (
    <Dialog.Root open={open} role="alertdialog" placement="center" onOpenChange={(e) => !e.open && actor.send({ type: 'modal.cancel' })}>
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>{t.confirmTitle}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Text mb="3">{t.confirmBody}</Text>
              {choice && day && (
                <DataList.Root orientation="horizontal">
                  <DataList.Item>
                    <DataList.ItemLabel>{t.confirmDate}</DataList.ItemLabel>
                    <DataList.ItemValue>
                      {longDayLabel(day)} {slotLabel(choice.time)}
                    </DataList.ItemValue>
                  </DataList.Item>
                  <DataList.Item>
                    <DataList.ItemLabel>{t.confirmStaff}</DataList.ItemLabel>
                    <DataList.ItemValue>{choice.staffNickname ?? t.noPreference}</DataList.ItemValue>
                  </DataList.Item>
                </DataList.Root>
              )}
            </Dialog.Body>
            <Dialog.Footer>
              <Button variant="outline" disabled={updating} onClick={() => actor.send({ type: 'modal.cancel' })}>
                {t.cancel}
              </Button>
              <Button colorPalette="brand" loading={updating} loadingText={t.updating} onClick={() => actor.send({ type: 'modal.confirm' })}>
                {t.confirm}
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  )
}
