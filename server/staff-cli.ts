import os from 'node:os'
import path from 'node:path'
import { createFirebaseIdentity } from './adapters/identity'
import { createSmtpMailer } from './adapters/mailer'
import { openDatabase } from './db/client'
import { systemClock } from './domain/time'
import { DomainError, notFound } from './domain/errors'
import { deliverDue, OUTBOX_DEFAULTS } from './infra/outbox'
import { grantAndInvite, grantRole, listAccounts, revokeRole } from './services/staff/accounts'
import type { AuditActor } from './infra/audit'

// `npm run staff -- <command>` (from the sources), `node dist-server/staff.js <command>` (the
// production build, scripts/build-server.ts): staff roles from a terminal, for the first operator
// and for recovery (docs/operations.md "Staff accounts"). Everything else is done by an operator on the
// staff pages. The same rules as the staff calls (services/staff/accounts.ts), audited as `system`.
//
//   grant operator <email> [--password <first password>]
//   grant consultant <email> <staffId> [--password <first password>]
//   revoke operator|consultant <email>
//   list
//
// Database: DATABASE_URL (PostgreSQL), else PGlite in PGLITE_DIR (default .data/pglite from the
// working directory, the one `npm start` uses; stop the server first: PGlite is one process's database). Identity provider:
// FIREBASE_PROJECT_ID (default demo-mypage) with FIREBASE_AUTH_EMULATOR_HOST for the emulator, or
// a real project's credentials through GOOGLE_APPLICATION_CREDENTIALS. With SMTP_URL and APP_ORIGIN
// (the server's own settings) a grant mails its invitation through the outbox, as the staff page's.

const usage = `usage: npm run staff -- grant operator <email> [--password <pw>]
       npm run staff -- grant consultant <email> <staffId> [--password <pw>]
       npm run staff -- revoke operator|consultant <email>
       npm run staff -- list`

function parseArgs(argv: string[]) {
  const rest: string[] = []
  let password: string | undefined
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === '--password') password = argv[++i]
    else rest.push(argv[i])
  }
  return { rest, password }
}

async function main(): Promise<number> {
  const { rest, password } = parseArgs(process.argv.slice(2))
  const [command, role, email, staffId] = rest
  const valid =
    command === 'list' ||
    (command === 'grant' && role === 'operator' && email) ||
    (command === 'grant' && role === 'consultant' && email && staffId) ||
    (command === 'revoke' && (role === 'operator' || role === 'consultant') && email)
  if (!valid) {
    console.error(usage)
    return 2
  }
  const env = process.env
  const emulatorHost = env.FIREBASE_AUTH_EMULATOR_HOST?.trim() || undefined
  const projectId = env.FIREBASE_PROJECT_ID?.trim() || 'demo-mypage'
  if (!emulatorHost && projectId.startsWith('demo-')) {
    console.error('Set FIREBASE_AUTH_EMULATOR_HOST (the emulator) or FIREBASE_PROJECT_ID of a real project.')
    return 2
  }
  const url = env.DATABASE_URL?.trim() || undefined
  const database = await openDatabase(url ? { url } : { dataDir: path.resolve(env.PGLITE_DIR?.trim() || '.data/pglite') })
  const identity = createFirebaseIdentity({ projectId, emulatorHost })
  const actor: AuditActor = { uid: 'system', email: `${os.userInfo().username}@${os.hostname()} (npm run staff)`, role: 'system' }
  const deps = { db: database.db, identity }
  const now = new Date()
  try {
    if (command === 'list') {
      for (const { account: a, staffNickname } of await listAccounts(database.db)) {
        console.log(`${a.email}\t${a.roles.join(',') || '(no role)'}\t${a.staffId ? `${a.staffId} ${staffNickname ?? ''}` : ''}\t${a.uid}`)
      }
      return 0
    }
    if (command === 'grant') {
      const input = { email: email.trim().toLowerCase(), role: role as 'operator' | 'consultant', staffId, initialPassword: password }
      const smtpUrl = env.SMTP_URL?.trim()
      const appOrigin = env.APP_ORIGIN?.trim().replace(/\/+$/, '')
      let row
      if (smtpUrl && appOrigin) {
        const done = await grantAndInvite({ ...deps, clock: systemClock, config: { appOrigin, outbox: OUTBOX_DEFAULTS } }, actor, input, now)
        row = done.row
        // The invitation is in the outbox; it goes now, and a failed try is retried by a running
        // server's delivery job (docs/server.md "Outbox").
        if (done.outboxId) {
          const transport = createSmtpMailer({ smtpUrl, from: env.MAIL_FROM?.trim() || '"ITサポート マイページ" <no-reply@mypage.example.com>', timeouts: { connectionMs: 5000, greetingMs: 5000, socketMs: 10_000 } })
          await deliverDue({ db: database.db, clock: systemClock, transport, policy: OUTBOX_DEFAULTS }, { ids: [done.outboxId] })
          transport.close()
        }
        console.log(done.invitationMailed ? `invitation mailed to ${row.email} (see the desk's mails for its status)` : 'the account held the role already: no invitation mailed')
      } else {
        row = await grantRole(deps, actor, input, now)
        console.log('no invitation mailed (set SMTP_URL and APP_ORIGIN to mail one)')
      }
      console.log(`granted ${role} to ${row.email} (uid ${row.uid}; roles now: ${row.roles.join(', ')})`)
      console.log('The account signs in again (or refreshes its token) to carry the new role.')
      return 0
    }
    const user = await identity.getUserByEmail(email.trim().toLowerCase())
    if (!user) throw notFound(`no sign-in account for ${email}`)
    const row = await revokeRole(deps, actor, { uid: user.uid, role: role as 'operator' | 'consultant' }, now)
    console.log(`revoked ${role} from ${row.email} (roles now: ${row.roles.join(', ') || 'none'}); refused from its next call on`)
    return 0
  } catch (e) {
    console.error(e instanceof DomainError ? `${e.kind}: ${e.message}` : e)
    return 1
  } finally {
    await identity.close()
    await database.close()
  }
}

main().then((code) => process.exit(code))
