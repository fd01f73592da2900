import { Worker } from 'node:worker_threads'

/*
 * The event-loop watchdog (docs/operations.md "Deadlines and the watchdog", decision 111). A loop
 * held by computation (a walk that never ends, a huge parse, PGlite's WebAssembly running a long
 * statement) answers nothing — not /api/health, not SIGTERM — and cannot time itself: no timer of
 * its own runs while it is held. So the main thread only counts heartbeats into a
 * SharedArrayBuffer, and a worker thread, whose own loop is free, watches the count:
 *
 * - no heartbeat for `blockedMs`: the worker marks the process blocked in the shared memory and
 *   writes a log line itself (synchronously to stdout, as a JSON line: the main thread's logger
 *   cannot run). Should the main loop come back, its next heartbeat sees the mark: readiness
 *   answers 503 `event-loop` (readiness.ts) and `onBlocked` stops the process in order, exit 1;
 * - still none at twice `blockedMs`: the worker ends the process with SIGKILL (the only signal a
 *   held loop cannot ignore), for the orchestrator to start a fresh one.
 *
 * A pause of the whole process (SIGSTOP, a frozen VM) stops this thread too: it sees its own tick
 * late and starts watching again rather than take the pause for a blocked loop.
 *
 * The worker's code is a string (`eval`), so the compiled server (one bundled file,
 * scripts/build-server.ts) carries it without a file of its own.
 */

const WATCHER = `
const { workerData } = require('node:worker_threads')
const fs = require('node:fs')
const { shared, blockedMs, tickMs, pid } = workerData
const state = new Int32Array(shared)
let seen = Atomics.load(state, 0)
let since = Date.now()
let lastTick = since
let reported = false
// This thread late too: the whole process was paused (SIGSTOP, a frozen VM or container), not
// its loop blocked; the watch starts again from now.
const pausedMs = Math.max(1000, blockedMs / 2)
const line = (level, msg, blockedFor) => {
  try { fs.writeSync(1, JSON.stringify({ level, time: Date.now(), pid, msg, blockedMs: blockedFor }) + '\\n') } catch {}
}
setInterval(() => {
  const now = Date.now()
  const late = now - lastTick > pausedMs
  lastTick = now
  const beat = Atomics.load(state, 0)
  if (late) {
    seen = beat
    since = now
    return
  }
  if (beat !== seen) {
    seen = beat
    since = now
    reported = false
    return
  }
  const blockedFor = now - since
  if (blockedFor >= blockedMs && !reported) {
    reported = true
    Atomics.store(state, 1, 1)
    line(50, 'watchdog: event loop blocked, not ready; the process ends', blockedFor)
  }
  if (blockedFor >= 2 * blockedMs) {
    line(60, 'watchdog: event loop still blocked, killing the process (SIGKILL)', blockedFor)
    process.kill(pid, 'SIGKILL')
  }
}, tickMs)
`

export type Watchdog = { stop: () => Promise<void> }

/**
 * Starts watching this thread's event loop: `onBlocked(ms)` runs once, on the first heartbeat after
 * a block of `blockedMs` or more. Heartbeats every quarter of `blockedMs` (at most 250 ms); the
 * heartbeat's timer and the worker never keep the process alive.
 */
export function startWatchdog(opts: { blockedMs: number; onBlocked: () => void }): Watchdog {
  const tickMs = Math.max(10, Math.min(250, Math.floor(opts.blockedMs / 4)))
  const shared = new SharedArrayBuffer(8)
  const state = new Int32Array(shared)
  const worker = new Worker(WATCHER, { eval: true, workerData: { shared, blockedMs: opts.blockedMs, tickMs, pid: process.pid } })
  worker.unref()
  let told = false
  const heartbeat = setInterval(() => {
    Atomics.add(state, 0, 1)
    if (!told && Atomics.load(state, 1) === 1) {
      told = true
      opts.onBlocked()
    }
  }, tickMs)
  heartbeat.unref()
  return {
    stop: async () => {
      clearInterval(heartbeat)
      await worker.terminate()
    },
  }
}
