import { ChakraProvider } from '@chakra-ui/react'
import { RouterProvider } from '@tanstack/react-router'
import { StrictMode } from 'react'
import { system } from '../theme'
import type { AppRouter } from './router'

type ChakraSystem = typeof system

/**
 * The system with its global stylesheet taken from the page (docs/performance.md "Loading in
 * stages"): a prerendered page carries Chakra's global styles (tokens, preflight) in its <head>,
 * and `<ChakraProvider>`'s `<Global>` adopts the `<style>` of that name instead of building them
 * again; given as Emotion's serialized form, so nothing is computed for it. Without such a
 * `<style>` in the document (a page rendered in the browser, development), the system as it is.
 */
export function withGlobalStylesOf(sys: ChakraSystem, name: string | undefined): ChakraSystem {
  if (!name || !document.querySelector(`style[data-emotion="css-global ${CSS.escape(name)}"]`)) return sys
  return Object.create(sys, { _global: { value: { name, styles: '', map: undefined, next: undefined } } }) as ChakraSystem
}

export function App({ router, chakra = system }: { router: AppRouter; chakra?: ChakraSystem }) {
  return (
    <StrictMode>
      <ChakraProvider value={chakra}>
        <RouterProvider router={router} />
      </ChakraProvider>
    </StrictMode>
  )
}
