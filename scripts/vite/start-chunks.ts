import type { Plugin, Rollup } from 'vite'
import { OWN_ENTRIES } from '../../src/prerender/pages.ts'

/**
 * Fewer, larger chunks for the app's start (src/main.tsx, decision 52; docs/performance.md "What a
 * member's page loads"). Every page runs the whole start, so every module its stages import is
 * loaded by every page; left to itself the bundler cut them into ~45 chunks by which route chunks
 * share them too (the app's texts, contract modules, adapters, React's JSX runtime), and each small
 * file compresses on its own: /login's 50 smallest scripts were 39 KB gzip apart and 27 KB together.
 *
 * Here the project's own modules go to one chunk per stage: the chunk of the first stage whose static
 * imports reach them, in the order src/main.tsx imports the stages; the first stage's chunk is
 * React DOM with React and its scheduler. Packages' modules after the first stage are left to the
 * bundler: their indexes re-export every component, so following them would pull every dialog's
 * and toast's code into the start. No package imports the project's modules and React imports
 * nothing, so the chunks import one another in stage order only, without cycles, and each stage
 * still evaluates only its own modules in its own task. What the entry imports statically stays
 * in the entry; route chunks, on-demand parts and development aids are chunked as before.
 *
 * Every later dynamic import (a route's chunks, an on-demand part) carried the list of every chunk
 * it imports, for Vite to preload them beside it: in the route tree, 53 routes' lists were ≈ 2 KB gzip
 * of /login's start. The chunks the start loads are loaded before any of those imports runs, so they
 * are left out of those lists; the entry's own imports of the stages keep theirs.
 */
export function startChunks(): Plugin {
  // Module id → the index of the first stage that reaches it (-1: the entry's own).
  const stageOf = new Map<string, number>()
  // The entry chunk and every chunk its stages import statically, as the bundle names them.
  let entryFile: string | undefined
  const loadedByStart = new Set<string>()
  return {
    name: 'mypage-start-chunks',
    apply: (_config, env) => env.command === 'build' && !env.isSsrBuild,
    config: () => ({
      build: {
        modulePreload: {
          resolveDependencies: (_file: string, deps: string[], { hostId }: { hostId: string }) =>
            hostId === entryFile ? deps : deps.filter((dep) => !loadedByStart.has(dep)),
        },
      },
    }),
    buildEnd(error) {
      if (error) return
      const entry = [...this.getModuleIds()].map((id) => this.getModuleInfo(id)).find((m) => m?.id.endsWith('/src/main.tsx'))
      if (!entry) this.error('start-chunks: no src/main.tsx in the build')
      // The project's modules a page's own start loads (/login's and the home's, decisions 102 and
      // 103) stay out of the stages: the bundler puts them in chunks the entries share, so that
      // such a page loads none of the app's stage chunks (the route tree's, with the router and
      // Chakra) before it is live. Its stages' own imports are followed, not what they import later
      // (the home's hand-over imports the app's stages).
      const ownStart = new Set<string>()
      for (const file of Object.values(OWN_ENTRIES)) {
        const own = [...this.getModuleIds()].find((id) => id.endsWith(`/${file}`))
        if (!own) continue
        const pending = [own, ...(this.getModuleInfo(own)?.dynamicallyImportedIds ?? []).filter((id) => !id.includes('/src/features/qa/'))]
        while (pending.length) {
          const id = pending.pop()!
          if (ownStart.has(id) || id.includes('/node_modules/')) continue
          ownStart.add(id)
          pending.push(...(this.getModuleInfo(id)?.importedIds ?? []))
        }
      }
      const reach = (from: string, stage: number) => {
        const pending = [from]
        while (pending.length) {
          const id = pending.pop()!
          if (stageOf.has(id) || ownStart.has(id) || (stage > 0 && id.includes('/node_modules/'))) continue
          stageOf.set(id, stage)
          pending.push(...(this.getModuleInfo(id)?.importedIds ?? []))
        }
      }
      reach(entry.id, -1)
      // The stages in the order the entry imports them; the development aids (src/features/qa) are not a stage.
      const stages = entry.dynamicallyImportedIds.filter((id) => !id.includes('/src/features/qa/'))
      if (!stages[0]?.includes('/node_modules/react-dom/')) this.error('start-chunks: the first stage of src/main.tsx is no longer React DOM')
      // The last stage (the app) is left to the bundler: its entry module's chunk would also hold
      // the router's store modules that only it reaches, and import the stage's chunk that imports them.
      stages.slice(0, -1).forEach((id, i) => reach(id, i))
    },
    // Before Vite writes the preload lists (its own generateBundle).
    generateBundle: { order: 'pre', handler(_options, bundle) {
      const chunks = new Map(Object.values(bundle).flatMap((c) => (c.type === 'chunk' ? [[c.fileName, c.imports] as const] : [])))
      const entry = Object.values(bundle).find((c): c is Rollup.OutputChunk => c.type === 'chunk' && c.isEntry && !!c.facadeModuleId?.endsWith('/index.html'))
      if (!entry) this.error('start-chunks: no entry chunk for index.html')
      entryFile = entry.fileName
      const stageFiles = entry.dynamicImports.filter((file) => {
        const chunk = bundle[file]
        return !(chunk?.type === 'chunk' && chunk.facadeModuleId?.includes('/src/features/qa/'))
      })
      const load = (file: string) => {
        if (loadedByStart.has(file)) return
        loadedByStart.add(file)
        for (const dep of chunks.get(file) ?? []) load(dep)
      }
      ;[entry.fileName, ...stageFiles].forEach(load)
      // A cycle between chunks can run a module before one it needs: the build fails instead.
      const done = new Set<string>()
      const visit = (file: string, path: string[]) => {
        if (path.includes(file)) this.error(`start-chunks: chunks import one another: ${[...path.slice(path.indexOf(file)), file].join(' → ')}`)
        if (done.has(file)) return
        for (const dep of chunks.get(file) ?? []) visit(dep, [...path, file])
        done.add(file)
      }
      for (const file of chunks.keys()) visit(file, [])
    } },
    outputOptions(options) {
      const stage = (id: string) => stageOf.get(id) ?? -1
      return {
        ...options,
        codeSplitting: {
          groups: [{ debugName: 'start stages', name: (id: string) => (stage(id) >= 0 ? `start-${stage(id)}` : null), includeDependenciesRecursively: false }],
        },
      }
    },
  }
}
