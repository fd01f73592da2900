import { Separator, Stack } from '@chakra-ui/react'
import { createFileRoute, useNavigate } from '@tanstack/react-router'
import { useActorRef, useSelector } from '@xstate/react'
import { fromPromise } from 'xstate'
import { cancelAccountMachine } from '../../machines/cancel-account/cancel-account-machine'
import { profileMachine } from '../../machines/profile/profile-machine'
import { flowInspect } from '../adapters/flow-recorder'
import { CancelAccountForm } from '../features/cancel-account/cancel-account-form'
import { ProfileForm } from '../features/profile/profile-form'
import { endSession } from '../features/auth/sign-out'
import { settingsText } from '../text/account'
import { PageCard } from '../ui/page-card'
import { TallPage } from '../ui/tall-page'

// Account info (spec §2 /settings): profile, e-mail and password links, cancel membership.
export const Route = createFileRoute('/_auth/settings')({
  // The page holds a viewport and so does its spinner (src/ui/tall-page.tsx): the footer is not
  // painted in view and then pushed out by the form (issue 8).
  staticData: { tallPage: true },
  component: SettingsPage,
})

function SettingsPage() {
  const { services, auth } = Route.useRouteContext()
  // The member as the auth chart loaded it at sign-in: sizes the profile's skeleton (profile-form.tsx).
  const signedInMember = useSelector(auth, (s) => s.context.member)
  const navigate = useNavigate()
  const goToError = (_: unknown, { code }: { code: string }) => void navigate({ to: '/error', search: { code } })
  const profile = useActorRef(
    profileMachine.provide({
      actors: {
        loadMember: fromPromise(async () => {
          const m = await services.api.call('user-data', { data: 'MEMBER' })
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
          const { member } = await services.api.call('user-update', input)
          auth.send({ type: 'member.updated', member })
          return member
        }),
      },
      actions: { goToError },
    }),
    { inspect: flowInspect },
  )
  const cancel = useActorRef(
    cancelAccountMachine.provide({
      actors: {
        cancelAccount: fromPromise<void>(async () => {
          await services.api.call('cancel-account', {})
        }),
        signOut: fromPromise(() => endSession(auth, services.identity)),
      },
      actions: {
        trackCancellation: () => services.analytics.event('cancel_account'),
        goToLogin: () => void navigate({ to: '/login', replace: true }),
        goToError,
      },
    }),
    { inspect: flowInspect },
  )
  return (
    <TallPage>
      <PageCard title={settingsText.title} maxW="3xl" mx="auto">
        <Stack gap="8">
          <ProfileForm actor={profile} sizedLike={signedInMember} />
          <Separator />
          <CancelAccountForm actor={cancel} />
        </Stack>
      </PageCard>
    </TallPage>
  )
}
