import type { Plugin } from 'vite'

/**
 * Chakra's `createSystem` builds its global stylesheet (preflight, global CSS and every token as a
 * CSS variable) eagerly, though only `<ChakraProvider>` reads it (`system._global`): more than half
 * of `createSystem`'s time, one long task at the app's start (docs/performance.md "Loading in
 * stages", decision 52). This build-only transform makes that property a getter that builds it on
 * first read, and the app reads it only when the page did not come with it: a prerendered page
 * carries that stylesheet in its <head> and names it (`<meta name="chakra-global-styles">`,
 * src/app/app.tsx).
 *
 * The transform fails the build if Chakra's code no longer has the expected shape (an upgrade),
 * rather than silently leaving the cost in.
 */
const FILE = /\/@chakra-ui\/react\/dist\/esm\/styled-system\/system\.js$/
const EAGER = 'const _global = [getPreflightCss(), getGlobalCss(), getTokenCss()];'
const FIELD = /\n(\s*)_global,\n/

export function chakraLazyGlobal(): Plugin {
  return {
    name: 'mypage-chakra-lazy-global',
    apply: 'build',
    transform(code, id) {
      if (!FILE.test(id.split('?')[0])) return null
      if (!code.includes(EAGER) || !FIELD.test(code)) this.error(`${id}: Chakra's createSystem changed shape; update scripts/vite/chakra-lazy-global.ts`)
      return {
        code: code
          .replace(EAGER, 'let _global;')
          .replace(FIELD, (_m, indent: string) => `\n${indent}get _global() {\n${indent}  return _global ??= [getPreflightCss(), getGlobalCss(), getTokenCss()];\n${indent}},\n`),
        map: null,
      }
    },
  }
}
