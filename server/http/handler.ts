import type { CallName, CallResponse } from '../../contract/calls'
import type { CallInput, Deps, MemberRow } from '../services/deps'
import type { CheckedJson } from '../infra/checked-json'
import type { LimitedCall, RuleName } from './rate-limit'

export type { CallInput, Deps, MemberRow }

export type HandlerCtx<N extends CallName> = {
  input: CallInput<N>
  deps: Deps
  /** The caller (bearer token verified); throws 401 on anonymous calls. */
  me: () => MemberRow
  header: (name: string) => string | undefined
  /** The caller's network address (server/http/rate-limit.ts `addressOf`). */
  address: string
  /** Counts one attempt of this call under a rate-limit rule for `key`; throws 429 beyond it. */
  limit: (rule: N extends LimitedCall ? RuleName<N> : never, key: string) => Promise<void>
}

/** A handler answers a value (checked and serialized by the app) or an already checked answer. */
export type Handler<N extends CallName> = (ctx: HandlerCtx<N>) => Promise<CallResponse<N> | CheckedJson<N>>
export type Handlers = { [N in CallName]: Handler<N> }
export type PartialHandlers<K extends CallName> = { [N in K]: Handler<N> }
