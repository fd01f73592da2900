// The shared confirm modal (src/ui/confirm-dialog.tsx) of the rating, reservation-change and
// logout flows, rendered with the app's own Chakra system: its role, its two buttons, and that a
// busy dialog cannot be cancelled or confirmed twice.
import { ChakraProvider, Text } from '@chakra-ui/react'
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { system } from '../../src/theme'
import { ConfirmDialog } from '../../src/ui/confirm-dialog'

function renderDialog(props: { open?: boolean; busy?: boolean } = {}) {
  const onConfirm = vi.fn()
  const onCancel = vi.fn()
  render(
    <ChakraProvider value={system}>
      <ConfirmDialog
        open={props.open ?? true}
        title="ログアウトしますか？"
        cancelLabel="キャンセル"
        confirmLabel="ログアウト"
        busy={props.busy}
        loadingText="処理中"
        onConfirm={onConfirm}
        onCancel={onCancel}
      >
        <Text>本当によろしいですか？</Text>
      </ConfirmDialog>
    </ChakraProvider>,
  )
  return { onConfirm, onCancel }
}

describe('ConfirmDialog', () => {
  it('is an alertdialog named by its title, with the body and the two buttons', async () => {
    const { onConfirm, onCancel } = renderDialog()
    const dialog = await screen.findByRole('alertdialog', { name: 'ログアウトしますか？' })
    expect(within(dialog).getByText('本当によろしいですか？')).toBeTruthy()
    fireEvent.click(within(dialog).getByRole('button', { name: 'ログアウト' }))
    expect(onConfirm).toHaveBeenCalledTimes(1)
    fireEvent.click(within(dialog).getByRole('button', { name: 'キャンセル' }))
    expect(onCancel).toHaveBeenCalledTimes(1)
  })

  it('closing it with Escape is a cancel', async () => {
    const { onCancel, onConfirm } = renderDialog()
    await screen.findByRole('alertdialog')
    // The dialog listens for Escape once it has mounted its layer (a frame later).
    await waitFor(() => {
      fireEvent.keyDown(document.activeElement ?? document.body, { key: 'Escape' })
      expect(onCancel).toHaveBeenCalled()
    })
    expect(onConfirm).not.toHaveBeenCalled()
  })

  it('while busy: cancel is disabled and confirm shows the loading text instead of acting', async () => {
    const { onConfirm, onCancel } = renderDialog({ busy: true })
    const dialog = await screen.findByRole('alertdialog')
    const cancel = within(dialog).getByRole('button', { name: 'キャンセル' })
    expect((cancel as HTMLButtonElement).disabled).toBe(true)
    const confirm = within(dialog).getByRole('button', { name: /処理中/ })
    expect((confirm as HTMLButtonElement).disabled).toBe(true)
    fireEvent.click(cancel)
    fireEvent.click(confirm)
    expect(onCancel).not.toHaveBeenCalled()
    expect(onConfirm).not.toHaveBeenCalled()
  })

  it('renders nothing while closed', () => {
    renderDialog({ open: false })
    expect(screen.queryByRole('alertdialog')).toBeNull()
  })
})
