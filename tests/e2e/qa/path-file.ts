import * as v from 'valibot'

/**
 * A QA path file (docs/qa.md): which flow, where it starts, as whom, and the ordered steps, each an
 * event the member performs and the chart state expected once the app has settled after it.
 */
export const PathEvent = v.looseObject({ type: v.pipe(v.string(), v.minLength(1)) })

export const PathStep = v.object({
  event: PathEvent,
  /** `a.b` (dot path of the chart's state value); parallel regions joined by `,`. */
  expectedState: v.pipe(v.string(), v.regex(/^[A-Za-z][\w]*(\.[A-Za-z][\w]*)*(,[A-Za-z][\w]*(\.[A-Za-z][\w]*)*)*$/, 'expectedState is a dot path such as signedOut.idle')),
})

export const PathAccount = v.union([
  v.literal('demo'),
  v.literal('fresh'),
  v.object({ email: v.pipe(v.string(), v.email()), password: v.pipe(v.string(), v.minLength(1)) }),
])

export const PathFile = v.object({
  flow: v.pipe(v.string(), v.minLength(1)),
  startRoute: v.pipe(v.string(), v.startsWith('/')),
  account: PathAccount,
  /** Free text: where the path came from (generated, recorded) and what it shows. */
  description: v.optional(v.string()),
  steps: v.pipe(v.array(PathStep), v.minLength(1)),
})

export type PathFile = v.InferOutput<typeof PathFile>
export type PathStep = v.InferOutput<typeof PathStep>

/** Parses a path file's text; the error names the file and the offending field. */
export function parsePathFile(text: string, name = 'path file'): PathFile {
  let json: unknown
  try {
    json = JSON.parse(text)
  } catch (e) {
    throw new Error(`${name}: not JSON (${(e as Error).message})`)
  }
  const result = v.safeParse(PathFile, json)
  if (!result.success) {
    const issue = result.issues[0]
    throw new Error(`${name}: ${v.getDotPath(issue) ?? '(root)'}: ${issue.message}`)
  }
  return result.output
}
