import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { build, type Plugin, type ResolvedConfig, type Rollup } from 'vite'
import { OWN_ENTRIES, prerenderedFile, type PrerenderedPage } from '../../src/prerender/pages.ts'

// Paint from HTML (docs/performance.md "First paint"): after the browser build, the same
// app is built for Node (src/prerender/render.tsx) and each public page is rendered into
// `prerendered/<page>.html` with its CSS; each member page gets its frame and spinner. The server
// answers a page's path with its HTML (server/http/spa.ts, `prerendered.json`); the client
// hydrates a public page and renders over a member page's shell (src/main.tsx).

type Renderer = {
  globalStylesName(): string
  pages(): PrerenderedPage[]
  render(page: PrerenderedPage): Promise<{ html: string; routeIds: string[] }>
}

export type PrerenderManifestEntry = PrerenderedPage & { file: string }

const ROOT_MARK = /<div id="root">\s*<!--app-html-->[\s\S]*?<!--\/app-html-->\s*<\/div>/
const EMOTION_STYLE = /<style data-emotion="([^"]*)"[^>]*>([\s\S]*?)<\/style>/g

/**
 * The page's HTML in the built index.html: Emotion's `<style>` elements leave the app's markup for
 * <head> (the browser's Emotion adopts them there, src/prerender/render.tsx), the markup goes into
 * #root, marked with how the client takes it over.
 */
export function pageHtml(template: string, rendered: string, kind: PrerenderedPage['kind'], globalStyles?: string): string {
  if (!ROOT_MARK.test(template)) throw new Error('index.html: no <div id="root"><!--app-html-->…<!--/app-html--></div> to fill')
  const styles: string[] = []
  const seen = new Set<string>()
  const markup = rendered.replace(EMOTION_STYLE, (tag, key: string) => {
    if (!seen.has(key)) styles.push(tag)
    seen.add(key)
    return ''
  })
  // A public page's text fields are read-only until React has taken them over (src/prerender/early-input.ts
  // makes them editable again): typed before, the text would be on screen but not in the form's state.
  const held = kind === 'page' ? markup.replace(/<(input|textarea)\b(?![^>]*\sreadonly=)/gi, '<$1 readOnly="" data-hydrating=""') : markup
  // Names Chakra's global stylesheet for the client, which adopts it instead of building it (src/app/app.tsx).
  const named = globalStyles && styles.some((s) => s.includes(`"css-global ${globalStyles}"`)) ? `<meta name="chakra-global-styles" content="${globalStyles}">` : ''
  return template
    .replace('</head>', `${styles.join('')}${named}</head>`)
    .replace(ROOT_MARK, () => `<div id="root" data-prerendered="${kind}">${held}</div>`)
}

/** A route's file (TanStack's flat file names): `/login` → login.tsx, `/_auth/` → _auth.index.tsx. */
export const routeFile = (routeId: string) => `${routeId.replace(/^\//, '').replaceAll('/', '.').replace(/\.$/, '.index')}.tsx`

/** The given chunks and every chunk they import statically, as /assets paths. */
function withStaticImports(bundle: Rollup.OutputBundle, files: string[]): string[] {
  const byFile = new Map(Object.values(bundle).flatMap((c) => (c.type === 'chunk' ? [[c.fileName, c] as const] : [])))
  const out = new Set<string>()
  const add = (file: string) => {
    if (out.has(file)) return
    out.add(file)
    for (const dep of byFile.get(file)?.imports ?? []) add(dep)
  }
  files.forEach(add)
  return [...out].map((f) => `/${f}`)
}

/** The chunks of the modules matching `wanted` and every chunk they import statically, as /assets paths. */
function chunksOf(bundle: Rollup.OutputBundle, wanted: (moduleId: string) => boolean): string[] {
  // Every module of a chunk, not its facade only: a module imported from more than one place (the
  // member call registry) is in a shared chunk with no facade.
  const files = Object.values(bundle).flatMap((c) => (c.type === 'chunk' && c.moduleIds.some(wanted) ? [c.fileName] : []))
  return withStaticImports(bundle, files)
}

/**
 * The app's chunks to fetch, as `<link rel="modulepreload">` elements inside
 * `<template id="app-preloads">` (each chunk the HTML does not list yet): inert until src/main.tsx
 * moves them into <head> after the first paint, so the first paint never waits for, nor shares the
 * network with, the JavaScript (decision 52).
 */
export function withPreloads(html: string, files: string[]): string {
  const links = files.filter((f) => !html.includes(`"${f}"`)).map((f) => `<link rel="modulepreload" crossorigin href="${f}">`)
  if (html.includes(PRELOADS_END)) return html.replace(PRELOADS_END, `${links.join('')}${PRELOADS_END}`)
  return html.replace('</head>', `<template id="app-preloads">${links.join('')}${PRELOADS_END}</head>`)
}
const PRELOADS_END = '</template><!--/app-preloads-->'

/**
 * A member page's preloads, live in <head> from the start instead of after the first paint: what
 * it paints first is its frame and spinner, and what the member waits for is the page, which
 * needs all of the start, the identity SDK, the session and the page's calls. Fetched while the
 * HTML is parsed, the chunks no longer wait for the paint (Lighthouse: the home's largest paint
 * came that much later). A public page paints its content from the HTML: its preloads still wait.
 */
export function eagerPreloads(html: string): string {
  const start = '<template id="app-preloads">'
  if (!html.includes(start) || !html.includes(PRELOADS_END)) throw new Error('index.html: no start preloads')
  return html.replace(start, '').replace(PRELOADS_END, '')
}

/**
 * The chunks the entry imports in stages after the first paint (src/main.tsx) and theirs, as
 * /assets paths: fetched with the page instead of one round trip after another. The development
 * aids' chunks (src/features/qa, not in a production build) are left to load when asked for.
 */
function stageChunks(bundle: Rollup.OutputBundle, entry: Rollup.OutputChunk): string[] {
  const qa = (file: string) => {
    const chunk = bundle[file]
    return chunk?.type === 'chunk' && !!chunk.facadeModuleId?.includes('/src/features/qa/')
  }
  return withStaticImports(bundle, entry.dynamicImports.filter((f) => !qa(f)))
}

const ENTRY_SCRIPT = /<script type="module" crossorigin src="([^"]+)"><\/script>/
const PRELOADS = /<template id="app-preloads">[\s\S]*?<\/template><!--\/app-preloads-->/

/**
 * A page with a start of its own (decision 102): the template's script and start chunks are the
 * app's; the page gets its own entry and its stages' chunks instead, its CSS in <head> (its parts are
 * drawn with static classes, not by Emotion: the prerender's styles do not hold their rules), and
 * the app's entry and start chunks as `<template id="app-prefetch">`, which the page fetches into
 * the cache once it is live, for the app's page it leads to.
 */
export function withOwnEntry(html: string, own: { entry: string; preloads: string[]; css: string[] }, app: { entry: string; chunks: string[]; rel?: 'prefetch' | 'modulepreload' }): string {
  if (!ENTRY_SCRIPT.test(html) || !PRELOADS.test(html)) throw new Error('index.html: no entry script or start preloads to replace')
  const preloads = own.preloads.map((f) => `<link rel="modulepreload" crossorigin href="${f}">`).join('')
  const prefetch = [...(app.rel === 'modulepreload' ? [] : [app.entry]), ...app.chunks].map((f) => `<link rel="${app.rel ?? 'prefetch'}" crossorigin href="${f}">`).join('')
  return html
    .replace(ENTRY_SCRIPT, () => `<script type="module" crossorigin src="${own.entry}"></script>`)
    .replace(PRELOADS, () => `<template id="app-preloads">${preloads}${PRELOADS_END}<template id="app-prefetch">${prefetch}</template>`)
    .replace('</head>', () => `${own.css.map((css) => `<style>${css}</style>`).join('')}</head>`)
}

/**
 * An entry's CSS and the CSS of the chunks its stages import (its own dynamic imports, and what
 * those import statically), as text: not what a stage imports later (the home's hand-over imports
 * the app, whose pages' CSS the app loads itself).
 */
function cssOf(bundle: Rollup.OutputBundle, file: string): string[] {
  const seen = new Set<string>()
  const css = new Set<string>()
  const visit = (f: string, entry: boolean) => {
    const chunk = bundle[f]
    if (seen.has(f) || chunk?.type !== 'chunk') return
    seen.add(f)
    for (const asset of chunk.viteMetadata?.importedCss ?? []) css.add(asset)
    chunk.imports.forEach((i) => visit(i, false))
    if (entry) chunk.dynamicImports.forEach((i) => visit(i, false))
  }
  visit(file, true)
  return [...css].map((f) => {
    const asset = bundle[f]
    if (asset?.type !== 'asset') throw new Error(`prerender: no CSS asset ${f}`)
    return String(asset.source)
  })
}

const MEMBER_REGISTRY = '/contract/calls.ts'
const IDENTITY_SDK = '/src/adapters/firebase-sdk.ts'

const entryChunk = (bundle: Rollup.OutputBundle, module: string): Rollup.OutputChunk => {
  const chunk = Object.values(bundle).find((c): c is Rollup.OutputChunk => c.type === 'chunk' && c.isEntry && !!c.facadeModuleId?.endsWith(`/${module}`))
  if (!chunk) throw new Error(`prerender: no entry chunk for ${module}`)
  return chunk
}

/**
 * A page's own start in the app's template. A member page's (the home's) also fetches, with its
 * start, what its first calls need (the member call registry, the identity SDK), and lists the
 * app's start and its own route's chunks to preload when it hands the page to the app; /login's
 * lists the app's start to prefetch for the page after the login.
 */
function ownEntryTemplate(template: string, bundle: Rollup.OutputBundle, page: PrerenderedPage & { entry: string }): string {
  const own = entryChunk(bundle, page.entry)
  const app = entryChunk(bundle, 'index.html')
  const member = page.kind === 'shell'
  const firstCalls = member ? chunksOf(bundle, (id) => id.endsWith(MEMBER_REGISTRY) || id.endsWith(IDENTITY_SDK)).map((f) => f.slice(1)) : []
  const ownPreloads = withStaticImports(bundle, [...own.imports, ...stageChunks(bundle, own).map((f) => f.slice(1)), ...firstCalls])
  const routeModule = `/src/routes/${routeFile(page.url === '/' ? '/_auth/' : page.url)}?tsr-split=`
  const appChunks = member ? [...new Set([...stageChunks(bundle, app), ...chunksOf(bundle, (id) => id.includes(routeModule))])].filter((f) => !ownPreloads.includes(f)) : stageChunks(bundle, app)
  return withOwnEntry(
    template,
    { entry: `/${own.fileName}`, preloads: ownPreloads, css: cssOf(bundle, own.fileName) },
    { entry: `/${app.fileName}`, chunks: appChunks, rel: member ? 'modulepreload' : 'prefetch' },
  )
}

export function prerenderPages(root: string): Plugin {
  let config: ResolvedConfig
  return {
    name: 'mypage-prerender',
    apply: (_config, env) => env.command === 'build' && !env.isSsrBuild,
    // The app's page (index.html) and the pages with a start of their own (src/prerender/pages.ts).
    config: () => ({ build: { rolldownOptions: { input: { index: path.join(root, 'index.html'), ...Object.fromEntries(Object.entries(OWN_ENTRIES).map(([name, file]) => [name, path.join(root, file)])) } } } }),
    configResolved(resolved) {
      config = resolved
    },
    // Every page (index.html and so each prerendered one) fetches the entry's stages with it.
    transformIndexHtml: {
      order: 'post',
      handler: (html, ctx) => (ctx.bundle && ctx.chunk ? withPreloads(html, stageChunks(ctx.bundle, ctx.chunk)) : html),
    },
    // After the files are written (index.html among them), and only when the build succeeded.
    writeBundle: { sequential: true, order: 'post', handler: prerender },
  }

  async function prerender(_options: unknown, bundle: Rollup.OutputBundle) {
    const outDir = path.resolve(root, config.build.outDir)
    const template = readFileSync(path.join(outDir, 'index.html'), 'utf8')
    // Inside the project, so the Node build finds the packages it leaves external.
    mkdirSync(path.join(root, 'node_modules/.cache'), { recursive: true })
    const serverDir = mkdtempSync(path.join(root, 'node_modules/.cache/mypage-prerender-'))
    try {
      await build({
        configFile: path.join(root, 'vite.config.ts'),
        mode: config.mode,
        logLevel: 'warn',
        build: { ssr: path.join(root, 'src/prerender/render.tsx'), outDir: serverDir, emptyOutDir: true, copyPublicDir: false, minify: false },
      })
      const renderer = (await import(pathToFileURL(path.join(serverDir, 'render.js')).href)) as Renderer
      mkdirSync(path.join(outDir, 'prerendered'), { recursive: true })
      const manifest: PrerenderManifestEntry[] = []
      const globalStyles = renderer.globalStylesName()
      for (const page of renderer.pages()) {
        const { html, routeIds } = await renderer.render(page)
        const file = `/prerendered/${prerenderedFile(page.url)}`
        // A hydrated page's own route chunks, fetched with the entry: hydration waits for them
        // (src/main.tsx loads the route first), and the router would ask for them only once the
        // entry has run, a round trip later.
        const modules = routeIds.filter((id) => id !== '__root__').map((id) => `/src/routes/${routeFile(id)}?tsr-split=`)
        // A member page calls the API as it loads: the member call registry, which the client
        // imports with its first call (src/api/client.ts), comes with its shell too, and the
        // identity provider's SDK, which its start asks for at once (src/app/member-session-early.ts).
        const memberPage = page.kind === 'shell'
        const routeChunks = chunksOf(bundle, (id) => modules.some((m) => id.includes(m)) || (memberPage && (id.endsWith(MEMBER_REGISTRY) || id.endsWith(IDENTITY_SDK))))
        const pageTemplate = page.entry ? ownEntryTemplate(template, bundle, { ...page, entry: page.entry }) : withPreloads(template, routeChunks)
        writeFileSync(path.join(outDir, file), pageHtml(page.kind === 'shell' ? eagerPreloads(pageTemplate) : pageTemplate, html, page.kind, globalStyles))
        manifest.push({ ...page, file })
      }
      writeFileSync(path.join(outDir, 'prerendered.json'), JSON.stringify(manifest, null, 1))
      config.logger.info(`prerendered ${manifest.length} pages`)
    } finally {
      rmSync(serverDir, { recursive: true, force: true })
    }
  }
}
