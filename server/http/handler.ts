import type * as v from 'valibot'
import type { CallName, CallResponse, calls } from '../../src/contract/calls'
import type { Identity } from '../adapters/identity'
import type { Mailer } from '../adapters/mailer'
import type { PaymentPort } from '../adapters/payment'
import type { Config } from '../config'
import type { Db } from '../db/client'
import type { Clock } from '../domain/time'
import type { ApiCaches, MemberRow } from '../services/cache'
import type { CheckedJson } from './checked-json'

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

export type HandlerCtx<N extends CallName> = {
  input: v.InferOutput<(typeof calls)[N]['request']>
  deps: Deps
  /** The caller (bearer token verified); throws 401 on anonymous calls. */
  me: () => MemberRow
  header: (name: string) => string | undefined
}

/** A handler answers a value (checked and serialized by the app) or an already checked answer. */
export type Handler<N extends CallName> = (ctx: HandlerCtx<N>) => Promise<CallResponse<N> | CheckedJson<N>>
export type Handlers = { [N in CallName]: Handler<N> }
export type PartialHandlers<K extends CallName> = { [N in K]: Handler<N> }
