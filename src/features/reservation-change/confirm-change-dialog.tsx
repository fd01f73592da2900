import { DataList, Text } from '@chakra-ui/react'
import { useSelector } from '@xstate/react'
import { reservationChangeView } from '../../../machines/reservation-change/reservation-change-view'
import type { ReservationChangeActorRef } from '../../../machines/reservation-change/reservation-change-machine'
import { slotLabel } from '../../../machines/reservation-change/schedule-slots'
import { scheduleText as t } from '../../text/schedule'
import { ConfirmDialog } from '../../ui/confirm-dialog'
import { longDayLabel } from '../../../contract/schedule-dates'

/** The confirm modal of a reservation change (product.md §4): open in `choosing.confirming` and while updating. */
export function ConfirmChangeDialog({ actor }: { actor: ReservationChangeActorRef }) {
  const open = useSelector(actor, reservationChangeView.isConfirmOpen)
  const updating = useSelector(actor, reservationChangeView.isUpdating)
  const choice = useSelector(actor, (s) => s.context.choice)
  const day = useSelector(actor, (s) => s.context.view?.schedule.selectDate ?? null)

  return (
    <ConfirmDialog
      open={open}
      title={t.confirmTitle}
      cancelLabel={t.cancel}
      confirmLabel={t.confirm}
      busy={updating}
      loadingText={t.updating}
      onConfirm={() => actor.send({ type: 'modal.confirm' })}
      onCancel={() => actor.send({ type: 'modal.cancel' })}
    >
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
    </ConfirmDialog>
  )
}
