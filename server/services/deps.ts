import type * as v from 'valibot'
import type { CallName, calls } from '../../contract/calls'
import type { Identity } from '../adapters/identity'
import type { Mailer } from '../adapters/mailer'
import type { PaymentPort } from '../adapters/payment'
import type { Config } from '../config'
import type { Db } from '../db/client'
import type { Clock } from '../domain/time'
import type { ApiCaches, MemberRow } from '../infra/cache'

/**
 * What a service works with: the database, the adapters, the clock, the config and this process's
 * caches. The HTTP layer builds it once and hands it down; services never see a request.
 */
export type Deps = {
  db: Db
  identity: Identity
  mailer: Mailer
  payment: PaymentPort
  clock: Clock
  config: Config
  /**
   * This process's member and schedule caches (server/infra/cache.ts). Part of the deps so that
   * every writer sharing the database in this process invalidates the same caches.
   */
  caches: ApiCaches
}

/** The signed-in member a member call runs for (the members row, as the member cache holds it). */
export type { MemberRow }

/** A call's request as the handlers and services receive it: parsed by the contract (brands included). */
export type CallInput<N extends CallName> = v.InferOutput<(typeof calls)[N]['request']>
