import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { build, type Plugin, type ResolvedConfig, type Rollup } from 'vite'
import { prerenderedFile, type PrerenderedPage } from '../../src/prerender/pages.ts'

// Paint from HTML (issue 16, docs/performance.md "First paint"): after the browser build, the same
// app is built for Node (src/prerender/render.tsx) and each public page is rendered into
// `prerendered/<page>.html` with its CSS; each member page gets its frame and spinner. The server
// answers a page's path with its HTML (server/http/spa.ts, `prerendered.json`); the client
// hydrates a public page and renders over a member page's shell (src/main.tsx).

type Renderer = {
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
export function pageHtml(template: string, rendered: string, kind: PrerenderedPage['kind']): string {
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
  return template
    .replace('</head>', `${styles.join('')}</head>`)
    .replace(ROOT_MARK, () => `<div id="root" data-prerendered="${kind}">${held}</div>`)
}

/** A route's file (TanStack's flat file names): `/login` → login.tsx, `/_auth/` → _auth.index.tsx. */
export const routeFile = (routeId: string) => `${routeId.replace(/^\//, '').replaceAll('/', '.').replace(/\.$/, '.index')}.tsx`

/** The chunks of the modules matching `wanted` and every chunk they import statically, as /assets paths. */
function chunksOf(bundle: Rollup.OutputBundle, wanted: (moduleId: string) => boolean): string[] {
  const byFile = new Map(Object.values(bundle).flatMap((c) => (c.type === 'chunk' ? [[c.fileName, c] as const] : [])))
  const out = new Set<string>()
  const add = (file: string) => {
    if (out.has(file)) return
    out.add(file)
    for (const dep of byFile.get(file)?.imports ?? []) add(dep)
  }
  for (const chunk of byFile.values()) if (chunk.facadeModuleId && wanted(chunk.facadeModuleId)) add(chunk.fileName)
  return [...out].map((f) => `/${f}`)
}

/** `<link rel="modulepreload">` for each chunk that the HTML does not load or preload already. */
function withPreloads(html: string, files: string[]): string {
  const links = files.filter((f) => !html.includes(`"${f}"`)).map((f) => `<link rel="modulepreload" crossorigin href="${f}">`)
  return html.replace('</head>', `${links.join('')}</head>`)
}

export function prerenderPages(root: string): Plugin {
  let config: ResolvedConfig
  return {
    name: 'mypage-prerender',
    apply: (_config, env) => env.command === 'build' && !env.isSsrBuild,
    configResolved(resolved) {
      config = resolved
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
      for (const page of renderer.pages()) {
        const { html, routeIds } = await renderer.render(page)
        const file = `/prerendered/${prerenderedFile(page.url)}`
        // A hydrated page's own route chunks, fetched with the entry: hydration waits for them
        // (src/main.tsx loads the route first), and the router would ask for them only once the
        // entry has run, a round trip later.
        const modules = routeIds.filter((id) => id !== '__root__').map((id) => `/src/routes/${routeFile(id)}?tsr-split=`)
        const routeChunks = chunksOf(bundle, (id) => modules.some((m) => id.includes(m)))
        writeFileSync(path.join(outDir, file), pageHtml(withPreloads(template, routeChunks), html, page.kind))
        manifest.push({ ...page, file })
      }
      writeFileSync(path.join(outDir, 'prerendered.json'), JSON.stringify(manifest, null, 1))
      config.logger.info(`prerendered ${manifest.length} pages`)
    } finally {
      rmSync(serverDir, { recursive: true, force: true })
    }
  }
}
