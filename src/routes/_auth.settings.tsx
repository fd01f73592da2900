import { Separator, Stack } from '@chakra-ui/react'
import { createFileRoute } from '@tanstack/react-router'
import { useSelector } from '@xstate/react'
import { accountSession } from '../features/auth/sign-out'
import { CancelAccountForm } from '../features/cancel-account/cancel-account-form'
import { useCancelAccountActor } from '../features/cancel-account/use-cancel-account-actor'
import { ProfileForm } from '../features/profile/profile-form'
import { useProfileActor } from '../features/profile/use-profile-actor'
import { settingsText } from '../text/account'
import { PageCard } from '../ui/page-card'
import { TallPage } from '../ui/tall-page'

// Account info (product.md §2 /settings): profile, e-mail and password links, cancel membership.
export const Route = createFileRoute('/_auth/settings')({
  // The page holds a viewport and so does its spinner (src/ui/tall-page.tsx): the footer is not
  // painted in view and then pushed out by the form.
  staticData: { tallPage: true },
  component: SettingsPage,
})

function SettingsPage() {
  const { services, auth } = Route.useRouteContext()
  // The member as the auth chart loaded it at sign-in: sizes the profile's skeleton (profile-form.tsx).
  const signedInMember = useSelector(auth, (s) => s.context.member)
  const profile = useProfileActor(services, auth)
  const cancel = useCancelAccountActor(services, accountSession(auth, services.identity))
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
