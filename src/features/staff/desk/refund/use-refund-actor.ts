import { useActorRef } from '@xstate/react'
import { fromPromise } from 'xstate'
import { refundMachine } from '../../../../../machines/refund/refund-machine'
import { flowInspect } from '../../../../adapters/flow-recorder'
import type { DeskApiClient } from '../../../../api/desk-client'

/**
 * The refund chart with its effects. The idempotency key is made here, where randomness is
 * allowed, and offered with every submit; the chart keeps the first one for as long as the
 * refund stays the same, so a retry is the same refund to the server and the payment provider.
 */
export function useRefundActor(deskApi: DeskApiClient, purchase: { ticketNumber: string; refundable: number }, onRefunded: () => void) {
  return useActorRef(
    refundMachine.provide({
      actors: {
        refundPurchase: fromPromise(async ({ input }) => {
          const answer = await deskApi.call('desk-refund', input)
          return { amountRefunded: answer.purchase.amountRefunded, refundable: answer.purchase.refundable }
        }),
      },
      actions: { notifyRefunded: () => onRefunded() },
    }),
    { input: { ticketNumber: purchase.ticketNumber, refundable: purchase.refundable }, inspect: flowInspect },
  )
}

/** A fresh key for a refund the operator is about to confirm. */
export const newRefundKey = () => crypto.randomUUID()
