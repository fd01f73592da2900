import { Button, Portal, Text } from '@chakra-ui/react'
import { Dialog } from '../../ui/later-recipes/dialog'
import { signupThanksText } from '../../text/auth'

/**
 * The thank-you modal of `/login?signup=success` (product.md §2). Closing reloads /login: a full
 * reload, so the page starts again without the query and with a fresh identity state.
 */
export function SignupThanksDialog({ onClose }: { onClose: () => void }) {
  return (
    <Dialog.Root defaultOpen placement="center" onOpenChange={(e) => !e.open && onClose()}>
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>{signupThanksText.title}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Text>{signupThanksText.body}</Text>
            </Dialog.Body>
            <Dialog.Footer>
              <Button colorPalette="brand" onClick={onClose}>
                {signupThanksText.close}
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  )
}
