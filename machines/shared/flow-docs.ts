/**
 * What each machine file tells product owners and QA besides the chart itself:
 * `export const flowDocs: FlowDocs = { … }` in machines/<flow>/<flow>-docs.ts beside the chart.
 * `npm run flows` turns it, with the machine object, into docs/flows/<flow>-machine.md, and the live
 * flow panel (src/features/qa/flow-panel.tsx, development and test builds) shows the same words.
 * `npm run flows -- --check` fails when a state, guard, actor or event of the chart has no label.
 *
 * Labels are short Japanese product words (they are drawn in boxes and on arrows); the code name
 * is shown small beside them. Product owners read the diagrams alone, without a legend: a condition
 * is a short sentence ending in 「とき」, and every error end or failure names the message the
 * member (or staff user) then reads, quoted in 「」 (a long one shortened with …).
 */
export type FlowDocs = {
  /** Name of the flow in business words (Japanese product terms). */
  title: string
  /** One sentence: what the flow is for. */
  purpose: string
  /** Routes where the flow starts, e.g. ['/login']. */
  routes: string[]
  /** Every event the chart accepts, in business words (Japanese): what the member or the system did. Key: the event type. */
  events: Record<string, string>
  /**
   * Every state, keyed by its dot path from the chart's root (`signedIn.confirmingLogout`, the
   * notation of QA path files). States of a child machine the chart invokes: `<actor src>/<path>`.
   */
  states: Record<string, string>
  /**
   * Every named guard (`setup({ guards })`): the condition as a sentence a reader takes in alone,
   * ending in 「とき」, e.g. 「入力が正しいとき」, 「サーバーが4xxエラーで断ったとき」.
   */
  guards: Record<string, string>
  /** Every invoked actor (`setup({ actors })`), as a verb phrase: loadTicket → 「チケットを読み込む」. */
  actors: Record<string, string>
  /**
   * What the member (or staff user) reads after a transition that does not end the flow, mostly a
   * failure that leads back to the form: keyed `<from> → <to>` by the two states' paths (as in
   * `states`), the message quoted in 「」, e.g.
   * `'signedOut.signingIn → signedOut.idle': '「ログインに失敗しました」を表示'`. It is drawn on that
   * arrow below its conditions and added to the tables. A state the member reads a message in
   * (an end such as `toError`, a `failed` state) names it in its own label instead:
   * 「エラーページへ：500・通信エラーは「システムエラー」、ほかは「ページが見つかりません」」.
   */
  shows?: Record<string, string>
  /**
   * Only for a chart too big for one overview diagram (the overview of docs/flows must fit a page,
   * 1,200 px): its top-level states in parts, each drawn as its own diagram, e.g.
   * `[{ title: '始める', states: ['restoring', 'loading'] }, …]`. Every top-level state that is not
   * a final state belongs to exactly one part; final states are drawn in every part that leads to them.
   */
  parts?: Array<{ title: string; states: string[] }>
}

/** Invoke ids of a machine (`0.rating.loadingTicket`) → the actor's `src` name (`loadTicket`). */
/** FlowDocs with every label table present (the generator and the panel fill absent ones with {}). */
export type FullFlowDocs = Required<Omit<FlowDocs, 'parts' | 'shows'>> & Pick<FlowDocs, 'parts' | 'shows'>

export const fullDocs = (docs: FlowDocs): FullFlowDocs => ({ ...docs, states: docs.states ?? {}, guards: docs.guards ?? {}, actors: docs.actors ?? {} })

export type ActorNames = ReadonlyMap<string, string>

const seconds = (ms: number) => (ms % 1000 === 0 ? `${ms / 1000}秒後` : `${ms}ミリ秒後`)

/**
 * An event as product owners read it: the Japanese label with the code name beside it
 * (`確認する（modal.confirm）`), 「完了：チケットを読み込む」 / 「失敗：…」 for a call's result,
 * 「2秒後」 for a timer. `code: false` leaves the code name out (the panel shows it separately).
 */
export function eventText(docs: FullFlowDocs, type: string, actorNames: ActorNames, code = true): string {
  if (type === '') return 'すぐに'
  let m = /^xstate\.after\.([^.]+)\./.exec(type)
  if (m) return /^\d+$/.test(m[1]) ? seconds(Number(m[1])) : `${m[1]} 後`
  m = /^xstate\.(done|error)\.actor\.(.+)$/.exec(type)
  if (m) {
    const src = actorNames.get(m[2]) ?? m[2]
    return `${m[1] === 'done' ? '完了' : '失敗'}：${docs.actors[src] ?? src}`
  }
  m = /^xstate\.done\.state\.(.+)$/.exec(type)
  if (m) return `終了：${docs.states[m[1].split('.').slice(1).join('.')] ?? m[1]}`
  const label = docs.events[type]
  return label ? (code ? `${label}（${type}）` : label) : type
}

/** The Japanese label of a state (by dot path), or its code name when it has none. */
export const stateText = (docs: FullFlowDocs, path: string): string => docs.states[path] ?? path.split('.').pop() ?? path
