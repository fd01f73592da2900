import type * as v from 'valibot'
import type { CallName, CallResponse, calls } from '../../src/contract/calls'
import type { Identity } from '../adapters/identity'
import type { Mailer } from '../adapters/mailer'
import type { PaymentPort } from '../adapters/payment'
import type { Config } from '../config'
import type { Db } from '../db/client'
import type { members } from '../db/schema'
import type { Clock } from '../domain/time'

export type Deps = {
  db: Db
  identity: Identity
  mailer: Mailer
  payment: PaymentPort
  clock: Clock
  config: Config
}

export type MemberRow = typeof members.$inferSelect

export type HandlerCtx<N extends CallName> = {
  input: v.InferOutput<(typeof calls)[N]['request']>
  deps: Deps
  /** The caller (bearer token verified); throws 401 on anonymous calls. */
  me: () => MemberRow
  header: (name: string) => string | undefined
}

export type Handler<N extends CallName> = (ctx: HandlerCtx<N>) => Promise<CallResponse<N>>
export type Handlers = { [N in CallName]: Handler<N> }
export type PartialHandlers<K extends CallName> = { [N in K]: Handler<N> }
