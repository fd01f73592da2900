import { createToaster, Portal, Toast, Toaster } from '@chakra-ui/react'

/** The menu page's toasts (spec §2: 'please select a menu' from navigation state). */
export const menuToaster = createToaster({ placement: 'top', max: 2 })

export function MenuToaster() {
  return (
    <Portal>
      <Toaster toaster={menuToaster}>
        {(toast) => (
          <Toast.Root width={{ base: 'calc(100vw - 2rem)', md: 'sm' }}>
            <Toast.Indicator />
            <Toast.Title>{toast.title}</Toast.Title>
            <Toast.CloseTrigger />
          </Toast.Root>
        )}
      </Toaster>
    </Portal>
  )
}
