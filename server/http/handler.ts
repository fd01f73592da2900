import type * as v from 'valibot'
import type { CallName, CallResponse, calls } from '../../contract/calls'
import type { Identity } from '../adapters/identity'
import type { Mailer } from '../adapters/mailer'
import type { PaymentPort } from '../adapters/payment'
import type { Config } from '../config'
import type { Db } from '../db/client'
import type { Clock } from '../domain/time'
import type { ApiCaches, MemberRow } from '../services/cache'
import type { CheckedJson } from './checked-json'
import type { LimitedCall, RuleName } from './rate-limit'

export type Deps = {
  db: Db
  identity: Identity
  mailer: Mailer
  payment: PaymentPort
  clock: Clock
  config: Config
  /**
   * This process's member and schedule caches (server/services/cache.ts). Part of the deps so that
   * every writer sharing the database in this process invalidates the same caches.
   */
  caches: ApiCaches
}

export type { MemberRow }

/** A call's request as the handlers and services receive it: parsed by the contract (brands included). */
export type CallInput<N extends CallName> = v.InferOutput<(typeof calls)[N]['request']>

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
