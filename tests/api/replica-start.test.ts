import { readdirSync } from 'node:fs'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openDatabase } from '../../server/db/client'
import { seedIfEmpty } from '../../server/db/seed/index'
import { createScratchDatabase } from '../../scripts/stack/scratch-db'
import { stopAll } from '../../scripts/stack/processes'
import { startReplicas, type Replica } from '../../scripts/stack/replicas'
import { rowCountsAt } from './row-counts'

// Replicas start together (docs/operations.md "Replicas"): three server processes started at the
// same moment on an EMPTY PostgreSQL database race for the migrations and the seed. Without the
// startup lock (server/db/client.ts) one of them died on a duplicate key creating drizzle's
// migrations table or seeding the catalogue; with it, they wait for each other and all come up.

const pgUrl = process.env.TEST_DATABASE_URL
const emulator = () => process.env.FIREBASE_AUTH_EMULATOR_HOST!

let scratch: Awaited<ReturnType<typeof createScratchDatabase>>
let replicas: Replica[]

describe.runIf(pgUrl)('three replicas started at once on an empty PostgreSQL', () => {
  beforeAll(async () => {
    scratch = await createScratchDatabase(pgUrl!, 'mypage_start')
    replicas = await startReplicas({ count: 3, databaseUrl: scratch.url, authEmulatorHost: emulator(), together: true })
  }, 180_000)
  afterAll(async () => {
    await stopAll()
    await scratch?.drop()
  })

  it('all three answer /api/health and the data was migrated and seeded exactly once', async () => {
    expect(replicas).toHaveLength(3)
    for (const r of replicas) {
      const res = await fetch(`${r.url}/api/health`)
      expect(res.status, r.url).toBe(200)
      expect(r.child.proc.exitCode, r.url).toBeNull()
    }
    // Every table holds what one seed of an empty database writes: a second seed would have
    // doubled the shifts and the menus, or died on the products' keys.
    const once = await createScratchDatabase(pgUrl!, 'mypage_start_ref')
    try {
      const ref = await openDatabase({ url: once.url })
      await seedIfEmpty(ref.db, new Date(), { demo: true })
      await ref.close()
      const [raced, reference] = await Promise.all([rowCountsAt(scratch.url), rowCountsAt(once.url)])
      // What the seed wrote (the reference's non-empty tables), once; the rest (the demo staff,
      // written beside the identity provider) is not the seed's.
      const seeded = Object.keys(reference).filter((t) => reference[t] > 0)
      expect(seeded.length).toBeGreaterThan(5)
      expect(Object.fromEntries(seeded.map((t) => [t, raced[t]]))).toEqual(Object.fromEntries(seeded.map((t) => [t, reference[t]])))
      expect(raced.products).toBeGreaterThan(0)
      expect(raced.members).toBe(2)
      expect(raced['drizzle.__drizzle_migrations']).toBe(readdirSync(path.resolve(import.meta.dirname, '../../server/db/migrations')).filter((f) => f.endsWith('.sql')).length)
    } finally {
      await once.drop()
    }
  })
})
