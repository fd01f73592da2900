import createCache from '@emotion/cache'
import { CacheProvider } from '@emotion/react'
import { ChakraProvider } from '@chakra-ui/react'
import { readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import type { ReactElement } from 'react'
import { renderToString } from 'react-dom/server'
import { headerAuthSpecimen } from '../src/app/layout/header-auth.specimen'
import { loginFormSpecimen } from '../src/features/auth/login-form.specimen'
import { homeSpecimen } from '../src/features/home/home.specimen'
import { noticeTextSpecimen } from '../src/ui/notice-text.specimen'
import { system } from '../src/theme'

// `npm run styles` writes the static styles of the parts drawn without Chakra's runtime
// (docs/performance.md "The login page's own start", decision 102) from their specimens: each
// specimen is rendered with Chakra and the app's theme as the build's prerender renders a page
// (Emotion's server render, one cache), and what it rendered is written down:
// - `<name>.styles.gen.ts`: the class of every `data-style="key"` element; `data-style-parts`
//   names the classes of its descendant elements in document order; `data-style-html` keeps an
//   element's content (an icon) as markup;
// - `<name>.styles.gen.css`: every rule those classes use, in Chakra's cascade layers, after the
//   layers' order (so the file may load before or after Chakra's own global stylesheet).
// `npm run styles -- --check` fails when a committed file differs from what would be written:
// the theme or a specimen changed and the static styles were not written again; `npm test` runs
// the same check as a unit test (tests/unit/static-styles.test.ts).

const ROOT = path.resolve(import.meta.dirname, '..')

const specimens: { file: string; name: string; element: ReactElement }[] = [
  { file: 'src/features/auth/login-form', name: 'loginForm', element: loginFormSpecimen },
  { file: 'src/features/home/home', name: 'home', element: homeSpecimen },
  { file: 'src/ui/notice-text', name: 'noticeText', element: noticeTextSpecimen },
  { file: 'src/app/layout/header-auth', name: 'headerAuth', element: headerAuthSpecimen },
]

const EMOTION_STYLE = /<style data-emotion="([^"]*)"[^>]*>([\s\S]*?)<\/style>/g

function generate(name: string, element: ReactElement, source: string): { ts: string; css: string } {
  const html = renderToString(
    <CacheProvider value={createCache({ key: 'css' })}>
      <ChakraProvider value={system}>{element}</ChakraProvider>
    </CacheProvider>,
  )
  let layerOrder = ''
  const rules: string[] = []
  for (const [, key, css] of html.matchAll(EMOTION_STYLE)) {
    if (!key.startsWith('css-global')) rules.push(css)
    else if (/^@layer [\w,\s]+;$/.test(css)) layerOrder = css
  }
  if (!layerOrder) throw new Error(`${name}: no cascade layer order in Chakra's global styles`)
  const markupOnly = html.replace(EMOTION_STYLE, '')
  const classes: Record<string, string> = {}
  const markup: Record<string, string> = {}
  const setClass = (key: string, value: string | undefined) => {
    if (!value) throw new Error(`${name}: "${key}" rendered without a class`)
    if (key in classes && classes[key] !== value) throw new Error(`${name}: "${key}" rendered with two classes (${classes[key]}, ${value})`)
    classes[key] = value
  }
  // React's server markup: every attribute double-quoted, no `>` inside one.
  const tags = [...markupOnly.matchAll(/<(\/?)([a-z][\w-]*)([^>]*)>/g)]
  const attr = (attrs: string, attrName: string) => new RegExp(`\\s${attrName}="([^"]*)"`).exec(attrs)?.[1]
  tags.forEach(([, closing, tag, attrs], i) => {
    const key = closing ? undefined : attr(attrs, 'data-style')
    if (!key) return
    setClass(key, attr(attrs, 'class'))
    // The element's end: the next closing tag of its name at its own depth.
    let depth = 0
    let end = i + 1
    for (; end < tags.length; end++) {
      if (tags[end][2] !== tag || tags[end][3].endsWith('/')) continue
      if (!tags[end][1]) depth++
      else if (depth-- === 0) break
    }
    const inside = tags.slice(i + 1, end).filter((t) => !t[1])
    const parts = attr(attrs, 'data-style-parts')?.split(/\s+/) ?? []
    if (parts.length > inside.length) throw new Error(`${name}: "${key}" has fewer elements inside than parts named`)
    parts.forEach((part, n) => setClass(part, attr(inside[n][3], 'class')))
    const htmlKey = attr(attrs, 'data-style-html')
    if (htmlKey) markup[htmlKey] = markupOnly.slice(tags[i].index + tags[i][0].length, tags[end].index)
  })
  const literal = (o: Record<string, string>) =>
    `{\n${Object.entries(o).sort(([a], [b]) => a.localeCompare(b)).map(([k, v]) => `  ${k}: '${v.replaceAll('\\', '\\\\').replaceAll("'", "\\'")}',`).join('\n')}\n}`
  const ts = [
    `// Written by \`npm run styles\` from ${source}: do not edit.`,
    `export const ${name}Classes = ${literal(classes)} as const`,
    '',
    // Only a specimen that keeps some markup (data-style-html) has a list of it.
    ...(Object.keys(markup).length ? [`export const ${name}Markup = ${literal(markup)} as const`, ''] : []),
  ].join('\n')
  const css = [`/* Written by \`npm run styles\` from ${source}: do not edit. */`, layerOrder, ...rules, ''].join('\n')
  return { ts, css }
}

/** The generated files that differ from what would be written now, after writing them unless `check`. */
export function staleStyles(check: boolean): string[] {
  const stale: string[] = []
  for (const { file, name, element } of specimens) {
    const { ts, css } = generate(name, element, `${path.basename(file)}.specimen.tsx`)
    for (const [out, text] of [[`${file}.styles.gen.ts`, ts], [`${file}.styles.gen.css`, css]] as const) {
      const full = path.join(ROOT, out)
      let current = ''
      try {
        current = readFileSync(full, 'utf8')
      } catch {
        // not written yet
      }
      if (current === text) continue
      stale.push(out)
      if (!check) writeFileSync(full, text)
    }
  }
  return check ? stale : []
}

// Run as a command (not when a test imports it: tests/unit/static-styles.test.ts).
if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const stale = staleStyles(process.argv.includes('--check'))
  if (stale.length) {
    console.error(`Static styles out of date (run npm run styles): ${stale.join(', ')}`)
    process.exit(1)
  }
}
