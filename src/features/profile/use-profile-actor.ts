import { errorSearch } from '../../ui/error-search'
import { useNavigate } from '@tanstack/react-router'
import { useActorRef } from '@xstate/react'
import { fromPromise } from 'xstate'
import type { AuthActorRef } from '../../../machines/auth/auth-machine'
import { profileMachine } from '../../../machines/profile/profile-machine'
import { flowInspect } from '../../adapters/flow-recorder'
import type { ApiClient } from '../../api/client'

/**
 * The profile chart of /settings with its effects: the one place of the profile flow calling
 * `.provide` and the API. A saved change is told to the auth chart, so the header
 * greets the member by the new name.
 */
export function useProfileActor({ api }: { api: ApiClient }, auth: Pick<AuthActorRef, 'send'>) {
  const navigate = useNavigate()
  return useActorRef(
    profileMachine.provide({
      actors: {
        loadMember: fromPromise(async () => {
          const m = await api.call('user-data', { data: 'MEMBER' })
          return {
            memberId: m.memberId ?? '',
            email: m.email ?? '',
            memberLastname: m.memberLastname ?? '',
            memberFirstname: m.memberFirstname ?? '',
            phoneNumber: m.phoneNumber ?? '',
            useFreeInterviewTime: m.useFreeInterviewTime ?? null,
          }
        }),
        saveProfile: fromPromise(async ({ input }) => {
          const { member } = await api.call('user-update', input)
          auth.send({ type: 'member.updated', member })
          return member
        }),
      },
      actions: { goToError: (_, { code }) => void navigate({ to: '/error', search: errorSearch(code) }) },
    }),
    { inspect: flowInspect },
  )
}
