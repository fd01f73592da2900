import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { chakraLazyGlobal } from '../../scripts/vite/chakra-lazy-global'

// Issue 16 (docs/performance.md "Loading in stages"): the build makes Chakra's global stylesheet a
// getter instead of part of createSystem's start-up work, and fails on a Chakra that changed shape.
const file = path.join(path.dirname(createRequire(import.meta.url).resolve('@chakra-ui/react')), '../esm/styled-system/system.js')
type Transform = (this: { error(message: string): never }, code: string, id: string) => { code: string } | null
const transform = chakraLazyGlobal().transform as unknown as Transform
const context = { error: (message: string): never => { throw new Error(message) } }

describe('chakraLazyGlobal', () => {
  it("turns the installed Chakra's eager _global into a getter that builds it once", () => {
    const out = transform.call(context, readFileSync(file, 'utf8'), file)!.code
    expect(out).not.toContain('const _global = [')
    expect(out).toContain('get _global() {')
    expect(out).toContain('return _global ??= [getPreflightCss(), getGlobalCss(), getTokenCss()];')
  })

  it('leaves other files alone and fails on a changed createSystem', () => {
    expect(transform.call(context, 'const x = 1', '/x/node_modules/@chakra-ui/react/dist/esm/index.js')).toBeNull()
    expect(() => transform.call(context, 'function createSystem() {}', file)).toThrow(/changed shape/)
  })
})
