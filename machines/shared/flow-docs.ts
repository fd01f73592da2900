/**
 * What each machine file tells product owners and QA besides the chart itself:
 * `export const flowDocs: FlowDocs = { … }` in machines/<flow>/<flow>-docs.ts beside the chart. `npm run flows` turns it, with
 * the machine object, into docs/flows/<file>.md; events without a description fail the check.
 */
export type FlowDocs = {
  /** Name of the flow in business words (Japanese product terms welcome). */
  title: string
  /** One sentence: what the flow is for. */
  purpose: string
  /** Routes where the flow starts, e.g. ['/login']. */
  routes: string[]
  /** Every event the chart accepts, in business words: what the member or the system did. */
  events: Record<string, string>
}
