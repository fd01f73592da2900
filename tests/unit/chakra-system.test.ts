import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { afterAll, describe, expect, it } from 'vitest'
import { chakraSystemTransform } from '../../scripts/vite/chakra-system'
import { droppedPalettes } from '../../src/theme-palettes'

// The build makes Chakra's global stylesheet a
// getter instead of part of createSystem's start-up work, cuts the rest into steps the app runs
// one task each, and fails on a Chakra that changed shape.
const esm = path.join(path.dirname(createRequire(import.meta.url).resolve('@chakra-ui/react')), '../esm')
const file = path.join(esm, 'styled-system/system.js')
type Transform = (this: { error(message: string): never }, code: string, id: string) => { code: string } | null
const transform = chakraSystemTransform().transform as unknown as Transform
const context = { error: (message: string): never => { throw new Error(message) } }
const transformed = (path = file) => transform.call(context, readFileSync(path, 'utf8'), path)!.code

const copies: string[] = []
afterAll(() => {
  for (const dir of copies) rmSync(dir, { recursive: true, force: true })
})

/** The installed Chakra's ESM build with system.js transformed, loaded from a copy. */
async function transformedChakra() {
  // Inside node_modules, so the copy resolves Chakra's own dependencies as the original does.
  const cache = path.join(esm, '../../../../.cache')
  mkdirSync(cache, { recursive: true })
  const dir = mkdtempSync(path.join(cache, 'chakra-system-'))
  copies.push(dir)
  cpSync(esm, dir, { recursive: true })
  for (const name of ['system.js', 'token-dictionary.js', 'merge-config.js']) {
    writeFileSync(path.join(dir, 'styled-system', name), transformed(path.join(esm, 'styled-system', name)))
  }
  writeFileSync(path.join(dir, 'package.json'), JSON.stringify({ type: 'module' }))
  return import(pathToFileURL(path.join(dir, 'index.js')).href) as Promise<typeof import('@chakra-ui/react')>
}

describe('chakraSystemTransform', () => {
  it("marks the default theme's config pure, so the recipes the app does not register can be dropped", () => {
    const out = transformed(path.join(esm, 'theme/index.js'))
    expect(out).toContain('const defaultThemeConfig = /* @__PURE__ */ defineConfig({')
  })

  it("turns the installed Chakra's eager _global into a getter that builds it once", () => {
    const out = transformed()
    expect(out).not.toContain('const _global = [')
    expect(out).toContain('get _global() {')
    expect(out).toContain('return _global ??= [getPreflightCss(), getGlobalCss(), getTokenCss()];')
  })

  it('cuts createSystem into steps that build the same system as the published one', async () => {
    const chakra = await transformedChakra()
    const published = await import('@chakra-ui/react')
    const steps = (chakra.createSystem as unknown as { steps: (...c: unknown[]) => Generator<undefined, ReturnType<typeof chakra.createSystem>> }).steps
    expect(typeof steps).toBe('function')
    const run = steps(chakra.defaultConfig)
    let count = 0
    let step = run.next()
    for (; !step.done; step = run.next()) count++
    // After cloning the one config, the merge, the merged config; registering tokens, their first
    // transforms, expanding references, their last transforms; the dictionary; the utilities.
    expect(count).toBe(9)
    const viaSteps = step.value
    const inOneGo = chakra.createSystem(chakra.defaultConfig)
    const reference = published.createSystem(published.defaultConfig)
    for (const system of [viaSteps, inOneGo]) {
      expect(system.tokens.allTokens.length).toBe(reference.tokens.allTokens.length)
      expect(system.token('colors.teal.700')).toBe(reference.token('colors.teal.700'))
      expect(system.css({ color: 'fg.error', p: 4, _hover: { bg: 'bg.subtle' } })).toEqual(reference.css({ color: 'fg.error', p: 4, _hover: { bg: 'bg.subtle' } }))
      expect(system._global).toEqual(reference._global)
    }
  })

  it('leaves other files alone and fails on a changed createSystem', () => {
    expect(transform.call(context, 'const x = 1', '/x/node_modules/@chakra-ui/react/dist/esm/index.js')).toBeNull()
    expect(() => transform.call(context, 'function createSystem() {}', file)).toThrow(/changed shape/)
    const source = readFileSync(file, 'utf8')
    // An anchor gone (or twice) is a changed shape too: no step is silently left out.
    expect(() => transform.call(context, source.replace('  assignComposition();\n', ''), file)).toThrow(/changed shape/)
    expect(() => transform.call(context, `${source}\nfunction getTokenMap(tokens) {}`, file)).toThrow(/changed shape/)
  })
  it("leaves the dropped palettes out of Chakra's colour token files, and keeps the others whole", async () => {
    for (const name of ['tokens/colors.js', 'semantic-tokens/colors.js']) {
      const source = path.join(esm, 'theme', name)
      const out = transformed(source)
      const scales = (code: string) => [...code.matchAll(/^ {2}(\w+): \{$/gm)].map((m) => m[1])
      expect(scales(out)).toEqual(scales(readFileSync(source, 'utf8')).filter((scale) => !droppedPalettes.includes(scale)))
      for (const palette of droppedPalettes) expect(out).not.toContain(`colors.${palette}.`)
      // Still a module that evaluates to the same tokens for the kept scales.
      const dir = mkdtempSync(path.join(esm, '../../../../.cache/chakra-colors-'))
      copies.push(dir)
      const config = path.join(dir, 'config.mjs')
      writeFileSync(config, 'export const defineTokens = { colors: (x) => x }; export const defineSemanticTokens = { colors: (x) => x };')
      writeFileSync(path.join(dir, 'colors.mjs'), out.replace(/from '[./]*styled-system\/config\.js'/, `from ${JSON.stringify(pathToFileURL(config).href)}`))
      const published = readFileSync(source, 'utf8')
      writeFileSync(path.join(dir, 'published.mjs'), published.replace(/from '[./]*styled-system\/config\.js'/, `from ${JSON.stringify(pathToFileURL(config).href)}`))
      const [trimmed, whole] = await Promise.all([import(pathToFileURL(path.join(dir, 'colors.mjs')).href), import(pathToFileURL(path.join(dir, 'published.mjs')).href)]) as Record<string, Record<string, unknown>>[]
      const tokens = (m: Record<string, Record<string, unknown>>) => Object.values(m)[0]
      const kept = Object.fromEntries(Object.entries(tokens(whole)).filter(([scale]) => !droppedPalettes.includes(scale)))
      expect(tokens(trimmed)).toEqual(kept)
    }
    // A palette no longer where the transform expects it is a changed shape.
    const source = path.join(esm, 'theme/tokens/colors.js')
    expect(() => transform.call(context, readFileSync(source, 'utf8').replace('  pink: {', '  pinkish: {'), source)).toThrow(/changed shape/)
  })
})
