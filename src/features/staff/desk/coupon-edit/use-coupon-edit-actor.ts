import { useNavigate } from '@tanstack/react-router'
import { useActorRef } from '@xstate/react'
import { fromPromise } from 'xstate'
import type { DeskCoupon } from '../../../../../contract/desk/coupons'
import { deskMessages } from '../../../../../contract/desk-messages'
import { couponEditMachine } from '../../../../../machines/coupon-edit/coupon-edit-machine'
import { couponValuesOf } from '../../../../../machines/coupon-edit/coupon-rules'
import { flowInspect } from '../../../../adapters/flow-recorder'
import { ApiError } from '../../../../api/api-error'
import type { DeskApiClient } from '../../../../api/desk-client'

/** A coupon by its code: the list is read a hundred rows at a time until it is found. */
export async function findCoupon(deskApi: DeskApiClient, couponCode: string): Promise<DeskCoupon> {
  for (let page = 1; page < 1000; page++) {
    const answer = await deskApi.call('desk-coupons', { page, pageSize: 100 })
    const found = answer.items.find((c) => c.couponCode === couponCode)
    if (found) return found
    if (page * answer.pageSize >= answer.total) break
  }
  throw new ApiError(404, deskMessages.couponNotFound)
}

/** The coupon edit chart with its effects (the desk's coupon editor); null: a new coupon. */
export function useCouponEditActor(deskApi: DeskApiClient, couponCode: string | null) {
  const navigate = useNavigate()
  return useActorRef(
    couponEditMachine.provide({
      actors: {
        loadCoupon: fromPromise(async ({ input }) => {
          const coupon = await findCoupon(deskApi, input.couponCode)
          return { values: couponValuesOf(coupon), version: coupon.version }
        }),
        saveCoupon: fromPromise(async ({ input }) => {
          const { coupon } = await deskApi.call('desk-coupon-save', input)
          return { couponCode: coupon.couponCode }
        }),
      },
      actions: {
        goToCoupon: (_, { couponCode }) => void navigate({ to: '/staff/coupons/$couponCode', params: { couponCode } }),
      },
    }),
    { input: { couponCode }, inspect: flowInspect },
  )
}
