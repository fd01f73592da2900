import { afterEach } from 'vitest'
import { cleanup, configure } from '@testing-library/react'

afterEach(() => cleanup())

// Routes load lazily; on two busy cores the first render can take longer than the 1 s default.
configure({ asyncUtilTimeout: 10_000 })

// jsdom lacks these; Chakra's components (via Ark/zag) ask for them.
if (!window.matchMedia) {
  window.matchMedia = (query: string) => ({
    matches: false, media: query, onchange: null,
    addListener: () => {}, removeListener: () => {}, addEventListener: () => {}, removeEventListener: () => {}, dispatchEvent: () => false,
  }) as MediaQueryList
}
if (!('ResizeObserver' in window)) {
  ;(window as unknown as { ResizeObserver: unknown }).ResizeObserver = class { observe() {} unobserve() {} disconnect() {} }
}
// jsdom's scrollTo exists but only reports "Not implemented"; the app scrolls to top on navigation.
window.scrollTo = (() => {}) as typeof window.scrollTo
Element.prototype.scrollIntoView ??= () => {}
