import { useNavigate } from '@tanstack/react-router'
import { useActorRef } from '@xstate/react'
import { fromPromise } from 'xstate'
import type { DeskNotice } from '../../../../../contract/desk/notices'
import { noticePublishMachine } from '../../../../../machines/notice-publish/notice-publish-machine'
import { noticeSaveRequest, noticeValuesOf } from '../../../../../machines/notice-publish/notice-rules'
import { flowInspect } from '../../../../adapters/flow-recorder'
import type { DeskApiClient } from '../../../../api/desk-client'
import { ApiError } from '../../../../api/api-error'
import { deskMessages } from '../../../../../contract/desk-messages'

/** A notice by its id: the list is read a hundred rows at a time until it is found. */
export async function findNotice(deskApi: DeskApiClient, id: number): Promise<DeskNotice> {
  for (let page = 1; page < 1000; page++) {
    const answer = await deskApi.call('desk-notices', { page, pageSize: 100 })
    const found = answer.items.find((n) => n.id === id)
    if (found) return found
    if (page * answer.pageSize >= answer.total) break
  }
  throw new ApiError(404, deskMessages.noticeNotFound)
}

/** The notice publish chart with its effects (the desk's notice editor). */
export function useNoticePublishActor(deskApi: DeskApiClient, noticeId: number | null) {
  const navigate = useNavigate()
  return useActorRef(
    noticePublishMachine.provide({
      actors: {
        loadNotice: fromPromise(async ({ input }) => {
          const notice = await findNotice(deskApi, input.noticeId)
          return { values: noticeValuesOf(notice), status: notice.state, version: notice.version }
        }),
        saveNotice: fromPromise(async ({ input }) => {
          const { notice } = await deskApi.call('desk-notice-save', noticeSaveRequest(input.values, input.noticeId, input.version))
          return { noticeId: notice.id }
        }),
        withdrawNotice: fromPromise(async ({ input }) => deskApi.call('desk-notice-withdraw', { id: input.noticeId, version: input.version })),
      },
      actions: {
        goToList: () => void navigate({ to: '/staff/notices' }),
      },
    }),
    { input: { noticeId }, inspect: flowInspect },
  )
}
