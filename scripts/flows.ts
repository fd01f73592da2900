import { readdirSync, readFileSync, writeFileSync, mkdirSync, existsSync } from 'node:fs'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import type { AnyStateMachine, StateNode } from 'xstate'
import { eventText, fullDocs, stateText, type FlowDocs, type FullFlowDocs } from '../machines/shared/flow-docs'

// `npm run flows` writes docs/flows/<flow>-machine.md from the machine objects themselves (Mermaid
// stateDiagram-v2 with the Japanese labels of machines/<flow>/<flow>-docs.ts, tables of states,
// events, conditions and calls) and docs/flows/README.md as the index and legend.
// `npm run flows -- --check` fails when a committed file differs from what would be written, when a
// state, guard, actor or event has no label, when a guard is an inline combinator (and/or/not), or
// when flowDocs.shows names a transition the chart does not have.
// tests/e2e/flow-diagrams.spec.ts draws every diagram with the `mermaid` package.

const ROOT = path.resolve(import.meta.dirname, '..')
const MACHINES = path.join(ROOT, 'machines')
const OUT = path.join(ROOT, 'docs', 'flows')

type AnyNode = StateNode<any, any> // eslint-disable-line @typescript-eslint/no-explicit-any
type Flow = { flow: string; file: string; machine: AnyStateMachine; docs: FullFlowDocs }

const isMachine = (x: unknown): x is AnyStateMachine =>
  typeof x === 'object' && x !== null && 'root' in x && 'implementations' in x && 'config' in x

export async function loadFlows(): Promise<Flow[]> {
  // One folder per flow: machines/<flow>/<flow>-machine.ts is its chart.
  const names = readdirSync(MACHINES, { withFileTypes: true })
    .filter((d) => d.isDirectory() && existsSync(path.join(MACHINES, d.name, `${d.name}-machine.ts`)))
    .map((d) => d.name)
    .sort()
  const flows: Flow[] = []
  for (const flow of names) {
    const file = `${flow}/${flow}-machine.ts`
    const mod = (await import(pathToFileURL(path.join(MACHINES, file)).href)) as Record<string, unknown>
    const machines = Object.values(mod).filter(isMachine)
    if (machines.length !== 1) throw new Error(`${file}: expected exactly one exported machine, found ${machines.length}`)
    const docsFile = path.join(MACHINES, flow, `${flow}-docs.ts`)
    const docs = existsSync(docsFile) ? ((await import(pathToFileURL(docsFile).href)) as { flowDocs?: FlowDocs }).flowDocs : undefined
    if (!docs) throw new Error(`${file}: ${path.relative(ROOT, docsFile)} must export const flowDocs: FlowDocs = { … } (machines/shared/flow-docs.ts)`)
    flows.push({ flow, file, machine: machines[0], docs: fullDocs(docs) })
  }
  return flows
}

/** docs/flows/<flow>-machine.md for machines/<flow>/<flow>-machine.ts. */
const mdName = (flow: Flow) => path.basename(flow.file).replace(/\.ts$/, '.md')

const children = (node: AnyNode): AnyNode[] => Object.values(node.states) as AnyNode[]
const allNodes = (node: AnyNode): AnyNode[] => [node, ...children(node).flatMap(allNodes)]
const isDescendant = (node: AnyNode, of: AnyNode) => node !== of && node.path.length > of.path.length && of.path.every((p, i) => node.path[i] === p)

// ---------------------------------------------------------------------------------------------
// Reading the chart: edges with their guards, actors by name, child machines.

type Guard = { name: string; inline?: string }
type Edge = { from: AnyNode; to: AnyNode[]; event: string; guard: Guard | null; fallback: boolean; def: object }

const COMBINATORS: Record<string, string> = { 'xstate.and': 'and', 'xstate.or': 'or', 'xstate.not': 'not' }

function readGuard(guard: unknown): Guard | null {
  if (!guard) return null
  if (typeof guard === 'string') return { name: guard }
  const g = guard as { type?: string; name?: string; guards?: unknown[]; params?: unknown }
  const kind = COMBINATORS[g.type ?? ''] ?? (typeof guard === 'function' && ['and', 'or', 'not'].includes(g.name ?? '') ? g.name : undefined)
  if (kind) {
    const inner = (g.guards ?? (g.params as { guards?: unknown[] } | undefined)?.guards ?? []).map((x) => readGuard(x)?.name ?? '?')
    return { name: `${kind}(${inner.join(', ')})`, inline: `inline combinator ${kind}(${inner.join(', ')})` }
  }
  if (typeof guard === 'function') return { name: g.name || 'condition', inline: `inline guard function ${g.name || '(anonymous)'}` }
  if (typeof g.type === 'string') return { name: g.type }
  return { name: 'condition', inline: 'inline guard object' }
}

function edgesOf(node: AnyNode): Edge[] {
  const edges: Edge[] = []
  const push = (event: string, defs: ReadonlyArray<{ target?: unknown; guard?: unknown }>) =>
    defs.forEach((t, i) => {
      const guard = readGuard(t.guard)
      edges.push({ from: node, to: (t.target ?? []) as AnyNode[], event, guard, fallback: !guard && i > 0, def: t })
    })
  for (const [event, defs] of node.transitions) push(event, defs)
  if (node.always) push('', node.always)
  return edges
}

/** Invoke ids (generated like `0.rating.loadingTicket`) → the actor's name in `setup` (`loadTicket`). */
function actorNamesOf(root: AnyNode): Map<string, string> {
  const names = new Map<string, string>()
  for (const n of allNodes(root)) for (const inv of n.invoke ?? []) names.set(inv.id, typeof inv.src === 'string' ? inv.src : inv.id)
  return names
}

/** Child machines the chart invokes (`setup({ actors: { payCard: cardMachine } })`), by src name. */
function childMachines(machine: AnyStateMachine): Array<{ src: string; machine: AnyStateMachine }> {
  const out: Array<{ src: string; machine: AnyStateMachine }> = []
  const seen = new Set<string>()
  for (const n of allNodes(machine.root as AnyNode)) {
    for (const inv of n.invoke ?? []) {
      const src = typeof inv.src === 'string' ? inv.src : null
      const logic = src ? (machine.implementations.actors as Record<string, unknown>)[src] : inv.src
      if (src && !seen.has(src) && isMachine(logic)) {
        seen.add(src)
        out.push({ src, machine: logic })
      }
    }
  }
  return out
}

// ---------------------------------------------------------------------------------------------
// Labels.

/** Mermaid-safe text: no quotes, colons, semicolons or hashes (they end or escape a statement). */
const safe = (text: string) =>
  text.replace(/"/g, '＂').replace(/:/g, '∶').replace(/;/g, '；').replace(/#/g, '＃').replace(/[{}]/g, (c) => (c === '{' ? '｛' : '｝')).replace(/\n/g, ' ')

type Scope = { docs: FullFlowDocs; prefix: string; actorNames: Map<string, string> }

const pathOf = (node: AnyNode) => node.path.join('.')
const stateKey = (scope: Scope, node: AnyNode) => `${scope.prefix}${pathOf(node)}`
const stateLabel = (scope: Scope, node: AnyNode) => stateText(scope.docs, stateKey(scope, node)).replace(/^.*\//, '')
const guardText = (scope: Scope, g: Guard) => scope.docs.guards[g.name] ?? g.name

/** A condition quoted inside its negation: 「すでに支払い済み」でないとき, not 「すでに支払い済みのとき」でないとき. */
const quoted = (condition: string) => `「${condition.replace(/の?とき(（[^（）]*）)?$/, '$1')}」`

/**
 * The condition of a fallback alternative, said in full: not 「それ以外」, which a reader can only
 * decode with the legend, but the negation of the conditions that send the same event from the same
 * state elsewhere (「「4xxエラー」でないとき」, 「「A」・「B」のどれでもないとき」), each one named, so
 * an arrow reads correctly even when the others are drawn in another diagram. `here`: the
 * alternatives this arrow stands for besides the fallback (they are not excluded); a condition of
 * theirs tried before one leading elsewhere is named first (「A／「B」でないとき」).
 */
function fallbackText(scope: Scope, from: AnyNode, event: string, here: Edge[] = []): string {
  const alternatives = edgesOf(from).filter((e) => e.event === event)
  const isHere = (e: Edge) => here.some((h) => h.def === e.def)
  const away = alternatives.filter((e) => e.guard && !isHere(e))
  const excluded = [...new Set(away.map((e) => guardText(scope, e.guard!)))]
  const lastAway = Math.max(-1, ...away.map((e) => alternatives.indexOf(e)))
  const early = [...new Set(alternatives.filter((e, i) => e.guard && isHere(e) && i < lastAway).map((e) => guardText(scope, e.guard!)))]
  const negation = !excluded.length ? 'それ以外' : excluded.length === 1 ? `${quoted(excluded[0])}でないとき` : `${excluded.map(quoted).join('・')}のどれでもないとき`
  return `［${[...early, negation].join('／')}］`
}

/** What the member reads after the transitions from `from` to `to` (flowDocs.shows), or undefined. */
const showKey = (scope: Scope, from: AnyNode, to: AnyNode) => `${stateKey(scope, from)} → ${stateKey(scope, to)}`
const showsOf = (scope: Scope, from: AnyNode, to: AnyNode): string | undefined => scope.docs.shows?.[showKey(scope, from, to)]

/** Width of a text in ems: Japanese (full-width) characters 1, Latin letters and digits about half. */
const ems = (text: string) => [...text].reduce((w, c) => w + (/[\u2026\u2e80-\u9fff\uf900-\ufaff\uff00-\uffef\u3000-\u303f]/.test(c) ? 1 : 0.6), 0)

/**
 * Mermaid draws a label at most 200 px wide and breaks longer lines itself, anywhere (「…を読 / む」).
 * With a Japanese font of 16 px that is 12 characters: labels are broken here first, in as few
 * lines as fit, of about the same length, at the most natural places: after 「：」 (「決済できな
 * かった：」 on its own line, the message below), after 、・／」）］ or before a parenthesis, after
 * a particle (「カードで|支払い」); never inside a Latin word or a katakana word, before a closing
 * mark or small kana, and rather not between two hiragana (「ありま|した」 cuts a word), so no
 * line ends up with one lonely character.
 */
export const LINE = 12
export function wrap(text: string, width = LINE): string {
  const colon = text.indexOf('：')
  if (ems(text) > width && colon > 0 && colon < text.length - 1) return `${wrap(text.slice(0, colon + 1), width)}<br/>${wrap(text.slice(colon + 1), width)}`
  const chars = [...text]
  const n = chars.length
  const latin = (c: string) => /[\w./?=&-]/.test(c)
  const katakana = (c: string) => /[ァ-ヺー]/.test(c)
  const hiragana = (c: string) => /[ぁ-ゖ]/.test(c)
  const kanji = (c: string) => /[\u4e00-\u9fff]/.test(c)
  const span = (i: number, k: number) => ems(chars.slice(i, k).join(''))
  const total = span(0, n)
  if (total <= width) return safe(text)
  /** What a break before chars[k] costs (less is better), or null where a line cannot break. */
  const breakCost = (k: number, target: number): number | null => {
    const [a, b] = [chars[k - 1], chars[k]]
    if ((latin(a) && latin(b)) || (katakana(a) && katakana(b)) || /[）」］、。・／ー…ぁぃぅぇぉっゃゅょァィゥェォッャュョ]/.test(b) || /[（［「]/.test(a)) return null
    // Not after the polite prefix of a word (「ご|利用」), nor after a first line of one character
    // (「→ / …」) or before a last line of one or two (「…を / 表示」).
    if ((/[ごお]/.test(a) && kanji(b)) || span(0, k) < 2 || span(k, n) < 3) return null
    const natural = a === '：' ? target : /[、・／」）］。 ]/.test(a) || /[（［「]/.test(b) ? target / 2 : /[をがでにはのへとも]/.test(a) && !hiragana(b) ? target / 3 : 0
    // A line that starts with hiragana after hiragana cuts a word; after a kanji it may (「読|み込む」)
    // or may not (「予約|できません」); two kanji are most often one word (「予|約」).
    const cut = hiragana(b) ? (hiragana(a) ? target : target / 6) : kanji(a) && kanji(b) ? target / 4 : 0
    return 2 * (cut - natural)
  }
  // The fewest lines that fit, or one more when its breaks are much better: the cost of a way to
  // break is how far its lines are from the even length, plus each break's cost, plus a line's.
  let chosen: { cost: number; lines: string[] } | undefined
  const fewest = Math.ceil(total / width)
  for (let count = fewest; count <= n && (!chosen || count <= fewest + 1); count++) {
    const target = total / count
    // best[l][k]: the least cost of l lines ending before chars[k], and where its last line starts.
    const best: Array<Array<{ cost: number; from: number } | undefined>> = [[{ cost: 0, from: 0 }]]
    for (let l = 1; l <= count; l++) {
      best[l] = []
      for (let k = 1; k <= n; k++) {
        const end = k === n ? 0 : breakCost(k, target)
        if (end === null || (l === count) !== (k === n)) continue
        for (let i = k - 1; i >= 0 && span(i, k) <= width; i--) {
          const before = best[l - 1][i]
          if (!before) continue
          const cost = before.cost + Math.abs(span(i, k) - target) + end
          if (!best[l][k] || cost < best[l][k]!.cost) best[l][k] = { cost, from: i }
        }
      }
    }
    if (!best[count][n]) continue
    const lines: string[] = []
    for (let l = count, k = n; l > 0; k = best[l][k]!.from, l--) lines.unshift(chars.slice(best[l][k]!.from, k).join(''))
    const cost = best[count][n]!.cost + count * width / 2
    if (!chosen || cost < chosen.cost) chosen = { cost, lines }
  }
  if (chosen) return chosen.lines.map(safe).join('<br/>')
  // No natural breaks that fit (a long katakana word in a narrow box): the usual width, else anywhere.
  if (width < LINE) return wrap(text, LINE)
  const lines: string[] = []
  for (let i = 0, k = 1; i < n; i = k, k = i + 1) {
    while (k < n && span(i, k + 1) <= width) k++
    lines.push(chars.slice(i, k).join(''))
  }
  return lines.map(safe).join('<br/>')
}

/**
 * The label of one arrow, from the transitions it stands for (same source box, same target): per
 * event its words with the code name small below (`確認する<br/><small>modal.confirm</small>`),
 * then the conditions. Alternatives of one event that all lead here need no condition;
 * the negation of the others (fallbackText) only when the event's other alternatives lead elsewhere.
 * Last, what the member reads after it (`shows`, flowDocs.shows).
 */
function arrowLabel(scope: Scope, edges: Edge[], ownBox: (n: AnyNode) => boolean = () => true, shows: string[] = []): string {
  const byEvent = new Map<string, Edge[]>()
  for (const e of edges) byEvent.set(e.event, [...(byEvent.get(e.event) ?? []), e])
  const parts: string[] = []
  for (const [event, group] of byEvent) {
    const lines: string[] = []
    // The result of the box's own call is just 「完了」 / 「失敗」: the box already says what it does.
    // (Not when the box stands for a compound state and the call is one of its sub-states'.)
    const result = /^xstate\.(done|error)\.actor\.(.+)$/.exec(event)
    const own = result && ownBox(group[0].from) && (group[0].from.invoke ?? []).some((inv) => inv.id === result[2])
    const words = own ? (result[1] === 'done' ? '完了' : '失敗') : event === '' ? '' : eventText(scope.docs, event, scope.actorNames, false)
    if (words) lines.push(event.startsWith('xstate.') || words === event ? wrap(words) : `${wrap(words)}<br/><small>${safe(event)}</small>`)
    const siblings = edgesOf(group[0].from).filter((e) => e.event === event)
    const elsewhere = siblings.some((e) => !group.some((g) => g.def === e.def) && e.to.length > 0)
    const unconditional = group.some((e) => !e.guard && (!e.fallback || !elsewhere))
    // With the fallback among them, the alternatives that lead here are 「everything not going elsewhere」.
    const condition = unconditional ? '' : group.some((e) => e.fallback) ? fallbackText(scope, group[0].from, event, group) : `［${[...new Set(group.map((e) => guardText(scope, e.guard!)))].join('／')}］`
    // A short result and its condition share a line (「完了 ［「4xxエラー」でないとき］」).
    if (condition && lines.length === 1 && event.startsWith('xstate.') && ems(`${words} ${condition}`) <= LINE) lines[0] = safe(`${words} ${condition}`)
    else if (condition) lines.push(wrap(condition))
    if (!lines.length) lines.push('すぐに')
    parts.push(lines.join('<br/>'))
  }
  return [...parts, ...[...new Set(shows)].map((text) => wrap(text))].join('<br/>')
}

// ---------------------------------------------------------------------------------------------
// Diagrams. A chart with more than BIG states is drawn as an overview where each compound state
// with sub-states is one box, and then one diagram per such compound state; each child machine
// gets its own diagram. Arrows leaving a compound state's diagram end in a small exit box
// (「→ 完了画面へ」), arrows entering it start in an entry box.

const BIG = 12

type Diagram = { title: string; code: string }

function diagramsOf(scope: Scope, root: AnyNode, heading: string): Diagram[] {
  const total = allNodes(root).length - 1
  const collapse = new Set<AnyNode>()
  if (total > BIG) {
    for (const n of allNodes(root).slice(1)) {
      if (children(n).length >= 2 && n.type !== 'parallel' && !collapse.has(n.parent as AnyNode)) collapse.add(n)
    }
  }
  // Only the outermost compound states are collapsed in the overview; nested ones are collapsed in their own diagram when big.
  const outer = [...collapse].filter((n) => ![...collapse].some((c) => isDescendant(n, c)))
  if (root.type === 'parallel' && total > BIG) {
    // A large chart of regions that run at the same time: one diagram per region.
    return children(root).flatMap((r) => diagramsOf(scope, r, `${heading} › ${stateLabel(scope, r)}（同時に進む部分）`))
  }
  // A chart whose overview is still too wide is drawn in the parts its docs name, one diagram each.
  const parts = !root.parent && !scope.prefix ? scope.docs.parts ?? [] : []
  const out: Diagram[] = parts.length
    ? parts.map((p) => ({ title: `${heading} › ${p.title}`, code: draw(scope, root, new Set(outer), new Set(children(root).filter((k) => p.states.includes(k.key)))) }))
    : [{ title: heading, code: draw(scope, root, new Set(outer)) }]
  for (const c of outer) out.push(...diagramsOf(scope, c, `${heading} › ${stateLabel(scope, c)}`))
  return out
}

/** One diagram of `top`: its collapsed compound states as one box each; with `part`, only those children of `top` (and the final states they lead to). */
function draw(scope: Scope, top: AnyNode, collapsed: Set<AnyNode>, part?: Set<AnyNode>): string {
  const id = (n: AnyNode) => `s_${(scope.prefix + pathOf(n)).replace(/[^A-Za-z0-9_]/g, '_') || 'root'}`
  const lines: string[] = [
    // More room between boxes than mermaid's 50 px: arrow labels sit between them. Arrows are
    // straight lines with rounded corners through the points the layout gave them: on a curve
    // (mermaid's default) a label is moved off the place the layout kept free for it, to the
    // middle of the arrow's length, where two arrows leaving one box put their labels on top of
    // each other.
    '---',
    'config:',
    '  state:',
    '    nodeSpacing: 50',
    '    rankSpacing: 90',
    '  flowchart:',
    '    curve: rounded',
    '---',
    'stateDiagram-v2',
    '  direction TB',
    '  classDef exit fill:#f4f4f4,stroke:#999,stroke-dasharray:4 3,color:#333',
    '  classDef leave fill:#fff,stroke:#333,stroke-width:3px',
  ]
  /** The box that stands for a node in this diagram: itself, its collapsed ancestor, or null when outside `top`. */
  const shown = (n: AnyNode): AnyNode | null => {
    if (n !== top && !isDescendant(n, top)) return null
    if (part && n !== top && n.type !== 'final' && ![...part].some((k) => k === n || isDescendant(n, k))) return null
    for (const c of collapsed) if (isDescendant(n, c)) return c
    return n
  }
  const box = (n: AnyNode) => `${wrap(stateLabel(scope, n))}<br/><small>${safe(n.key)}${collapsed.has(n) ? '（下の図）' : ''}</small>`

  // Arrows first: one per (from, to) pair, the labels of parallel arrows stacked on it.
  type Arrow = { from: string; to: string; target: AnyNode | null; edges: Edge[]; shows: string[] }
  const arrows = new Map<string, Arrow>()
  const stubs = new Map<string, string>()
  // The small boxes that point to a box drawn elsewhere (「→ …」, 「… から」, 「↩ …」) are narrower
  // than the others: they sit beside the boxes they leave from, in the widest rows of the diagram.
  const STUB_LINE = 9
  const stub = (kind: 'in' | 'out', n: AnyNode, per = '') => {
    const sid = `${kind}_${id(n)}${per}`
    if (!stubs.has(sid)) stubs.set(sid, `  state "${wrap(`${kind === 'out' ? '→ ' : ''}${stateLabel(scope, n)}${kind === 'in' ? ' から' : ''}`, STUB_LINE)}" as ${sid}`)
    return sid
  }
  /** `shows`: what the member reads after this transition, when the arrow starts at its own state and ends at its own target. */
  const arrow = (from: string, to: string, target: AnyNode | null, edge: Edge, shows?: string) => {
    const key = `${from}>${to}`
    if (!arrows.has(key)) arrows.set(key, { from, to, target, edges: [], shows: [] })
    const a = arrows.get(key)!
    if (!a.edges.includes(edge)) a.edges.push(edge)
    if (shows && !a.shows.includes(shows)) a.shows.push(shows)
  }
  /** A state of another part is named by its box in the overview (「決済中」, not 「決済を送信中」). */
  const named = (n: AnyNode) => (part ? [...collapsed].find((c) => isDescendant(n, c)) ?? n : n)
  for (const n of allNodes(top)) {
    // The compound state's own arrows are drawn in the diagram above; the root's (events accepted
    // in every state) are in the table only.
    if (n === top || !shown(n)) continue
    for (const e of edgesOf(n)) {
      const from = shown(n)!
      for (const t of e.to) {
        const to = shown(t)
        if (to && to === from && collapsed.has(from) && t !== from) continue // inside a collapsed box
        // A box drawn for a collapsed state (its own diagram shows the message) says nothing of it.
        const shows = from === n && (to ? to === t : named(t) === t) ? showsOf(scope, n, t) : undefined
        if (to && to !== top) arrow(id(from), id(to), to, e, shows)
        else arrow(id(from), stub('out', named(t)), null, e, shows)
      }
    }
  }
  // Arrows from outside this compound state (or this part) into its states.
  const machineRoot = rootOf(top)
  for (const n of allNodes(machineRoot)) {
    if (n === top || n === machineRoot || shown(n)) continue
    for (const e of edgesOf(n)) {
      for (const t of e.to) {
        // A final state is drawn in the part of the state that leads to it.
        const to = isDescendant(t, top) && !(part && t.type === 'final') ? shown(t) : null
        // One entry box per arrow: entries from two states into two sub-states would cross.
        if (to) arrow(stub('in', named(n), `__${id(to)}`), id(to), to, e, to === t ? showsOf(scope, n, t) : undefined)
      }
    }
  }
  // A final state many states lead to (「エラーページへ」) is drawn once beside each of them, so
  // its arrows stay short instead of crossing the whole diagram.
  const copies = new Map<string, string>()
  const sources = new Map<AnyNode, Set<string>>()
  for (const a of arrows.values()) if (a.target?.type === 'final') sources.set(a.target, (sources.get(a.target) ?? new Set()).add(a.from))
  const copied = new Set([...sources].filter(([, from]) => from.size >= 2).map(([n]) => n))
  for (const a of arrows.values()) {
    if (a.target && copied.has(a.target)) {
      const cid = `${a.to}__${a.from}`
      copies.set(cid, `  state "${box(a.target)}" as ${cid}`)
      a.to = cid
    }
  }

  const drawn = new Set([...arrows.values()].flatMap((a) => [a.from, a.to]))
  const block = (node: AnyNode, indent: string) => {
    const kids = children(node).filter((k) => !copied.has(k) && (!part || node !== top || part.has(k) || drawn.has(id(k))))
    for (const kid of kids) {
      lines.push(`${indent}state "${box(kid)}" as ${id(kid)}`)
    }
    if (node.type === 'parallel') {
      // Regions side by side; `--` only inside a composite state (a top-level `--` does not parse).
      kids.forEach((region, i) => {
        if (collapsed.has(region)) return
        if (i > 0 && node !== top) lines.push(`${indent}--`)
        lines.push(`${indent}state ${id(region)} {`)
        block(region, `${indent}  `)
        lines.push(`${indent}}`)
      })
      return
    }
    const initial = node.initial?.target?.[0] as AnyNode | undefined
    if (initial && kids.includes(initial)) lines.push(`${indent}[*] --> ${id(initial)}`)
    for (const kid of kids) {
      if (kid.type === 'final') lines.push(`${indent}${id(kid)} --> [*]`)
      if (children(kid).length > 0 && !collapsed.has(kid)) {
        lines.push(`${indent}state ${id(kid)} {`)
        block(kid, `${indent}  `)
        lines.push(`${indent}}`)
      }
    }
  }
  block(top, '  ')
  // A pair of arrows back and forth between two boxes (入力中 ⇄ 送信中) puts both labels in the
  // same place, and an arrow back up four steps or more (「閉じる」 at the end of a dialog) crosses
  // the whole diagram beside the others: such a way back ends in a small 「↩ 入力中」 box beside
  // its source instead.
  const rank = new Map<string, number>()
  const init = top.initial?.target?.[0] as AnyNode | undefined
  const queue = init ? [id(init)] : []
  if (init) rank.set(id(init), 0)
  while (queue.length) {
    const cur = queue.shift()!
    for (const a of arrows.values()) if (a.from === cur && !rank.has(a.to)) { rank.set(a.to, rank.get(cur)! + 1); queue.push(a.to) }
  }
  for (const a of arrows.values()) {
    const back = arrows.get(`${a.to}>${a.from}`)
    const far = rank.has(a.to) && rank.has(a.from) && rank.get(a.from)! - rank.get(a.to)! >= 4
    if (a.target && (back || far) && (rank.get(a.to) ?? 0) < (rank.get(a.from) ?? 0)) {
      const rid = `back_${a.to}__${a.from}`
      stubs.set(rid, `  state "${wrap(`↩ ${stateLabel(scope, a.target)}`, STUB_LINE)}" as ${rid}`)
      a.to = rid
    }
  }
  lines.push(...stubs.values(), ...copies.values())
  // Arrows into the small exit, way-out and way-back boxes last: the layout places the main
  // path first and tucks those boxes beside it (fewer crossings, fewer labels on top of each other).
  const exitish = (a: Arrow) => a.to.includes('__') || a.to.startsWith('out_') || a.to.startsWith('back_')
  const ordered = [...[...arrows.values()].filter((a) => !exitish(a)), ...[...arrows.values()].filter(exitish)]
  for (const a of ordered) lines.push(`  ${a.from} --> ${a.to}: ${arrowLabel(scope, a.edges, (n) => (shown(n) ?? named(n)) === n, a.shows)}`)
  if (stubs.size) lines.push(`  class ${[...stubs.keys()].join(',')} exit`)
  // A compound state with few sub-states and many ways in and out: the small in and out boxes in
  // one row would make it wide, so it is drawn left to right (the ways in stacked on the left).
  const boxes = lines.filter((l) => /^\s*state "/.test(l)).length - stubs.size
  const leftToRight = () => lines.splice(lines.indexOf('  direction TB'), 1, '  direction LR')
  if (top.parent && stubs.size > boxes) leftToRight()
  // A box with six ways out or more puts six boxes side by side in one row, wider than a page:
  // drawn left to right, they stack.
  const waysOut = new Map<string, Set<string>>()
  for (const a of arrows.values()) waysOut.set(a.from, (waysOut.get(a.from) ?? new Set()).add(a.to))
  if (Math.max(0, ...[...waysOut.values()].map((s) => s.size)) >= 6 && lines.includes('  direction TB')) leftToRight()
  if (copies.size) lines.push(`  class ${[...copies.keys()].join(',')} leave`)
  return lines.join('\n')
}

const rootOf = (n: AnyNode): AnyNode => (n.parent ? rootOf(n.parent as AnyNode) : n)

// ---------------------------------------------------------------------------------------------
// Checks: every state, guard, actor and event has a label; no inline guard combinators.

function problemsOf(flow: Flow): string[] {
  const problems: string[] = []
  const scopes: Array<{ scope: Scope; machine: AnyStateMachine }> = [
    { scope: { docs: flow.docs, prefix: '', actorNames: actorNamesOf(flow.machine.root as AnyNode) }, machine: flow.machine },
    ...childMachines(flow.machine).map((c) => ({ scope: { docs: flow.docs, prefix: `${c.src}/`, actorNames: actorNamesOf(c.machine.root as AnyNode) }, machine: c.machine })),
  ]
  const missing = { states: new Set<string>(), guards: new Set<string>(), actors: new Set<string>(), events: new Set<string>() }
  const inline = new Set<string>()
  const transitions = new Set<string>()
  for (const { scope, machine } of scopes) {
    for (const n of allNodes(machine.root as AnyNode).slice(1)) if (!flow.docs.states[stateKey(scope, n)]) missing.states.add(stateKey(scope, n))
    for (const n of allNodes(machine.root as AnyNode)) {
      for (const inv of n.invoke ?? []) if (typeof inv.src === 'string' && !flow.docs.actors[inv.src]) missing.actors.add(inv.src)
      for (const e of edgesOf(n)) {
        if (e.guard?.inline) inline.add(`${scope.prefix}${pathOf(n) || '(root)'} on ${e.event ? `'${e.event}'` : 'always'}: ${e.guard.inline}`)
        else if (e.guard && !flow.docs.guards[e.guard.name]) missing.guards.add(e.guard.name)
        if (e.event && !e.event.startsWith('xstate.') && !flow.docs.events[e.event]) missing.events.add(e.event)
      }
    }
    for (const g of Object.keys(machine.implementations.guards)) if (!flow.docs.guards[g]) missing.guards.add(g)
    for (const n of allNodes(machine.root as AnyNode)) for (const e of edgesOf(n)) for (const t of e.to) transitions.add(showKey(scope, n, t))
  }
  for (const key of Object.keys(flow.docs.shows ?? {})) {
    if (!transitions.has(key)) problems.push(`flowDocs.shows['${key}'] names no transition of the chart (\`<from> → <to>\`, state paths as in flowDocs.states)`)
  }
  for (const [kind, keys] of Object.entries(missing)) {
    if (keys.size) problems.push(`flowDocs.${kind} lacks a label for ${[...keys].map((k) => `'${k}'`).join(', ')}`)
  }
  if (flow.docs.parts) {
    // Every top-level state that is not a final state in exactly one part.
    const tops = children(flow.machine.root as AnyNode).filter((k) => k.type !== 'final').map((k) => k.key)
    const listed = flow.docs.parts.flatMap((p) => p.states)
    const wrong = [...tops.filter((k) => listed.filter((l) => l === k).length !== 1), ...listed.filter((l) => !tops.includes(l))]
    if (wrong.length) problems.push(`flowDocs.parts must list every top-level non-final state once: ${[...new Set(wrong)].map((k) => `'${k}'`).join(', ')}`)
  }
  for (const i of inline) problems.push(`${i} — name the condition in setup({ guards }) (or a transient state) so the diagram can say it in words`)
  return problems
}

/** Labels of states, guards and actors the chart (and its child machines) no longer has: a warning only. */
function unusedLabels(flow: Flow): string[] {
  const states = new Set<string>()
  const machines = [{ prefix: '', machine: flow.machine }, ...childMachines(flow.machine).map((c) => ({ prefix: `${c.src}/`, machine: c.machine }))]
  for (const { prefix, machine } of machines) for (const n of allNodes(machine.root as AnyNode).slice(1)) states.add(`${prefix}${pathOf(n)}`)
  const guards = new Set(machines.flatMap(({ machine }) => Object.keys(machine.implementations.guards)))
  const actors = new Set(machines.flatMap(({ machine }) => Object.keys(machine.implementations.actors)))
  return [
    ...Object.keys(flow.docs.states).filter((k) => !states.has(k)).map((k) => `states['${k}']`),
    ...Object.keys(flow.docs.guards).filter((k) => !guards.has(k)).map((k) => `guards['${k}']`),
    ...Object.keys(flow.docs.actors).filter((k) => !actors.has(k)).map((k) => `actors['${k}']`),
  ]
}

// ---------------------------------------------------------------------------------------------
// Pages.

const code = (s: string) => `\`${s}\``

/** What the member reads after a transition (flowDocs.shows), in a table cell after its target and condition. */
const showsCell = (scope: Scope, n: AnyNode, e: Edge) => {
  const shows = [...new Set(e.to.map((t) => showsOf(scope, n, t)).filter(Boolean))]
  return shows.length ? `：${shows.join('、')}` : ''
}

function stateTable(scope: Scope, root: AnyNode): string {
  const rows = allNodes(root).slice(1).map((n) => {
    const tags = [...(n.tags ?? [])].map(code).join(' ')
    const kind = n.type === 'final' ? '終了' : n.type === 'parallel' ? '並行' : children(n).length ? '複合' : ''
    return `| ${stateText(scope.docs, stateKey(scope, n))} | ${code(stateKey(scope, n))} | ${[kind, tags, n.description ?? ''].filter(Boolean).join(' ')} |`
  })
  return ['| 状態 | コード名 | 種類・タグ・説明 |', '|---|---|---|', ...rows].join('\n')
}

function eventTable(scope: Scope, root: AnyNode): string {
  const rows = new Map<string, Set<string>>()
  for (const n of allNodes(root)) {
    for (const e of edgesOf(n)) {
      if (e.event.startsWith('xstate.') || e.event === '') continue
      const where = n === root ? 'どの状態でも' : stateText(scope.docs, stateKey(scope, n))
      const to = e.to.length ? e.to.map((t) => (t === root ? '（最初から）' : stateText(scope.docs, stateKey(scope, t)))).join('、') : '（そのまま）'
      const guard = e.guard ? ` ［${guardText(scope, e.guard)}］` : e.fallback ? ` ${fallbackText(scope, n, e.event, [e])}` : ''
      if (!rows.has(e.event)) rows.set(e.event, new Set())
      rows.get(e.event)!.add(`${where} → ${to}${guard}${showsCell(scope, n, e)}`)
    }
  }
  if (!rows.size) return '_なし。_'
  const body = [...rows.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([event, where]) =>
    `| ${scope.docs.events[event] ?? '—'} | ${code(event)} | ${[...where].join('<br>')} |`)
  return ['| 出来事 | イベント | どこから → どこへ ［条件］ |', '|---|---|---|', ...body].join('\n')
}

function resultTable(scope: Scope, root: AnyNode): string {
  const out: string[] = []
  for (const n of allNodes(root)) {
    for (const e of edgesOf(n)) {
      if (!/^xstate\.(done|error)\.actor|^xstate\.after|^$/.test(e.event)) continue
      const to = e.to.map((t) => stateText(scope.docs, stateKey(scope, t))).join('、') || '（そのまま）'
      const guard = e.guard ? ` ［${guardText(scope, e.guard)}］` : e.fallback ? ` ${fallbackText(scope, n, e.event, [e])}` : ''
      out.push(`| ${stateText(scope.docs, stateKey(scope, n)) || '（全体）'} | ${eventText(scope.docs, e.event, scope.actorNames)} | ${to}${guard}${showsCell(scope, n, e)} |`)
    }
  }
  return out.length ? ['| 状態 | 結果・時間・判断 | → ［条件］ |', '|---|---|---|', ...out].join('\n') : '_なし。_'
}

function guardAndActorTable(flow: Flow): string {
  const g = Object.keys(flow.machine.implementations.guards).sort().map((k) => `| 条件 | ${flow.docs.guards[k] ?? '—'} | ${code(k)} |`)
  const a = Object.keys(flow.machine.implementations.actors).sort().map((k) => `| 呼び出し | ${flow.docs.actors[k] ?? '—'} | ${code(k)} |`)
  return g.length + a.length ? ['| 種類 | 意味 | コード名 |', '|---|---|---|', ...g, ...a].join('\n') : '_なし。_'
}

const fence = (d: Diagram) => `### ${d.title}\n\n\`\`\`mermaid\n${d.code}\n\`\`\``

export function renderFlow(flow: Flow): { text: string; problems: string[] } {
  const root = flow.machine.root as AnyNode
  const scope: Scope = { docs: flow.docs, prefix: '', actorNames: actorNamesOf(root) }
  const sections = [...diagramsOf(scope, root, flow.docs.title).map(fence)]
  const childParts: string[] = []
  for (const c of childMachines(flow.machine)) {
    const cs: Scope = { docs: flow.docs, prefix: `${c.src}/`, actorNames: actorNamesOf(c.machine.root as AnyNode) }
    const name = `${flow.docs.actors[c.src] ?? c.src}（子フロー ${c.src}）`
    sections.push(...diagramsOf(cs, c.machine.root as AnyNode, name).map(fence))
    childParts.push(`### ${name}\n\n${stateTable(cs, c.machine.root as AnyNode)}\n\n${eventTable(cs, c.machine.root as AnyNode)}\n\n${resultTable(cs, c.machine.root as AnyNode)}`)
  }
  const text = `<!-- Generated by \`npm run flows\` from machines/${flow.file} and machines/${flow.flow}/${flow.flow}-docs.ts. Do not edit by hand. -->
# ${flow.docs.title}

${flow.docs.purpose}

- 図の読み方: [README](README.md#図の読み方)
- チャート: [\`machines/${flow.file}\`](../../machines/${flow.file})（machine id \`${flow.machine.id}\`）
- 言葉: [\`machines/${flow.flow}/${flow.flow}-docs.ts\`](../../machines/${flow.flow}/${flow.flow}-docs.ts)
- 始まる画面: ${flow.docs.routes.map(code).join('、')}

## 図

${sections.join('\n\n')}

## 状態

${stateTable(scope, root)}

## 出来事（イベント）

${eventTable(scope, root)}

## 呼び出しの結果・時間・自動の判断

${resultTable(scope, root)}

## 条件と呼び出し

${guardAndActorTable(flow)}
${childParts.length ? `\n## 子フロー\n\n${childParts.join('\n\n')}\n` : ''}`
  return { text, problems: problemsOf(flow) }
}

function renderIndex(flows: Flow[]): string {
  return `<!-- Generated by \`npm run flows\` (scripts/flows.ts). Do not edit by hand. -->
# フロー（Flows）

mypage の画面の流れは、どれも \`machines/<flow>/<flow>-machine.ts\` の XState v5 ステートチャートです。
このフォルダーのページは、そのチャート（machine オブジェクト）と \`machines/<flow>/<flow>-docs.ts\`
の言葉から \`npm run flows\` が書きます。手で直さないでください。\`npm run flows:check\` は、古いページ、
言葉のない状態・条件・呼び出し・イベント、名前のない条件（インラインの \`and\` / \`or\` / \`not\`）で失敗します。
図はすべて \`mermaid\` パッケージで描けることをテストしています（\`tests/e2e/flow-diagrams.spec.ts\`:
構文、SVG への描画、日本語のフォントで幅 1,200 px 以内、矢印のラベルが重ならないこと）。ラベルは 1 行 12 文字ほどで折り返します（mermaid のラベルの幅は 200 px まで）。

| フロー | 何のためか | 始まる画面 | チャート |
|---|---|---|---|
${flows.map((f) => `| [${f.docs.title}](${mdName(f)}) | ${f.docs.purpose} | ${f.docs.routes.map(code).join('、')} | [\`${f.file}\`](../../machines/${f.file}) |`).join('\n')}

## 図の読み方

| 図の中 | 意味 |
|---|---|
| 箱 | 状態（会員が今いる段階）。上に日本語の名前、下に小さくコード名（\`sending\`）。 |
| 箱の中の箱 | 段階の中の小さな段階（複合状態）。並んだ枠は同時に進む部分（並行状態）。 |
| 「（下の図）」のある箱 | 中身が大きいので、すぐ下に別の図で描いてあります。 |
| ● → 箱 | 最初の状態。箱 → ◉ は終わり（フローを出る）。 |
| 矢印のラベル \`確認する（modal.confirm）\` | 会員またはシステムの出来事と、そのイベント名。 |
| \`［入力が正しいとき］\` | 条件: それが成り立つときだけ矢印のとおりに進みます。条件の分かれ道の残りは「［「〜」でないとき］」「［「A」・「B」のどれでもないとき］」のように、ほかへ進む条件を名指しして書きます。 |
| 矢印の \`「…」を表示\`、箱の \`エラーページへ：「…」\` | そのとき会員（またはスタッフ）が読むメッセージ。長いものは「…」で略しています。 |
| \`完了\` / \`失敗\` | 箱の状態が始めた呼び出し（サーバーへの問い合わせなど）が終わった・失敗した。ほかの箱の呼び出しなら \`完了：チケットを読み込む\`。 |
| 「› 始める…」「› 支払う」などの図 | 大きなフローの概要を部分に分けた図。ほかの部分の状態へは点線の箱 \`→ …\` / \`… から\` で続きます。 |
| \`2秒後\` | 時間が経ったら自動で進む。 |
| \`すぐに\` / 条件だけのラベル | 出来事を待たずに、その場で判断して進む。 |
| 太い枠の箱 | フローの出口（別の画面へ移る）。同じ出口へ行く矢印が多いときは、元の箱ごとにそばに描きます。 |
| 点線の灰色の箱 \`→ …\` / \`… から\` | この図の外の状態へ出る・外から入る（上の図にあります）。 |
| 点線の灰色の箱 \`↩ …\` | 前の状態へ戻る（行き来する2つの箱のラベルが重ならないように、また図を横切る長い戻り道の代わりに、この小さな箱で示します）。 |

図にない「どの状態でも受け付ける出来事」と、状態を変えずに入力だけを覚える出来事は、各ページの
「出来事（イベント）」の表にあります（\`（そのまま）\`）。

## 動いているチャートを見る（ライブフロー表示）

開発ビルド（\`npm run dev\`）とテストビルド（e2e のスタック）では、アプリの中でチャートを見られます。
外部のサイトを使わないので、オフラインでも動きます。

- どのページでも URL に \`?flows\` を付ける（例: \`/login?flows\`）か、Alt+Shift+F を押す。開発ビルドでは
  左下の小さな「フロー」ボタンでも開きます。閉じる（×）まで、そのタブでは開いたままです。
- パネルには、このページで動いているフロー（ログイン状態の \`auth\` と、画面のフロー）ごとに、
  状態の木（今の状態は色付き・太字）と、今受け付ける出来事（日本語の言葉とイベント名。条件で
  今は進めないものは薄く表示）が出ます。会員が操作するたびに更新されます。
- 本番ビルドには含まれません（\`tests/e2e/qa/recorder.spec.ts\` が本番の bundle を確かめます）。
- オンラインなら、従来どおり \`?inspect\` で Stately の inspector（stately.ai）も使えます。

## エディターでチャートを開く

各チャートは \`setup({...}).createMachine({...})\` のリテラルなので、Stately のツールでも描けます:
VS Code の拡張 "XState VSCode"（statelyai.stately-vscode）で machine ファイルを開き
"Open Visual Editor" を選ぶ、または Stately Studio に \`createMachine({...})\` を貼り付ける（オンライン）。
`
}

async function main() {
  const check = process.argv.includes('--check')
  const flows = await loadFlows()
  const outputs = new Map<string, string>()
  const problems: string[] = []
  for (const flow of flows) {
    const { text, problems: found } = renderFlow(flow)
    problems.push(...found.map((p) => `${flow.file}: ${p}`))
    outputs.set(path.join(OUT, mdName(flow)), text)
  }
  outputs.set(path.join(OUT, 'README.md'), renderIndex(flows))
  const unused = flows.flatMap((f) => unusedLabels(f).map((u) => `${f.flow}/${f.flow}-docs.ts: ${u}`))
  const report = () => {
    if (unused.length) console.warn(`Labels for names the charts no longer have (remove them):\n${unused.map((u) => `  - ${u}`).join('\n')}`)
    if (problems.length) console.error(`Flow docs incomplete (machines/<flow>/<flow>-docs.ts, machines/shared/flow-docs.ts):\n${problems.map((p) => `  - ${p}`).join('\n')}`)
  }
  if (check) {
    const stale = [...outputs].filter(([file, text]) => !existsSync(file) || readFileSync(file, 'utf8') !== text)
    report()
    if (stale.length) console.error(`docs/flows is stale; run \`npm run flows\` and commit:\n${stale.map(([f]) => `  - ${path.relative(ROOT, f)}`).join('\n')}`)
    if (stale.length || problems.length) process.exit(1)
    console.log(`docs/flows is current (${flows.length} flows)`)
    return
  }
  mkdirSync(OUT, { recursive: true })
  for (const [file, text] of outputs) writeFileSync(file, text)
  console.log(`wrote ${outputs.size} files to docs/flows`)
  report()
  if (problems.length) process.exit(1)
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().catch((err) => { console.error(err); process.exit(1) })
}
