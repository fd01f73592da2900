import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { build, type Plugin, type ResolvedConfig } from 'vite'
import { prerenderedFile, type PrerenderedPage } from '../../src/prerender/pages.ts'

// Paint from HTML (issue 16, docs/performance.md "First paint"): after the browser build, the same
// app is built for Node (src/prerender/render.tsx) and each public page is rendered into
// `prerendered/<page>.html` with its CSS; each member page gets its frame and spinner. The server
// answers a page's path with its HTML (server/http/spa.ts, `prerendered.json`); the client
// hydrates a public page and renders over a member page's shell (src/main.tsx).

type Renderer = {
  pages(): PrerenderedPage[]
  render(page: PrerenderedPage): Promise<{ html: string }>
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
  return template
    .replace('</head>', `${styles.join('')}</head>`)
    .replace(ROOT_MARK, () => `<div id="root" data-prerendered="${kind}">${markup}</div>`)
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

  async function prerender() {
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
        const { html } = await renderer.render(page)
        const file = `/prerendered/${prerenderedFile(page.url)}`
        writeFileSync(path.join(outDir, file), pageHtml(template, html, page.kind))
        manifest.push({ ...page, file })
      }
      writeFileSync(path.join(outDir, 'prerendered.json'), JSON.stringify(manifest, null, 1))
      config.logger.info(`prerendered ${manifest.length} pages`)
    } finally {
      rmSync(serverDir, { recursive: true, force: true })
    }
  }
}
