import { Portal, Spinner, Stack } from '@chakra-ui/react'
import { createToaster, Toast, Toaster } from './later-recipes/toast'

/** Chakra v3's toaster and its region, loaded with the first toast (`./toaster`). */
export const toaster = createToaster({ placement: 'top', max: 3, pauseOnPageIdle: true })

export function AppToaster() {
  return (
    <Portal>
      <Toaster toaster={toaster} insetInline={{ mdDown: '4' }}>
        {(toast) => (
          <Toast.Root width={{ base: 'calc(100vw - 2rem)', md: 'sm' }}>
            {toast.type === 'loading' ? <Spinner size="sm" color="blue.solid" /> : <Toast.Indicator />}
            <Stack gap="1" flex="1" maxWidth="100%">
              {toast.title && <Toast.Title>{toast.title}</Toast.Title>}
              {toast.description && <Toast.Description>{toast.description}</Toast.Description>}
            </Stack>
            {toast.closable !== false && <Toast.CloseTrigger />}
          </Toast.Root>
        )}
      </Toaster>
    </Portal>
  )
}
