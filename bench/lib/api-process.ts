import { spawn, type ChildProcess } from 'node:child_process'
import path from 'node:path'
import autocannon from 'autocannon'
import { LocalDate } from '@js-joda/core'
import { ROOT } from '../../scripts/stack/services'

export type BenchServer = { url: string; token: string; info: Record<string, unknown>; stop: () => Promise<void> }

/** Starts bench/lib/api-server.ts in a child process and waits for its READY line. */
export async function startBenchServer(env: Record<string, string> = {}): Promise<BenchServer> {
  const proc: ChildProcess = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, 'bench/lib/api-server.ts')], {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let log = ''
  const onStdout = (chunk: Buffer) => (log += chunk.toString())
  const onStderr = (chunk: Buffer) => (log += chunk.toString())
  proc.stdout!.on('data', onStdout)
  proc.stderr!.on('data', onStderr)
  const ready = await new Promise<Record<string, unknown>>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`bench server not ready after 300 s:\n${log}`)), 300_000)
    const lookForReady = () => {
      const m = /READY (\{.*\})/.exec(log)
      if (!m) return
      clearTimeout(timer)
      proc.stdout!.off('data', lookForReady)
      resolve(JSON.parse(m[1]))
    }
    proc.stdout!.on('data', lookForReady)
    proc.once('exit', (code) => {
      clearTimeout(timer)
      reject(new Error(`bench server exited (${code}):\n${log}`))
    })
  })
  // From here on the server writes a log line per request (as in production, where a collector
  // reads it): the bench reads and drops it. Kept, the growing text and the READY search over it
  // took the CPU of the load generator, which runs in this process (the bare route fell to 2,000 req/s).
  proc.stdout!.off('data', onStdout)
  proc.stderr!.off('data', onStderr)
  proc.stdout!.resume()
  proc.stderr!.resume()
  log = ''
  const stop = async () => {
    if (proc.exitCode !== null) return
    const exited = new Promise<void>((r) => proc.once('exit', () => r()))
    proc.kill('SIGTERM')
    const t = setTimeout(() => proc.kill('SIGKILL'), 15_000)
    await exited
    clearTimeout(t)
  }
  process.once('exit', () => proc.exitCode === null && proc.kill('SIGKILL'))
  return { url: `http://127.0.0.1:${ready.port}`, token: String(ready.token), info: ready, stop }
}

export type LoadFigures = { reqPerSec: number; p50ms: number; p99ms: number; meanMs: number; maxMs: number; requests: number; non2xx: number; errors: number }

/** One autocannon run; `paths` are cycled through, one per request. */
export async function load(server: BenchServer, paths: string[], opts: { connections: number; duration?: number; amount?: number }): Promise<LoadFigures> {
  let i = 0
  const r = await autocannon({
    url: server.url,
    connections: opts.connections,
    ...(opts.amount ? { amount: opts.amount } : { duration: opts.duration ?? 10 }),
    headers: { authorization: `Bearer ${server.token}` },
    requests: [{ method: 'GET', setupRequest: (req) => ({ ...req, path: paths[i++ % paths.length] }) }],
  })
  return {
    reqPerSec: Math.round(r.requests.average),
    p50ms: r.latency.p50,
    p99ms: r.latency.p99,
    meanMs: Number(r.latency.mean.toFixed(2)),
    maxMs: r.latency.max,
    requests: r.requests.total,
    non2xx: r.non2xx,
    errors: r.errors + r.timeouts,
  }
}

/**
 * One load spread over several replicas of the app, as an L4 balancer spreads
 * connections: one autocannon per replica with its share of the connections, all at once;
 * requests per second add up, latencies are the worst replica's.
 */
export async function loadSpread(servers: BenchServer[], paths: string[], opts: { connections: number; duration: number }): Promise<LoadFigures> {
  const share = Math.max(1, Math.floor(opts.connections / servers.length))
  const runs = await Promise.all(servers.map((s) => load(s, paths, { connections: share, duration: opts.duration })))
  const sum = (f: (r: LoadFigures) => number) => runs.reduce((a, r) => a + f(r), 0)
  const max = (f: (r: LoadFigures) => number) => Math.max(...runs.map(f))
  return {
    reqPerSec: sum((r) => r.reqPerSec), p50ms: max((r) => r.p50ms), p99ms: max((r) => r.p99ms), meanMs: max((r) => r.meanMs), maxMs: max((r) => r.maxMs),
    requests: sum((r) => r.requests), non2xx: sum((r) => r.non2xx), errors: sum((r) => r.errors),
  }
}

/** One request, to check a path answers 200 before it is loaded. */
export async function probe(server: BenchServer, p: string) {
  const res = await fetch(server.url + p, { headers: { authorization: `Bearer ${server.token}` } })
  if (res.status !== 200) throw new Error(`${p} answered ${res.status}: ${await res.text()}`)
  return res.json() as Promise<unknown>
}

/** The booking window's days (today … today+14) as YYYYMMDD, from the server's `today`. */
export function windowDays(today: string): string[] {
  const start = LocalDate.of(Number(today.slice(0, 4)), Number(today.slice(4, 6)), Number(today.slice(6, 8)))
  return Array.from({ length: 15 }, (_, d) => start.plusDays(d).toString().replaceAll('-', ''))
}
