import { readdirSync, readFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { describe, expect, it } from 'vitest'

// The docs name only files that exist (docs/conventions.md "Comments"): a newcomer follows
// README.md and docs/*.md to the code, and a path left behind by a move sends them nowhere. Every
// path in backticks under one of the repository's folders below (or under server/'s own folders,
// `services/desk/csv.ts`) is checked; a placeholder
// (`server/jobs/<name>.ts`, `tests/e2e/*.spec.ts`, `contract/desk/{a,b}.ts`, `…`) must match at
// least one path that exists.

const ROOT = join(import.meta.dirname, '../..')
const FOLDERS = ['src', 'server', 'contract', 'machines', 'tests', 'scripts', 'bench', 'docs', 'public']
/** The server's folders, which the docs often name from server/ (`services/desk/csv.ts`). */
const SERVER_FOLDERS = ['routes', 'services', 'jobs', 'infra', 'domain', 'db', 'http', 'adapters', 'observability']
const SKIP = new Set(['node_modules', '.data', '.tmp', 'dist', 'test-results', 'playwright-report'])

/** Every file and folder under the checked folders, relative to the root; folders end with `/`. */
function walk(dir: string, out: string[] = []): string[] {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (SKIP.has(entry.name) || entry.name.startsWith('dist')) continue
    const path = join(dir, entry.name)
    if (entry.isDirectory()) {
      out.push(`${relative(ROOT, path)}/`)
      walk(path, out)
    } else out.push(relative(ROOT, path))
  }
  return out
}

// A character no doc holds and \s does not match.
const HELD_SPACE = '\u0001'
const HELD_COMMA = '\u0002'
const escape = (s: string) => s.replace(/[.+?^$()|[\]\\]/g, '\\$&')

/**
 * A named path as a pattern over the existing paths: `<anything>` and `*` one segment's part,
 * `**` and `…` any depth, `{a,b}` either; a name without a trailing slash matches the folder too.
 */
function pathPattern(named: string): RegExp {
  let re = ''
  for (let i = 0; i < named.length; ) {
    const rest = named.slice(i)
    const angle = /^<[^>]*>/.exec(rest)
    const brace = /^\{([^}]*)\}/.exec(rest)
    if (angle) {
      re += '[^/]+'
      i += angle[0].length
    } else if (brace) {
      re += `(?:${brace[1].split(',').map((s) => escape(s.trim())).join('|')})`
      i += brace[0].length
    } else if (rest.startsWith('**')) {
      re += '.*'
      i += 2
    } else if (rest.startsWith('…') || rest.startsWith('...')) {
      re += '.*'
      i += rest.startsWith('…') ? 1 : 3
    } else if (rest[0] === '*') {
      re += '[^/]*'
      i += 1
    } else {
      re += escape(rest[0])
      i += 1
    }
  }
  return new RegExp(`^${re}${named.endsWith('/') ? '' : '/?'}$`)
}

/** Paths in backticks of one doc: each with its line (1-based). */
function namedPaths(text: string): { line: number; path: string }[] {
  const out: { line: number; path: string }[] = []
  const root = new RegExp(`^(?:${[...FOLDERS, ...SERVER_FOLDERS].join('|')})/`)
  text.split('\n').forEach((line, i) => {
    for (const span of line.matchAll(/`([^`]+)`/g)) {
      // A placeholder may hold a space (`<chart id>`) or a comma (`{a,b}`): one word all the same.
      const held = span[1].replace(/<[^>]*>|\{[^}]*\}/g, (m) => m.replaceAll(' ', HELD_SPACE).replaceAll(',', HELD_COMMA))
      for (const word of held.split(/[\s"'()=,;]+/)) {
        // A path ends before a line (`:12`), an anchor, a query or closing punctuation.
        const path = word.replace(/^\.\//, '').replace(/(?::\d+)?[#?].*$/, '').replace(/(?::\d+)+$/, '').replace(/[.:,)]+$/, '').replaceAll(HELD_SPACE, ' ').replaceAll(HELD_COMMA, ',')
        if (root.test(path)) out.push({ line: i + 1, path })
      }
    }
  })
  return out
}

const docs = ['README.md', ...readdirSync(join(ROOT, 'docs')).filter((f) => f.endsWith('.md')).map((f) => `docs/${f}`)]

describe('paths named in the docs', () => {
  it('reads placeholders and punctuation as patterns', () => {
    expect(namedPaths('see `server/jobs/<name>.ts`, `tests/api/x.test.ts:12` and `npx vitest run tests/unit/`')).toEqual([
      { line: 1, path: 'server/jobs/<name>.ts' },
      { line: 1, path: 'tests/api/x.test.ts' },
      { line: 1, path: 'tests/unit/' },
    ])
    expect(pathPattern('server/jobs/<name>.ts').test('server/jobs/failed.ts')).toBe(true)
    expect(pathPattern('server/services/<flow>.ts').test('server/services/desk/exports.ts')).toBe(false)
    expect(namedPaths('`contract/desk/{notices,coupons}.ts`')).toEqual([{ line: 1, path: 'contract/desk/{notices,coupons}.ts' }])
    expect(pathPattern('contract/desk/{notices,coupons}.ts').test('contract/desk/coupons.ts')).toBe(true)
    expect(pathPattern('server/services/desk').test('server/services/desk/')).toBe(true)
  })

  it('every path in backticks of README.md and docs/*.md exists (a placeholder matches at least one)', () => {
    const existing = FOLDERS.flatMap((f) => [`${f}/`, ...walk(join(ROOT, f))])
    const missing: string[] = []
    for (const doc of docs) {
      for (const { line, path } of namedPaths(readFileSync(join(ROOT, doc), 'utf8'))) {
        // A path from server/'s folders is read from server/ (or src/: `routes/` is both).
        const bare = !FOLDERS.some((f) => path.startsWith(`${f}/`))
        const patterns = bare ? [pathPattern(`server/${path}`), pathPattern(`src/${path}`)] : [pathPattern(path)]
        if (!existing.some((p) => patterns.some((pattern) => pattern.test(p)))) missing.push(`${doc}:${line} ${path}`)
      }
    }
    expect(missing, `paths the docs name that do not exist:\n${missing.join('\n')}`).toEqual([])
  })
})
