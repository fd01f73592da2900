import { useNavigate } from '@tanstack/react-router'
import { useActorRef } from '@xstate/react'
import { fromPromise } from 'xstate'
import type { DeskConsultant } from '../../../../../contract/desk/consultants'
import { deskMessages } from '../../../../../contract/desk-messages'
import { consultantProfileMachine } from '../../../../../machines/consultant-profile/consultant-profile-machine'
import { profileRequestFields, profileValuesOf } from '../../../../../machines/consultant-profile/consultant-profile-rules'
import { fileToBase64 } from '../../../../adapters/image-file'
import { flowInspect } from '../../../../adapters/flow-recorder'
import { ApiError } from '../../../../api/api-error'
import type { DeskApiClient } from '../../../../api/desk-client'

const loaded = (c: DeskConsultant) => ({ staffId: c.staffId, values: profileValuesOf(c), imageUrl: c.staffImageUrl, version: c.version, accountEmail: c.accountEmail })

/** The consultant profile chart with its effects (the desk's consultant pages; `staffId` null: a new one). */
export function useConsultantProfileActor(deskApi: DeskApiClient, staffId: string | null) {
  const navigate = useNavigate()
  return useActorRef(
    consultantProfileMachine.provide({
      actions: {
        goToConsultant: (_, { staffId: created }) => void navigate({ to: '/staff/consultants/$staffId', params: { staffId: created }, search: { added: true }, replace: true }),
      },
      actors: {
        loadProfile: fromPromise(async ({ input }) => {
          const { items } = await deskApi.call('desk-consultants', {})
          const found = items.find((c) => c.staffId === input.staffId)
          if (!found) throw new ApiError(404, deskMessages.staffNotFound)
          return loaded(found)
        }),
        uploadImage: fromPromise(async ({ input }) => {
          const file = input.image.file as Blob
          const { imageUrl } = await deskApi.call('desk-image-upload', { purpose: 'STAFF', fileName: input.image.name.slice(0, 255), dataBase64: await fileToBase64(file) })
          return { imageUrl }
        }),
        saveProfile: fromPromise(async ({ input }) => {
          const { consultant } = await deskApi.call('desk-consultant-save', {
            ...(input.staffId === null ? { active: input.values.active } : { staffId: input.staffId, version: input.version ?? undefined }),
            ...profileRequestFields(input.values),
            staffImageUrl: input.imageUrl,
          })
          return loaded(consultant)
        }),
      },
    }),
    { input: { staffId }, inspect: flowInspect },
  )
}
