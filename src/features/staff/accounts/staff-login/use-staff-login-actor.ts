import { useActorRef } from '@xstate/react'
import { fromPromise } from 'xstate'
import { staffLoginMachine } from '../../../../../machines/staff-login/staff-login-machine'
import { flowInspect } from '../../../../adapters/flow-recorder'
import { staffRolesOf, type IdentityPort } from '../../../../adapters/identity'

/** The staff login chart with its effects: the same identity provider as members (src/adapters/identity.ts). */
export function useStaffLoginActor(identity: IdentityPort, goToStaffPage: () => void) {
  return useActorRef(
    staffLoginMachine.provide({
      actors: {
        signIn: fromPromise(async ({ input }) => {
          await identity.signIn(input.email, input.password)
        }),
        readRoles: fromPromise(async () => staffRolesOf(await identity.getClaims({ refresh: true })).length),
        signOut: fromPromise(() => identity.signOut()),
      },
      actions: { goToStaffPage },
    }),
    { inspect: flowInspect },
  )
}
