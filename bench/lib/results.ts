import { mkdirSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'

// Every benchmark writes bench/results/<name>.json (with the machine it ran on) and prints one
// summary line. Figures, never pass/fail: a benchmark does not fail a build.

export const BENCH_DIR = path.resolve(import.meta.dirname, '..')
export const RESULTS_DIR = path.join(BENCH_DIR, 'results')

export function machine() {
  return {
    node: process.version,
    cpus: os.cpus().length,
    cpuModel: os.cpus()[0]?.model ?? 'unknown',
    memoryGiB: Math.round(os.totalmem() / 2 ** 30),
    loadAverage1m: Number(os.loadavg()[0].toFixed(2)),
    platform: `${os.platform()} ${os.release()}`,
  }
}

export function writeResult(name: string, data: Record<string, unknown>, summary: string) {
  mkdirSync(RESULTS_DIR, { recursive: true })
  const body = { name, at: new Date().toISOString(), machine: machine(), ...data, summary }
  writeFileSync(path.join(RESULTS_DIR, `${name}.json`), JSON.stringify(body, null, 2) + '\n')
  console.log(`[bench:${name}] ${summary}`)
}

export const round = (n: number, digits = 1) => Number(n.toFixed(digits))
export const kb = (bytes: number) => round(bytes / 1024, 1)
