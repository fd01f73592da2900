import type { TestPath } from 'xstate/graph'
import type { ModelConfig } from '../../machines/model'

type Any = any // eslint-disable-line @typescript-eslint/no-explicit-any

// Which chart transitions a generated path takes, to sample the browser paths by them
// (browser-models.ts). Apart from tests/machines/model.ts, whose text is part of the hash every
// chart's committed reference set is written for (tests/machines/reference-paths.ts).

const nodesUnder = (n: Any): Any[] => [n, ...Object.values(n.states ?? {}).flatMap((c) => nodesUnder(c))]

const name = (t: Any) =>
  `${t.source.id} ${t.eventType || 'always'}${t.guard ? ` [${typeof t.guard === 'string' ? t.guard : t.guard.type ?? 'guard'}]` : ''} → ${(t.target ?? []).map((n: Any) => n.id).join(',') || '(stays)'}`

/**
 * The transitions a path takes, each `source event [guard] → target`, sorted: those its events
 * select, and the eventless ones of the states it enters whose targets it then rests in.
 */
export function transitionsTaken(config: ModelConfig, path: TestPath<Any, Any>): string[] {
  const taken = new Set<Any>()
  path.steps.forEach((step, i) => {
    if (i > 0 && step.event.type !== 'xstate.init') for (const t of (config.machine as Any).getTransitionData(path.steps[i - 1].state, step.event) ?? []) taken.add(t)
    const active = (step.state as Any)._nodes as Any[]
    for (const t of active.flatMap((n) => nodesUnder(n)).flatMap((n) => n.always ?? [])) {
      if ((t.target ?? []).every((target: Any) => active.includes(target))) taken.add(t)
    }
  })
  return [...new Set([...taken].map(name))].sort()
}
