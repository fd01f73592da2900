import { useEffect, useState, type CSSProperties, type ReactNode } from 'react'
import type { AnyMachineSnapshot, AnyStateMachine, StateNode } from 'xstate'
import { eventText, fullDocs, stateText, type FlowDocs, type FullFlowDocs } from '../../../machines/shared/flow-docs'
import type { FlowStore, LiveActor } from './flow-panel-mount'

// The live flow panel (development and test builds only; docs/flows/README.md): every running
// flow actor of the page drawn from its own machine object — the states as a tree with the
// current ones highlighted, the events the chart takes now, the calls it is waiting for — in the
// product words of machines/<flow>/<flow>-docs.ts. Nothing leaves the browser: it works offline.

type AnyNode = StateNode<any, any> // eslint-disable-line @typescript-eslint/no-explicit-any

const docsModules = import.meta.glob<{ flowDocs: FlowDocs }>('../../../machines/*/*-docs.ts', { eager: true })
/** Flow folder name (kebab, `cancel-account`) → its words. */
const docsByFlow = new Map(
  Object.entries(docsModules)
    .filter(([file, m]) => m.flowDocs && file.endsWith(`/${file.split('/').at(-2)}-docs.ts`)) // not shared/flow-docs.ts
    .map(([file, m]) => [file.split('/').at(-2)!, fullDocs(m.flowDocs)]),
)
const kebab = (id: string) => id.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)
const emptyDocs = (id: string): FullFlowDocs => ({ title: id, purpose: '', routes: [], events: {}, states: {}, guards: {}, actors: {} })
export const docsFor = (machineId: string): FullFlowDocs => docsByFlow.get(kebab(machineId)) ?? emptyDocs(machineId)

const isMachine = (logic: unknown): logic is AnyStateMachine => typeof logic === 'object' && logic !== null && 'root' in logic && 'config' in logic
const children = (node: AnyNode) => Object.values(node.states) as AnyNode[]

/** Invoke ids → actor names, for 「完了：…」 labels. */
function actorNames(machine: AnyStateMachine): Map<string, string> {
  const names = new Map<string, string>()
  const walk = (n: AnyNode) => {
    for (const inv of n.invoke ?? []) names.set(inv.id, typeof inv.src === 'string' ? inv.src : inv.id)
    children(n).forEach(walk)
  }
  walk(machine.root as AnyNode)
  return names
}

/** The events the chart takes in this snapshot: those of its active states, with whether the guards let them through now. */
export function eventsNow(snapshot: AnyMachineSnapshot): Array<{ type: string; can: boolean }> {
  const types = new Set<string>()
  for (const node of snapshot._nodes as AnyNode[]) for (const type of node.transitions.keys()) if (!type.startsWith('xstate.')) types.add(type)
  return [...types].sort().map((type) => {
    let can = false
    try {
      can = snapshot.can({ type })
    } catch {
      can = false // a guard that reads the event's payload: it depends on what the member sends
    }
    return { type, can }
  })
}

const box: CSSProperties = { border: '1px solid #bbb', borderRadius: 4, padding: '2px 6px', margin: '3px 0', background: '#fff', fontWeight: 400 }
const activeBox: CSSProperties = { ...box, border: '1px solid #d97706', background: '#fff7d6', fontWeight: 700 }

function StateTree({ node, docs, prefix, snapshot }: { node: AnyNode; docs: FullFlowDocs; prefix: string; snapshot: AnyMachineSnapshot }) {
  const active = new Set(snapshot._nodes as AnyNode[])
  const render = (n: AnyNode): ReactNode => {
    const on = active.has(n)
    const key = `${prefix}${n.path.join('.')}`
    const kids = children(n)
    const kind = n.type === 'final' ? '終了' : n.type === 'parallel' ? '並行' : ''
    const childActors = on
      ? (n.invoke ?? []).map((inv) => snapshot.children[inv.id] as LiveActor | undefined).filter((c): c is LiveActor => !!c && isMachine(c.logic))
      : []
    return (
      <li key={key} style={on ? activeBox : box} aria-current={on ? 'true' : undefined} data-state={key}>
        <span>{stateText(docs, key)}</span> <small style={{ color: '#555', fontWeight: 400 }}>{n.key}{kind && `（${kind}）`}</small>
        {on && (n.invoke ?? []).length > 0 && (
          <div style={{ fontWeight: 400, fontSize: 11 }}>
            待っている呼び出し：{(n.invoke ?? []).map((inv) => (typeof inv.src === 'string' ? docs.actors[inv.src] ?? inv.src : inv.id)).join('、')}
          </div>
        )}
        {kids.length > 0 && <ul style={{ listStyle: 'none', paddingLeft: 12, margin: 0 }}>{kids.map(render)}</ul>}
        {childActors.map((c) => {
          const src = (n.invoke ?? []).find((inv) => snapshot.children[inv.id] === c)?.src
          return (
            <div key={c.sessionId} style={{ fontWeight: 400, marginLeft: 12 }}>
              <div>子フロー：{typeof src === 'string' ? docs.actors[src] ?? src : c.id}</div>
              <ul style={{ listStyle: 'none', paddingLeft: 0, margin: 0 }}>
                <StateTree node={(c.logic as AnyStateMachine).root as AnyNode} docs={docs} prefix={typeof src === 'string' ? `${src}/` : ''} snapshot={c.getSnapshot() as AnyMachineSnapshot} />
              </ul>
            </div>
          )
        })}
      </li>
    )
  }
  return <>{node.parent ? render(node) : children(node).map(render)}</>
}

function FlowChart({ actor }: { actor: LiveActor }) {
  const machine = actor.logic as AnyStateMachine
  const snapshot = actor.getSnapshot() as AnyMachineSnapshot
  const docs = docsFor(machine.id)
  const names = actorNames(machine)
  const events = eventsNow(snapshot)
  const current = (snapshot._nodes as AnyNode[]).filter((n) => n.parent && children(n).length === 0).map((n) => n.path.join('.'))
  return (
    <section aria-label={`${docs.title}（${machine.id}）`} data-flow={machine.id} style={{ borderTop: '1px solid #ddd', paddingTop: 4, marginTop: 4 }}>
      <h3 style={{ fontSize: 13, margin: '2px 0' }}>
        {docs.title} <small style={{ fontWeight: 400, color: '#555' }}>{machine.id}</small>
      </h3>
      <div>
        今の状態：<strong data-testid="current-state">{current.map((p) => stateText(docs, p)).join('、')}</strong>{' '}
        <small>（{current.join(', ')}{snapshot.status !== 'active' ? ` · ${snapshot.status}` : ''}）</small>
      </div>
      <div style={{ margin: '4px 0' }}>
        今受け付ける出来事：
        {events.length === 0 && <span>なし</span>}
        <ul aria-label="今受け付ける出来事" style={{ listStyle: 'none', paddingLeft: 8, margin: 0 }}>
          {events.map((e) => (
            <li key={e.type} style={{ opacity: e.can ? 1 : 0.5 }} title={e.can ? '今できる' : '条件しだい（入力の中身など）'}>
              {e.can ? '▶' : '▷'} {eventText(docs, e.type, names, false)} <code style={{ fontSize: 11 }}>{e.type}</code>
            </li>
          ))}
        </ul>
      </div>
      <ul aria-label="状態" style={{ listStyle: 'none', paddingLeft: 0, margin: 0 }}>
        <StateTree node={machine.root as AnyNode} docs={docs} prefix="" snapshot={snapshot} />
      </ul>
    </section>
  )
}

export function FlowPanel({ store, onClose }: { store: FlowStore; onClose: () => void }) {
  const [, setTick] = useState(0)
  useEffect(() => {
    return store.subscribe(() => setTick((t) => t + 1))
  }, [store])
  const actors = store.actors()
  return (
    <section
      aria-label="ライブフロー表示"
      style={{ position: 'fixed', right: 8, top: 8, zIndex: 10001, width: 380, maxHeight: 'calc(100vh - 16px)', overflow: 'auto', background: '#fff', color: '#111', border: '1px solid #888', borderRadius: 6, padding: 8, font: '12px/1.4 sans-serif', boxShadow: '0 2px 8px rgba(0,0,0,.2)' }}
    >
      <div style={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center' }}>
        <strong>ライブフロー表示</strong>
        <button type="button" onClick={onClose} aria-label="ライブフロー表示を閉じる">×</button>
      </div>
      <div style={{ color: '#555' }}>このページで動いているフロー（Alt+Shift+F で開閉）。図の読み方は docs/flows/README.md。</div>
      {actors.length === 0 && <p>動いているフローはまだありません。</p>}
      {actors.map((a) => (
        <FlowChart key={a.sessionId} actor={a.ref} />
      ))}
    </section>
  )
}
