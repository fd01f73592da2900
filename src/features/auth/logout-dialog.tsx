import { Text } from '@chakra-ui/react'
import { useSelector } from '@xstate/react'
import type { AuthActorRef } from '../../../machines/auth/auth-machine'
import { authView } from '../../../machines/auth/auth-view'
import { logoutText } from '../../text/auth'
import { ConfirmDialog } from '../../ui/confirm-dialog'

/** Logout asks for confirmation (product.md §2): open while the chart says so (and while signing out). */
export function LogoutDialog({ auth }: { auth: AuthActorRef }) {
  const open = useSelector(auth, authView.isLogoutOpen)
  const signingOut = useSelector(auth, authView.isSigningOut)

  return (
    <ConfirmDialog
      open={open}
      title={logoutText.title}
      cancelLabel={logoutText.cancel}
      confirmLabel={logoutText.confirm}
      busy={signingOut}
      onConfirm={() => auth.send({ type: 'logout.confirm' })}
      onCancel={() => auth.send({ type: 'logout.cancel' })}
    >
      <Text>{logoutText.body}</Text>
    </ConfirmDialog>
  )
}
