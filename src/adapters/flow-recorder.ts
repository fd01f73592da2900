import type { InspectionEvent } from 'xstate'

/**
 * QA path recording (docs/qa.md). Every flow actor of the app is created with
 * `{ inspect: flowInspect }`; in development and test builds the inspection events are kept here
 * (and forwarded to the live inspector when `?inspect` is on), and the recorder panel turns them
 * into a path file: each event the page sent to a flow actor, with the state that actor rested in
 * afterwards. Taken from the actors' own transitions, never from the DOM. In production builds
 * nothing is installed and `flowInspect` returns at once.
 */

export type RecordedStep = { event: { type: string; [key: string]: unknown }; expectedState: string }
/** `state`: the state the actor is in now (after its own results too). */
export type Recording = {
  flow: string
  sessionId: string
  startRoute: string
  steps: RecordedStep[]
  /** The chart's state now (its last snapshot). */
  state?: string
  /** How many snapshots the actor has had: a replay waits for this to stop moving (settled). */
  snapshots: number
}
export type RecordedPathFile = { flow: string; startRoute: string; account: 'demo' | 'fresh' | { email: string; password: string }; description: string; steps: RecordedStep[] }

type StateValue = string | { [key: string]: StateValue }
type Any = any // eslint-disable-line @typescript-eslint/no-explicit-any

const leafPaths = (value: StateValue): string[] =>
  typeof value === 'string' ? [value] : Object.entries(value).flatMap(([k, child]) => leafPaths(child).map((p) => `${k}.${p}`))

/** Same notation as path files: dot paths, parallel regions joined by `,`. */
export const statePath = (value: StateValue): string => leafPaths(value).join(',')

/** Drops what JSON cannot carry (functions, actor refs) so the event can be written to a file. */
const plainEvent = (event: Any): RecordedStep['event'] => JSON.parse(JSON.stringify(event)) as RecordedStep['event']

/**
 * The secrets an event may carry, in ONE list: by the name of the key that holds the
 * value (`{ password }`, `{ authCode }`) or of the form field an event changes
 * (`{ field: 'password', value }`). A recording keeps only the placeholder, which replay fills
 * from the run's account and fixtures: `${password}` is the account's password
 * (tests/e2e/drivers/flow-driver.ts resolveEvent), `{mailedCode}` the auth code of the mail the
 * request step sent, `{mailed}` the link token of the mail, `${cardNumber}` / `${cardExpiry}` /
 * `${cardCvc}` the test card. An empty value stays empty (an unfilled field is no secret).
 */
export const SECRETS: ReadonlyArray<{ what: string; names: RegExp; placeholder: string }> = [
  { what: 'password', names: /^(password|newPassword|newPasswordConfirm|currentPassword|passwordConfirm)$/i, placeholder: '${password}' },
  { what: 'auth code', names: /^(authCode|oobCode|verificationCode)$/i, placeholder: '{mailedCode}' },
  { what: 'mailed link token', names: /^(token|linkToken)$/i, placeholder: '{mailed}' },
  { what: 'card number', names: /^(cardNumber|cardNo)$/i, placeholder: '${cardNumber}' },
  { what: 'card expiry', names: /^(expiry|cardExpiry|exp|expMonth|expYear)$/i, placeholder: '${cardExpiry}' },
  { what: 'security code', names: /^(securityCode|cvc|cvv|cardCvc)$/i, placeholder: '${cardCvc}' },
]

/** The placeholder standing for a value held under `name`, or null when it is no secret. */
export const secretPlaceholder = (name: string): string | null => SECRETS.find((s) => s.names.test(name))?.placeholder ?? null

const hidden = (value: unknown, placeholder: string) => (value === '' || value === null || value === undefined ? value : placeholder)

/** The event with every secret replaced by its placeholder (nested objects included). */
export function redactEvent<E extends RecordedStep['event']>(event: E): E {
  const walk = (x: unknown): unknown => {
    if (Array.isArray(x)) return x.map(walk)
    if (!x || typeof x !== 'object') return x
    const o = x as Record<string, unknown>
    const field = typeof o.field === 'string' ? secretPlaceholder(o.field) : null
    return Object.fromEntries(
      Object.entries(o).map(([k, v]) => {
        const placeholder = secretPlaceholder(k) ?? (field && k === 'value' ? field : null)
        return [k, placeholder ? hidden(v, placeholder) : walk(v)]
      }),
    )
  }
  return walk(event) as E
}

/**
 * Inspection events → one recording per root flow actor (a machine actor started by the app).
 * An event counts as a step when the page sent it (no source actor): the actor's own results
 * (`xstate.done.actor…`, `xstate.error.actor…`, delays) and events its children send back (the
 * identity watcher's `identity.changed`) only move the previous step's expected state on.
 */
export function recordingsFrom(events: InspectionEvent[], route: (sessionId: string) => string = () => '/'): Recording[] {
  const recordings = new Map<string, Recording>()
  const fromChildren = new WeakSet<object>()
  for (const ev of events as Any[]) {
    const root = ev.actorRef?.sessionId === ev.rootId
    if (ev.type === '@xstate.actor' && root && ev.actorRef.logic?.id !== undefined && 'config' in (ev.actorRef.logic ?? {})) {
      recordings.set(ev.rootId, { flow: ev.actorRef.logic.id, sessionId: ev.rootId, startRoute: route(ev.rootId), steps: [], snapshots: 0 })
    } else if (ev.type === '@xstate.event' && root && ev.sourceRef && ev.sourceRef !== ev.actorRef) {
      fromChildren.add(ev.event)
    } else if (ev.type === '@xstate.snapshot' && root) {
      const rec = recordings.get(ev.rootId)
      const value = ev.snapshot?.value as StateValue | undefined
      if (!rec || value === undefined) continue
      rec.state = statePath(value)
      rec.snapshots++
      const internal = ev.event.type.startsWith('xstate.') || fromChildren.has(ev.event)
      // Redacted here, at recording: neither the panel nor a downloaded file ever holds a secret.
      if (!internal) rec.steps.push({ event: redactEvent(plainEvent(ev.event)), expectedState: statePath(value) })
      else if (rec.steps.length) rec.steps[rec.steps.length - 1].expectedState = statePath(value)
    }
  }
  return [...recordings.values()]
}

/** A recording as a path file (docs/qa.md); the account is QA's to set before replaying. */
export const toPathFile = (rec: Recording, account: RecordedPathFile['account'] = 'demo'): RecordedPathFile => ({
  flow: rec.flow,
  startRoute: rec.startRoute,
  account,
  description: `recorded in the app on ${new Date().toISOString()}`,
  steps: rec.steps,
})

/** The session's inspection events (development and test builds only) and who else listens. */
const state: { recording: boolean; earlier: Recording[]; events: InspectionEvent[]; routes: Map<string, string>; listeners: Array<(e: InspectionEvent) => void> } = {
  recording: false,
  earlier: [],
  events: [],
  routes: new Map(),
  listeners: [],
}

/**
 * The recordings of the tab's earlier pages: a page load ends a document's recordings (the login
 * page's own start leaves by loading the next page, decision 102), so each page keeps what it
 * recorded in the tab's session storage as it goes, and the next page lists them first.
 */
const KEPT = 'mypage:qa-recordings'

function keptRecordings(): Recording[] {
  try {
    const kept: unknown = JSON.parse(window.sessionStorage.getItem(KEPT) ?? '[]')
    return Array.isArray(kept) ? (kept as Recording[]) : []
  } catch {
    return []
  }
}

/** Turns recording on (called by the dev/test bootstrap, never in production). */
export function enableRecording() {
  state.recording = true
  state.earlier = keptRecordings()
  window.addEventListener('pagehide', () => {
    try {
      window.sessionStorage.setItem(KEPT, JSON.stringify(sessionRecordings()))
    } catch {
      // no storage: this page's recordings end with it
    }
  })
}

/** Another consumer of the inspection stream (the live inspector of `?inspect`). */
export function addInspectionListener(listener: (e: InspectionEvent) => void) {
  // Actors started before the listener connected (the app-wide auth actor) are replayed to it.
  for (const e of state.events) listener(e)
  state.listeners.push(listener)
}

/** The `inspect` option every flow actor of the app is created with. */
export function flowInspect(event: InspectionEvent) {
  if (!state.recording && !state.listeners.length) return
  for (const listener of state.listeners) listener(event)
  if (!state.recording) return
  if (event.type === '@xstate.actor' && event.actorRef.sessionId === event.rootId && typeof window !== 'undefined') {
    state.routes.set(event.rootId, window.location.pathname + window.location.search)
  }
  if (event.type !== '@xstate.microstep' && event.type !== '@xstate.action') state.events.push(event)
}

/** The recordings of this session so far (the tab's earlier pages first), the newest last. */
export const sessionRecordings = () => [...state.earlier, ...recordingsFrom(state.events, (id) => state.routes.get(id) ?? '/')]

export function clearRecordings() {
  state.earlier = []
  state.events = []
  state.routes.clear()
  try {
    window.sessionStorage.removeItem(KEPT)
  } catch {
    // nothing kept
  }
}

/** The recorder panel's shortcut, Alt+Shift+R (docs/qa.md). */
export const recorderShortcut = (e: KeyboardEvent) => e.altKey && e.shiftKey && e.code === 'KeyR'

/**
 * Development and test builds: record, mount the recorder panel, and with `?inspect` in the URL
 * connect the live inspector (@statelyai/inspect). The dynamic imports sit behind the MODE check
 * so a production bundle contains neither the panel nor the inspector.
 */
export async function installDevTools() {
  if (import.meta.env.MODE !== 'production') {
    enableRecording()
    // Presses of the shortcut before the panel has loaded are counted, not lost (it opens then).
    let earlyPresses = 0
    const countEarly = (e: KeyboardEvent) => {
      if (recorderShortcut(e)) earlyPresses++
    }
    window.addEventListener('keydown', countEarly)
    const takeEarlyPresses = () => {
      window.removeEventListener('keydown', countEarly)
      return earlyPresses % 2 === 1
    }
    // For a failed replay's message (tests/e2e/drivers/flow-driver.ts whereIs): each flow's state now.
    ;(window as Any).__qaFlowStates = () => sessionRecordings().map((r) => `${r.flow}: ${r.state ?? '?'}`)
    // For a replay's settle check (tests/e2e/drivers/flow-driver.ts chartSettled): the newest actor
    // of a flow, its state and how many snapshots it has had; null while no such actor started.
    ;(window as Any).__qaFlowState = (flow: string) => {
      const rec = sessionRecordings().filter((r) => r.flow === flow).at(-1)
      return rec ? { state: rec.state ?? null, snapshots: rec.snapshots } : null
    }
    if (new URLSearchParams(window.location.search).has('inspect')) {
      const { createBrowserInspector } = await import('@statelyai/inspect')
      const inspector = createBrowserInspector()
      addInspectionListener((e) => inspector.inspect.next?.(e))
    }
    const [{ createRoot }, { createElement }, { RecorderPanel }] = await Promise.all([
      import('react-dom/client'),
      import('react'),
      import('../features/qa/recorder-panel'),
    ])
    const host = document.createElement('div')
    host.id = 'qa-recorder'
    document.body.appendChild(host)
    createRoot(host).render(
      createElement(RecorderPanel, {
        recordings: sessionRecordings,
        toFile: (r, account) => toPathFile(r as Recording, account),
        clear: clearRecordings,
        takeEarlyPresses,
      }),
    )
  }
}
