import { ChakraProvider } from '@chakra-ui/react'
import { RouterProvider } from '@tanstack/react-router'
import { StrictMode } from 'react'
import { system } from '../theme'
import type { AppRouter } from './router'

export function App({ router }: { router: AppRouter }) {
  return (
    <StrictMode>
      <ChakraProvider value={system}>
        <RouterProvider router={router} />
      </ChakraProvider>
    </StrictMode>
  )
}
