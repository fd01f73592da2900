import { readdirSync, readFileSync, writeFileSync, mkdirSync, existsSync } from 'node:fs'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import type { AnyStateMachine, StateNode } from 'xstate'
import type { FlowDocs } from '../machines/shared/flow-docs'

// `npm run flows` writes docs/flows/<machine>.md from the machine objects themselves (Mermaid
// stateDiagram-v2 + an event table) and docs/flows/README.md as the index.
// `npm run flows -- --check` fails when a committed file differs from what would be written.

const ROOT = path.resolve(import.meta.dirname, '..')
const MACHINES = path.join(ROOT, 'machines')
const OUT = path.join(ROOT, 'docs', 'flows')

type AnyNode = StateNode<any, any> // eslint-disable-line @typescript-eslint/no-explicit-any
type Flow = { file: string; machine: AnyStateMachine; docs: FlowDocs }

const isMachine = (x: unknown): x is AnyStateMachine =>
  typeof x === 'object' && x !== null && 'root' in x && 'implementations' in x && 'config' in x

export async function loadFlows(): Promise<Flow[]> {
  // One folder per flow: machines/<flow>/<flow>-machine.ts is its chart.
  const files = readdirSync(MACHINES, { withFileTypes: true })
    .filter((d) => d.isDirectory() && existsSync(path.join(MACHINES, d.name, `${d.name}-machine.ts`)))
    .map((d) => `${d.name}/${d.name}-machine.ts`)
    .sort()
  const flows: Flow[] = []
  for (const file of files) {
    const mod = (await import(pathToFileURL(path.join(MACHINES, file)).href)) as Record<string, unknown>
    const machines = Object.values(mod).filter(isMachine)
    if (machines.length !== 1) throw new Error(`${file}: expected exactly one exported machine, found ${machines.length}`)
    const docsFile = path.join(MACHINES, file.replace(/-machine\.ts$/, '-docs.ts'))
    const docs = existsSync(docsFile) ? ((await import(pathToFileURL(docsFile).href)) as { flowDocs?: FlowDocs }).flowDocs : undefined
    if (!docs) throw new Error(`${file}: ${path.relative(ROOT, docsFile)} must export const flowDocs: FlowDocs = { … } (machines/shared/flow-docs.ts)`)
    flows.push({ file, machine: machines[0], docs })
  }
  return flows
}

/** docs/flows/<flow>-machine.md for machines/<flow>/<flow>-machine.ts. */
const mdName = (flow: Flow) => path.basename(flow.file).replace(/\.ts$/, '.md')

const mid = (node: AnyNode) => node.id.replace(/[^A-Za-z0-9_]/g, '_')

/** Invoke ids (generated like `0.auth.restoring`) → the actor's name in `setup` (`loadMember`). */
const actorNames = new Map<string, string>()

function collectActorNames(root: AnyNode) {
  for (const n of allNodes(root)) {
    for (const inv of n.invoke ?? []) actorNames.set(inv.id, typeof inv.src === 'string' ? inv.src : inv.id)
  }
}

/** Event names as people read them: delays and actor results get words instead of ids. */
export function eventLabel(type: string): string {
  if (type === '') return 'always'
  let m = /^xstate\.after\.(\d+|[^.]+)\./.exec(type)
  if (m) return /^\d+$/.test(m[1]) ? `after ${Number(m[1]) >= 1000 ? `${Number(m[1]) / 1000} s` : `${m[1]} ms`}` : `after ${m[1]}`
  m = /^xstate\.done\.actor\.(.+)$/.exec(type)
  if (m) return `done: ${actorNames.get(m[1]) ?? m[1]}`
  m = /^xstate\.error\.actor\.(.+)$/.exec(type)
  if (m) return `error: ${actorNames.get(m[1]) ?? m[1]}`
  m = /^xstate\.done\.state\.(.+)$/.exec(type)
  if (m) return `done: ${m[1].split('.').pop()}`
  return type
}

function guardLabel(guard: unknown): string {
  if (!guard) return ''
  if (typeof guard === 'string') return guard
  if (typeof guard === 'function') return guard.name && guard.name !== 'guard' ? guard.name : 'condition'
  if (typeof guard === 'object' && guard !== null && 'type' in guard) {
    const g = guard as { type: string; params?: unknown }
    if (g.type === 'xstate.not') return `not ${guardLabel((g.params as { guards?: unknown[] } | undefined)?.guards?.[0] ?? g.params)}`
    return g.type
  }
  return 'condition'
}

type Edge = { from: AnyNode; to: AnyNode[]; event: string; guard: string; delay?: boolean }

function edgesOf(node: AnyNode): Edge[] {
  const edges: Edge[] = []
  for (const [event, defs] of node.transitions) {
    for (const t of defs) edges.push({ from: node, to: (t.target ?? []) as AnyNode[], event, guard: guardLabel(t.guard) })
  }
  for (const t of node.always ?? []) edges.push({ from: node, to: (t.target ?? []) as AnyNode[], event: '', guard: guardLabel(t.guard) })
  return edges
}

function children(node: AnyNode): AnyNode[] {
  return Object.values(node.states) as AnyNode[]
}

function allNodes(node: AnyNode): AnyNode[] {
  return [node, ...children(node).flatMap(allNodes)]
}

function mermaid(machine: AnyStateMachine): string {
  const root = machine.root as AnyNode
  const lines: string[] = ['stateDiagram-v2']
  const nodes = allNodes(root).slice(1)
  for (const n of nodes) lines.push(`  state "${n.key}" as ${mid(n)}`)

  const block = (node: AnyNode, indent: string) => {
    const kids = children(node)
    if (node.type === 'parallel') {
      kids.forEach((region, i) => {
        if (i > 0) lines.push(`${indent}--`)
        lines.push(`${indent}state ${mid(region)} {`)
        block(region, `${indent}  `)
        lines.push(`${indent}}`)
      })
      return
    }
    const initial = node.initial?.target?.[0] as AnyNode | undefined
    if (initial) lines.push(`${indent}[*] --> ${mid(initial)}`)
    for (const kid of kids) {
      if (kid.type === 'final') lines.push(`${indent}${mid(kid)} --> [*]`)
      if (children(kid).length > 0) {
        lines.push(`${indent}state ${mid(kid)} {`)
        block(kid, `${indent}  `)
        lines.push(`${indent}}`)
      }
    }
  }
  block(root, '  ')

  for (const n of allNodes(root)) {
    for (const e of edgesOf(n)) {
      const from = n === root ? null : mid(n)
      for (const to of e.to) {
        if (!from) continue
        const label = [eventLabel(e.event), e.guard ? `[${e.guard}]` : ''].filter(Boolean).join(' ')
        lines.push(`  ${from} --> ${mid(to)}: ${label.replace(/:/g, '∶')}`)
      }
    }
  }
  // Root-level transitions (events accepted in every state) are listed in the table only.
  for (const n of nodes) {
    const tags = [...(n.tags ?? [])]
    if (n.description) lines.push(`  note right of ${mid(n)}: ${n.description.replace(/\n/g, ' ')}`)
    else if (tags.length) lines.push(`  note right of ${mid(n)}: ${tags.join(', ')}`)
  }
  return lines.join('\n')
}

function eventTable(flow: Flow): { table: string; missing: string[] } {
  const root = flow.machine.root as AnyNode
  const rows = new Map<string, Set<string>>()
  for (const n of allNodes(root)) {
    for (const e of edgesOf(n)) {
      if (e.event.startsWith('xstate.') || e.event === '') continue
      const where = n === root ? 'any state' : n.path.join('.')
      const to = e.to.length ? e.to.map((t) => t.path.join('.') || '(root)').join(', ') : '(stays)'
      const text = `${where} → ${to}${e.guard ? ` [${e.guard}]` : ''}`
      if (!rows.has(e.event)) rows.set(e.event, new Set())
      rows.get(e.event)!.add(text)
    }
  }
  const missing = [...rows.keys()].filter((e) => !flow.docs.events[e])
  const body = [...rows.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([event, where]) =>
    `| \`${event}\` | ${flow.docs.events[event] ?? '—'} | ${[...where].join('<br>')} |`)
  return { table: ['| event | what it means | from → to [guard] |', '|---|---|---|', ...body].join('\n'), missing }
}

function delaysAndActors(flow: Flow): string {
  const root = flow.machine.root as AnyNode
  const out: string[] = []
  for (const n of allNodes(root)) {
    for (const e of edgesOf(n)) {
      if (e.event.startsWith('xstate.done.actor') || e.event.startsWith('xstate.error.actor') || e.event.startsWith('xstate.after')) {
        const to = e.to.map((t) => t.path.join('.')).join(', ') || '(stays)'
        out.push(`| ${n.path.join('.') || '(root)'} | ${eventLabel(e.event)} | ${to}${e.guard ? ` [${e.guard}]` : ''} |`)
      }
    }
  }
  return out.length ? ['| state | outcome | → | ', '|---|---|---|', ...out].join('\n') : '_None._'
}

export function renderFlow(flow: Flow): { text: string; missing: string[] } {
  collectActorNames(flow.machine.root as AnyNode)
  const { table, missing } = eventTable(flow)
  const text = `<!-- Generated by \`npm run flows\` from machines/${flow.file}. Do not edit by hand. -->
# ${flow.docs.title}

${flow.docs.purpose}

- Chart: [\`machines/${flow.file}\`](../../machines/${flow.file}) (machine id \`${flow.machine.id}\`)
- Starts at: ${flow.docs.routes.map((r) => `\`${r}\``).join(', ')}

\`\`\`mermaid
${mermaid(flow.machine)}
\`\`\`

## Events

${table}

## Results of work and timers

What the chart does when a call it started finishes or fails, and its delayed transitions.

${delaysAndActors(flow)}
`
  return { text, missing }
}

function renderIndex(flows: Flow[]): string {
  return `<!-- Generated by \`npm run flows\`. Do not edit by hand. -->
# Flows

Every flow of mypage is an XState v5 statechart in \`machines/\`. These pages are generated from the
machine objects themselves (\`npm run flows\`); \`npm test\` fails when one is stale.

| flow | what it is for | starts at | chart |
|---|---|---|---|
${flows.map((f) => `| [${f.docs.title}](${mdName(f)}) | ${f.docs.purpose} | ${f.docs.routes.map((r) => `\`${r}\``).join(', ')} | [\`${f.file}\`](../../machines/${f.file}) |`).join('\n')}

## Reading a diagram

Boxes are states; a box inside a box is a sub-state. An arrow is labelled with the event that moves
the flow (\`form.submit\`), a guard in brackets (\`[isFormValid]\`: the move happens only when it
holds), \`after 1 s\` for a timer, and \`done: x\` / \`error: x\` for the result of a call the state
started. Notes name a state's tags (\`busy\`: the screen shows a spinner).

## Opening a chart in the visualizer

Each machine is a static \`setup({...}).createMachine({...})\` literal, so Stately's tools can draw
and simulate it:
- **VS Code**: install the "XState VSCode" extension (statelyai.stately-vscode), open the machine
  file and choose "Open Visual Editor" above \`createMachine\`.
- **Stately Studio / visualizer**: paste the \`createMachine({...})\` object into a new machine
  ("Import from code").
- **Live, while clicking through the app**: start the app (\`npm start\`) and open any page with
  \`?inspect\`; the running charts appear in the XState inspector (development builds only).
`
}

async function main() {
  const check = process.argv.includes('--check')
  const flows = await loadFlows()
  const outputs = new Map<string, string>()
  const problems: string[] = []
  for (const flow of flows) {
    const { text, missing } = renderFlow(flow)
    if (missing.length) problems.push(`${flow.file}: flowDocs.events lacks ${missing.map((e) => `'${e}'`).join(', ')}`)
    outputs.set(path.join(OUT, mdName(flow)), text)
  }
  outputs.set(path.join(OUT, 'README.md'), renderIndex(flows))
  if (problems.length) {
    console.error(`Flow docs incomplete:\n${problems.map((p) => `  - ${p}`).join('\n')}`)
    process.exit(1)
  }
  if (check) {
    const stale = [...outputs].filter(([file, text]) => !existsSync(file) || readFileSync(file, 'utf8') !== text)
    if (stale.length) {
      console.error(`docs/flows is stale; run \`npm run flows\` and commit:\n${stale.map(([f]) => `  - ${path.relative(ROOT, f)}`).join('\n')}`)
      process.exit(1)
    }
    console.log(`docs/flows is current (${flows.length} flows)`)
    return
  }
  mkdirSync(OUT, { recursive: true })
  for (const [file, text] of outputs) writeFileSync(file, text)
  console.log(`wrote ${outputs.size} files to docs/flows`)
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().catch((err) => { console.error(err); process.exit(1) })
}
