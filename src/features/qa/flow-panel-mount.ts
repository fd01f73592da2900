import type { AnyActorRef, InspectionEvent } from 'xstate'

// The live flow panel's opener (development and test builds only, docs/flows/README.md): loaded
// after the first page by src/main.tsx, it keeps the app's running flow actors (from the same
// inspection stream the QA recorder reads) and opens the panel, itself a separate chunk, with
// `?flows` in the URL, Alt+Shift+F, or (development builds) the small 「フロー」 button.

/** An actor as the inspection stream hands it over: the running Actor, whose `logic` is its machine. */
export type LiveActor = AnyActorRef & { logic: unknown }
export type FlowActor = { sessionId: string; ref: LiveActor }

export type FlowStore = {
  /** The running root flow actors, oldest first. */
  actors: () => FlowActor[]
  /** Called after any of them (or a child of theirs) moved; returns the unsubscribe. */
  subscribe: (listener: () => void) => () => void
}

export const flowPanelShortcut = (e: KeyboardEvent) => e.altKey && e.shiftKey && e.code === 'KeyF'

const isMachineLogic = (logic: unknown) => typeof logic === 'object' && logic !== null && 'root' in logic && 'config' in logic

export function flowStore(addInspectionListener: (listener: (e: InspectionEvent) => void) => void): FlowStore {
  const actors = new Map<string, FlowActor>()
  const listeners = new Set<() => void>()
  let queued = false
  const notify = () => {
    if (queued) return
    queued = true
    queueMicrotask(() => {
      queued = false
      for (const l of listeners) l()
    })
  }
  addInspectionListener((e) => {
    const ref = e.actorRef as LiveActor
    if (e.type === '@xstate.actor' && ref.sessionId === e.rootId && isMachineLogic(ref.logic)) {
      actors.set(e.rootId, { sessionId: e.rootId, ref })
      notify()
    } else if (e.type === '@xstate.snapshot' && actors.has(e.rootId)) notify()
  })
  return {
    actors: () => {
      for (const [id, a] of actors) if (a.ref.getSnapshot()?.status === 'stopped') actors.delete(id)
      return [...actors.values()]
    },
    subscribe: (listener) => {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
  }
}

const KEPT = 'qa-flow-panel-open'

/** `search`: the URL's query as the page was opened (the router may drop `flows` from it before this runs). */
export function mountFlowPanel(addInspectionListener: (listener: (e: InspectionEvent) => void) => void, search = window.location.search) {
  const store = flowStore(addInspectionListener)
  const host = document.createElement('div')
  host.id = 'qa-flow-panel'
  document.body.appendChild(host)
  let open = false
  let render: ((open: boolean) => void) | null = null
  const setOpen = async (next: boolean) => {
    open = next
    // Open stays open across the tab's reloads and full-page navigations until closed.
    if (next) sessionStorage.setItem(KEPT, '1')
    else sessionStorage.removeItem(KEPT)
    if (!render) {
      const [{ createRoot }, { createElement }, { FlowPanel }] = await Promise.all([
        import('react-dom/client'),
        import('react'),
        import('./flow-panel'),
      ])
      const root = createRoot(host)
      render = (o) => root.render(o ? createElement(FlowPanel, { store, onClose: () => void setOpen(false) }) : null)
    }
    render(open)
    if (button) button.hidden = open
  }
  let button: HTMLButtonElement | null = null
  if (import.meta.env.DEV) {
    button = document.createElement('button')
    button.type = 'button'
    button.textContent = 'フロー'
    button.title = 'ライブフロー表示（Alt+Shift+F）'
    button.style.cssText = 'position:fixed;left:8px;bottom:8px;z-index:10000;font:12px/1 sans-serif;padding:4px 6px;opacity:.7;border:1px solid #888;border-radius:4px;background:#fff'
    button.addEventListener('click', () => void setOpen(true))
    document.body.appendChild(button)
  }
  window.addEventListener('keydown', (e) => {
    if (flowPanelShortcut(e)) void setOpen(!open)
  })
  if (new URLSearchParams(search).has('flows') || sessionStorage.getItem(KEPT)) void setOpen(true)
}
