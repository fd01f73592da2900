import { Button, Dialog, Portal, Text } from '@chakra-ui/react'
import { useSelector } from '@xstate/react'
import type { AuthActorRef } from '../../../machines/auth-machine'
import { logoutText } from '../../text/auth'

/** Logout asks for confirmation (spec §2): open while the chart is in `confirmingLogout`. */
export function LogoutDialog({ auth }: { auth: AuthActorRef }) {
  const open = useSelector(auth, (s) => s.matches({ signedIn: 'confirmingLogout' }))
  const signingOut = useSelector(auth, (s) => s.matches('signingOut'))

  return (
    <Dialog.Root
      open={open || signingOut}
      role="alertdialog"
      placement="center"
      onOpenChange={(e) => !e.open && auth.send({ type: 'logout.cancel' })}
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>{logoutText.title}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Text>{logoutText.body}</Text>
            </Dialog.Body>
            <Dialog.Footer>
              <Button variant="outline" onClick={() => auth.send({ type: 'logout.cancel' })} disabled={signingOut}>
                {logoutText.cancel}
              </Button>
              <Button colorPalette="brand" onClick={() => auth.send({ type: 'logout.confirm' })} loading={signingOut}>
                {logoutText.confirm}
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  )
}
