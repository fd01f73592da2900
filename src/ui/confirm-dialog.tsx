import { Button, Portal } from '@chakra-ui/react'
import { Dialog } from './later-recipes/dialog'
import type { ComponentProps, ReactNode } from 'react'

/**
 * The "are you sure?" modal of a flow (rating, reservation change, logout): an alertdialog with a
 * cancel and a confirm button. Open/closed and busy come from the flow's chart; closing it any
 * way (cancel, Escape, backdrop) is `onCancel`. While `busy` the cancel button is disabled and
 * the confirm button shows its spinner (and `loadingText`), so the request cannot be sent twice.
 * `children` is the body: a `<Text>` for a plain question, or the details to confirm.
 */
export function ConfirmDialog({
  open,
  title,
  children,
  cancelLabel,
  confirmLabel,
  busy = false,
  loadingText,
  confirmColorPalette = 'brand',
  onConfirm,
  onCancel,
}: {
  open: boolean
  title: ReactNode
  children: ReactNode
  cancelLabel: string
  confirmLabel: string
  busy?: boolean
  loadingText?: string
  confirmColorPalette?: ComponentProps<typeof Button>['colorPalette']
  onConfirm: () => void
  onCancel: () => void
}) {
  return (
    <Dialog.Root open={open} role="alertdialog" placement="center" onOpenChange={(e) => !e.open && onCancel()}>
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>{title}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>{children}</Dialog.Body>
            <Dialog.Footer>
              <Button variant="outline" disabled={busy} onClick={onCancel}>
                {cancelLabel}
              </Button>
              <Button colorPalette={confirmColorPalette} loading={busy} loadingText={loadingText} onClick={onConfirm}>
                {confirmLabel}
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  )
}
