import { freePort, type Child } from './processes'
import { startServer } from './services'

/**
 * Several replicas of the product's server (compiled, as production runs it, API only) on
 * one PostgreSQL database, for the replica tests and benches. The first migrates and
 * seeds; the others start together once it has, and find the database ready.
 */
export type Replica = { url: string; child: Child }

export async function startReplicas(opts: {
  count: number
  databaseUrl: string
  authEmulatorHost: string
  smtpUrl?: string
  /** Settings of replica `index` beyond the stack's own (server/config.ts names). */
  env?: (index: number) => Record<string, string>
  /**
   * Start every replica at once, as an orchestrator does on a deploy: they race for the migrations
   * and the seed of an empty database (the startup lock, server/db/client.ts, makes them wait).
   */
  together?: boolean
}): Promise<Replica[]> {
  const start = async (index: number): Promise<Replica> => {
    const port = await freePort()
    const url = `http://127.0.0.1:${port}`
    const { child } = await startServer({
      port, authEmulatorHost: opts.authEmulatorHost, smtpUrl: opts.smtpUrl ?? 'smtp://127.0.0.1:1', appOrigin: url, databaseUrl: opts.databaseUrl, testRoutes: true, compiled: true, env: opts.env?.(index),
    })
    return { url, child }
  }
  if (opts.together) return Promise.all(Array.from({ length: opts.count }, (_, i) => start(i)))
  const first = await start(0)
  return [first, ...(await Promise.all(Array.from({ length: opts.count - 1 }, (_, i) => start(i + 1))))]
}

/** Ends a replica at once, as a crash or a lost machine would (SIGKILL to its process group). */
export async function killReplica(replica: Replica): Promise<void> {
  const { proc } = replica.child
  if (proc.exitCode !== null || proc.signalCode !== null || proc.pid === undefined) return
  const exited = new Promise<void>((resolve) => proc.once('exit', () => resolve()))
  process.kill(-proc.pid, 'SIGKILL')
  await exited
}
