import { createToaster, Portal, Spinner, Stack, Toast, Toaster } from '@chakra-ui/react'

/**
 * The app's one toaster (Chakra v3). `<AppToaster />` is mounted once in the page frame; any
 * screen calls `toaster.create({ title, type })`. Give a toast an `id` to show it at most once
 * (a re-render or StrictMode's double effect then updates it instead of stacking a copy).
 */
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
