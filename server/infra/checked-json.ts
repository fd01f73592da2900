import * as v from 'valibot'
import { calls, type CallName, type CallResponse } from '../../contract/calls'

/**
 * An answer already checked against the contract and serialized to UTF-8 bytes: the app sends the
 * bytes as they are. Cached answers (server/infra/cache.ts) are checked, stringified and
 * encoded once, when computed, not on every request that serves them (a string body would be
 * measured and encoded again on each write).
 */
export class CheckedJson<N extends CallName = CallName> {
  /** Which call's contract the bytes passed (type only). */
  declare readonly call: N
  readonly bytes: Uint8Array<ArrayBuffer>
  constructor(text: string) {
    this.bytes = Buffer.from(text, 'utf8')
  }
}

/** The contract is checked on the way out too: a drift is our bug, loudly (a 500, never silent). */
export function checkResponse<N extends CallName>(name: N, out: unknown): CallResponse<N> {
  const checked = v.safeParse(calls[name].response, out)
  if (!checked.success) throw new Error(`response of ${name} breaks the contract: ${v.summarize(checked.issues)}`)
  return checked.output as CallResponse<N>
}

export const checkedJson = <N extends CallName>(name: N, out: CallResponse<N>): CheckedJson<N> => new CheckedJson<N>(JSON.stringify(checkResponse(name, out)))
