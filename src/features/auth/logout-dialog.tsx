import { Text } from '@chakra-ui/react'
import { useSelector } from '@xstate/react'
import type { AuthActorRef } from '../../../machines/auth/auth-machine'
import { logoutText } from '../../text/auth'
import { ConfirmDialog } from '../../ui/confirm-dialog'

/** Logout asks for confirmation (product.md §2): open while the chart is in `confirmingLogout`. */
export function LogoutDialog({ auth }: { auth: AuthActorRef }) {
  const open = useSelector(auth, (s) => s.matches({ signedIn: 'confirmingLogout' }))
  const signingOut = useSelector(auth, (s) => s.matches('signingOut'))

  return (
    <ConfirmDialog
      open={open || signingOut}
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
