import { spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createFirebaseIdentity } from '../../server/adapters/identity'
import { openDatabase, type Database } from '../../server/db/client'
import { auditLog, staffAccounts } from '../../server/db/schema'
import { createScratchDatabase } from '../../scripts/stack/scratch-db'

// `npm run staff` as an operator runs it on a new installation (docs/operations.md "Staff
// accounts"): the command itself in a process of its own, against the Auth Emulator and a database
// of its own (PostgreSQL when TEST_DATABASE_URL is set, else a PGlite folder), then what it left:
// the sign-in account with its claim, the staff_accounts row and the audit row: what the server's
// staff check reads on every call (server/http/staff.ts).

const ROOT = path.resolve(import.meta.dirname, '../..')
const TSX = path.join(ROOT, 'node_modules', '.bin', 'tsx')

let dir: string
let scratch: Awaited<ReturnType<typeof createScratchDatabase>> | null = null
let dbEnv: Record<string, string>
beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'mypage-staff-cli-'))
  scratch = process.env.TEST_DATABASE_URL ? await createScratchDatabase(process.env.TEST_DATABASE_URL, 'mypage_cli') : null
  dbEnv = scratch ? { DATABASE_URL: scratch.url } : { PGLITE_DIR: path.join(dir, 'pglite') }
}, 60_000)
afterAll(async () => {
  await scratch?.drop()
  rmSync(dir, { recursive: true, force: true })
})

function staffCommand(args: string[], env: Record<string, string | undefined> = {}): Promise<{ code: number | null; out: string; err: string }> {
  return new Promise((resolve) => {
    const child = spawn(TSX, ['server/staff-cli.ts', ...args], {
      cwd: ROOT,
      env: { ...process.env, DATABASE_URL: undefined, PGLITE_DIR: undefined, ...dbEnv, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    let out = ''
    let err = ''
    child.stdout.on('data', (d: Buffer) => (out += d.toString()))
    child.stderr.on('data', (d: Buffer) => (err += d.toString()))
    child.on('exit', (code) => resolve({ code, out, err }))
  })
}

async function signIn(email: string, password: string): Promise<string> {
  const res = await fetch(`http://${process.env.FIREBASE_AUTH_EMULATOR_HOST}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=any`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password, returnSecureToken: true }),
  })
  const body = (await res.json()) as { idToken?: string }
  if (!body.idToken) throw new Error(`sign-in failed for ${email}`)
  return body.idToken
}

describe('npm run staff (the first operator)', () => {
  it('refuses unknown words and a missing identity provider, with the usage', async () => {
    const bad = await staffCommand(['grant', 'admin', 'someone@example.com'])
    expect(bad.code).toBe(2)
    expect(bad.err).toContain('usage: npm run staff -- grant operator <email>')
    const noProvider = await staffCommand(['list'], { FIREBASE_AUTH_EMULATOR_HOST: '', FIREBASE_PROJECT_ID: '' })
    expect(noProvider.code).toBe(2)
    expect(noProvider.err).toContain('FIREBASE_AUTH_EMULATOR_HOST')
  }, 60_000)

  it('grants operator to a new account: claim, row, audit row as system, and a token that carries the role', async () => {
    const email = `first-operator-${Date.now()}@example.com`
    const granted = await staffCommand(['grant', 'operator', email.toUpperCase(), '--password', 'first-op-pass1'])
    expect(granted.err).toBe('')
    expect(granted.code).toBe(0)
    expect(granted.out).toContain(`granted operator to ${email}`)

    const listed = await staffCommand(['list'])
    expect(listed.code).toBe(0)
    expect(listed.out).toMatch(new RegExp(`^${email.replace(/[.]/g, '\\.')}\\toperator\\t`, 'm'))

    // What the command left, read after it exited (PGlite is one process's database).
    let database: Database | null = null
    try {
      database = await openDatabase(scratch ? { url: scratch.url } : { dataDir: dbEnv.PGLITE_DIR })
      const [row] = await database.db.select().from(staffAccounts).where(eq(staffAccounts.email, email))
      expect(row).toMatchObject({ roles: ['operator'], staffId: null })
      const [audit] = await database.db.select().from(auditLog).where(eq(auditLog.targetId, row.uid))
      expect(audit).toMatchObject({ action: 'role-grant', actorUid: 'system', actorRole: 'system' })
      expect(audit.actorEmail).toContain('(npm run staff)')

      // The account signs in with the first password and its token carries the role.
      const identity = createFirebaseIdentity({ projectId: process.env.FIREBASE_PROJECT_ID ?? 'demo-mypage', emulatorHost: process.env.FIREBASE_AUTH_EMULATOR_HOST })
      const decoded = await identity.verifyIdToken(await signIn(email, 'first-op-pass1'))
      expect(decoded).toMatchObject({ uid: row.uid, claims: { role: ['operator'] } })
    } finally {
      await database?.close()
    }

    // The last operator cannot be revoked: someone must be able to grant roles.
    const revoke = await staffCommand(['revoke', 'operator', email])
    expect(revoke.code).not.toBe(0)
    expect(revoke.out).not.toContain('revoked')
  }, 120_000)
})
