import { spawn, type ChildProcess } from 'node:child_process'
import net from 'node:net'

// Child-process plumbing shared by `npm start`, the test command and the test runners'
// global setups: ports, readiness, and one clean shutdown of everything we started.

export class StackError extends Error {}

/** Fails with a clear message when the port is taken (the start command's ports are configurable). */
export async function assertPortFree(port: number, what: string, envVar: string): Promise<void> {
  await new Promise<void>((resolve, reject) => {
    const srv = net.createServer()
    srv.once('error', (err: NodeJS.ErrnoException) => {
      reject(err.code === 'EADDRINUSE'
        ? new StackError(`Port ${port} for ${what} is already in use. Stop what uses it or choose another port with ${envVar}=<port>.`)
        : err)
    })
    srv.listen(port, '127.0.0.1', () => srv.close(() => resolve()))
  })
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer()
    srv.once('error', reject)
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo
      srv.close(() => resolve(port))
    })
  })
}

export type Child = { name: string; proc: ChildProcess; output: () => string }

const children: Child[] = []

export type SpawnOptions = {
  env?: NodeJS.ProcessEnv
  /** Print the child's output, prefixed with its name (npm start); tests keep it for errors only. */
  echo?: boolean
  cwd?: string
}

export function spawnChild(name: string, command: string, args: string[], opts: SpawnOptions = {}): Child {
  // detached: the child leads its own process group, so stopping it also stops its children
  // (firebase-tools forks the emulator; vite forks esbuild).
  const proc = spawn(command, args, {
    cwd: opts.cwd,
    env: { ...process.env, ...opts.env },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  })
  let log = ''
  const onData = (chunk: Buffer) => {
    const text = chunk.toString()
    log = (log + text).slice(-20_000)
    if (opts.echo) {
      for (const line of text.split('\n')) if (line.trim()) process.stdout.write(`[${name}] ${line}\n`)
    }
  }
  proc.stdout?.on('data', onData)
  proc.stderr?.on('data', onData)
  const child = { name, proc, output: () => log }
  children.push(child)
  return child
}

/** Polls `check` until it resolves true; fails with the child's recent output if it exits or times out. */
export async function waitUntilReady(child: Child, check: () => Promise<boolean>, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs
  while (Date.now() < deadline) {
    if (child.proc.exitCode !== null) {
      throw new StackError(`${child.name} exited with code ${child.proc.exitCode} before it was ready:\n${child.output()}`)
    }
    if (await check().catch(() => false)) return
    await new Promise((r) => setTimeout(r, 250))
  }
  throw new StackError(`${child.name} was not ready after ${timeoutMs / 1000} s:\n${child.output()}`)
}

export const httpOk = (url: string) => async () => (await fetch(url)).status < 500

async function stopChild(child: Child, timeoutMs = 10_000): Promise<void> {
  const { proc } = child
  if (proc.exitCode !== null || proc.signalCode !== null || proc.pid === undefined) return
  const exited = new Promise<void>((resolve) => proc.once('exit', () => resolve()))
  try { process.kill(-proc.pid, 'SIGINT') } catch { return }
  const timer = setTimeout(() => { try { process.kill(-proc.pid!, 'SIGKILL') } catch { /* gone */ } }, timeoutMs)
  await exited
  clearTimeout(timer)
}

/** Stops every child we started, newest first (the web server before the API before its services). */
export async function stopAll(): Promise<void> {
  const list = children.splice(0).reverse()
  for (const child of list) await stopChild(child)
}

/** Last-resort cleanup when the parent dies without running stopAll. */
process.once('exit', () => {
  for (const { proc } of children) {
    if (proc.pid !== undefined && proc.exitCode === null) { try { process.kill(-proc.pid, 'SIGKILL') } catch { /* gone */ } }
  }
})

/** Waits for a one-shot child (a build) and fails with its output unless it exits 0. */
export async function waitForExit(child: Child): Promise<void> {
  const { proc } = child
  const code = proc.exitCode ?? await new Promise<number | null>((resolve) => proc.once('exit', (c) => resolve(c)))
  if (code !== 0) throw new StackError(`${child.name} failed with exit code ${code}:\n${child.output()}`)
}

/**
 * Runs a long-lived stack (`npm start`, `npm run dev`): Ctrl-C or SIGTERM stops every child, and so
 * does any child that dies on its own, with its last output shown.
 */
export function runStack(start: () => Promise<Child[]>): void {
  let stopping = false
  const shutdown = async (code: number) => {
    if (stopping) return
    stopping = true
    console.log('\nStopping mypage…')
    await stopAll()
    process.exit(code)
  }
  process.on('SIGINT', () => void shutdown(0))
  process.on('SIGTERM', () => void shutdown(0))
  start()
    .then((running) => {
      for (const child of running) {
        child.proc.once('exit', (code, signal) => {
          if (stopping) return
          console.error(`\n${child.name} stopped unexpectedly (${signal ?? `exit ${code}`}):\n${child.output().slice(-3000)}`)
          void shutdown(1)
        })
      }
    })
    .catch((err) => {
      console.error(err instanceof StackError ? `\n${err.message}` : err)
      void shutdown(1)
    })
}
