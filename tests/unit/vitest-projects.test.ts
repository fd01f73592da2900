import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { expect, it } from 'vitest'
import config from '../../vitest.config'

// The component tests share one module graph per worker (vitest.config.ts, project `dom`), where a
// vi.mock of one file would be ignored once another file imported the real module, or would leak
// into the files after it. Every component test that mocks a module must run in `dom-mocking`.

const ROOT = path.resolve(import.meta.dirname, '../..')

it('every component test that mocks a module runs in a module graph of its own', () => {
  const projects = (config.test?.projects ?? []) as Array<{ test: { name: string; include?: string[]; exclude?: string[]; isolate?: boolean } }>
  const dom = projects.find((p) => p.test.name === 'dom')!.test
  const mocking = projects.find((p) => p.test.name === 'dom-mocking')!.test
  expect(dom.isolate).toBe(false)
  expect(mocking.isolate).not.toBe(false)
  const mocks = readdirSync(path.join(ROOT, 'tests/unit'))
    .filter((f) => f.endsWith('.test.tsx'))
    .filter((f) => /\bvi\.(mock|doMock)\(/.test(readFileSync(path.join(ROOT, 'tests/unit', f), 'utf8')))
    .map((f) => `tests/unit/${f}`)
  expect(mocks.length).toBeGreaterThan(0)
  expect([...(mocking.include ?? [])].sort()).toEqual(mocks.sort())
  expect([...(dom.exclude ?? [])].sort()).toEqual(mocks.sort())
})

it('no test of the shared-graph unit project replaces a module', () => {
  const projects = (config.test?.projects ?? []) as Array<{ test: { name: string; isolate?: boolean; exclude?: string[]; include?: string[] } }>
  const unit = projects.find((p) => p.test.name === 'unit')!.test
  const builds = projects.find((p) => p.test.name === 'unit-builds')!.test
  expect(unit.isolate).toBe(false)
  expect(builds.isolate).not.toBe(false)
  // Whatever runs Vite or sets NODE_ENV runs in unit-builds, nowhere else.
  const building = readdirSync(path.join(ROOT, 'tests/unit'))
    .filter((f) => f.endsWith('.test.ts') && f !== 'vitest-projects.test.ts')
    .filter((f) => /NODE_ENV|from 'vite'|import\('vite'\)/.test(readFileSync(path.join(ROOT, 'tests/unit', f), 'utf8')))
    .map((f) => `tests/unit/${f}`)
  expect([...(builds.include ?? [])].sort()).toEqual(building.sort())
  expect([...(unit.exclude ?? [])].sort()).toEqual(building.sort())
  const mocking = ['tests/unit', 'tests/machines']
    .flatMap((dir) => readdirSync(path.join(ROOT, dir)).filter((f) => f.endsWith('.test.ts')).map((f) => `${dir}/${f}`))
    .filter((f) => f !== 'tests/unit/vitest-projects.test.ts')
    .filter((f) => /\bvi\.(mock|doMock)\(/.test(readFileSync(path.join(ROOT, f), 'utf8')))
  expect(mocking).toEqual([])
})
