import { mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import type { Database } from './client'

/**
 * Backups of the embedded PGlite database while the server runs (docs/operations.md "Backups").
 * PGlite lives inside this one process, so no other program may open its directory meanwhile, and
 * a file copy of a directory that is being written is not a backup. The process makes the copy
 * itself: `kill -USR2 <pid>` writes `pglite-<UTC time>.tar.gz` into the backup folder. PGlite's
 * `dumpDataDir` takes it between two queries (its query lock): the data files and the WAL as one
 * crash-consistent snapshot, with every committed transaction in it; opening the copy replays the
 * WAL like a restart after a power cut would. Restore: stop the server, unpack the archive into an
 * empty PGLITE_DIR (`tar -xzf`), start it.
 */
export async function writePgliteBackup(database: Pick<Database, 'dumpDataDir'>, dir: string, now = new Date()): Promise<string> {
  if (!database.dumpDataDir) throw new Error('only the embedded PGlite database is backed up by the server (PostgreSQL: pg_dump)')
  const blob = await database.dumpDataDir()
  mkdirSync(dir, { recursive: true })
  const file = path.join(dir, `pglite-${now.toISOString().replace(/[:.]/g, '-')}.tar.gz`)
  // Written beside and renamed: a copy job never picks up half an archive.
  const partial = `${file}.partial`
  try {
    writeFileSync(partial, Buffer.from(await blob.arrayBuffer()))
    renameSync(partial, file)
  } finally {
    rmSync(partial, { force: true })
  }
  return file
}

/** SIGUSR2 → a backup (one at a time); `report` says where it went or why it failed. */
export function backupOnSignal(database: Pick<Database, 'dumpDataDir'>, dir: string, report: (message: string, error?: unknown) => void): void {
  let running = false
  process.on('SIGUSR2', () => {
    if (running) return report('backup: one is already being written')
    running = true
    writePgliteBackup(database, dir)
      .then((file) => report(`backup: written ${file}`))
      .catch((e: unknown) => report('backup: failed', e))
      .finally(() => (running = false))
  })
}
