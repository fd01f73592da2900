import { randomUUID } from 'node:crypto'
import { notify } from '../../infra/outbox'
import { mails } from '../../mail/member-mails'
import type { Deps, MemberRow } from '../deps'

/**
 * The security notice after a password change (docs/server.md "Security mails"), written to the
 * outbox once the identity provider took the new password: the change is the provider's, no
 * transaction of ours, so the message follows it (a failing mail server never undoes it).
 */
export async function notifyPasswordChanged(deps: Deps, m: MemberRow): Promise<void> {
  await notify(deps.db, deps, { kind: 'password-changed', key: `password-changed:${m.memberId}:${randomUUID()}`, mail: mails.passwordChanged(m.email, deps.clock.now(), deps.config.appOrigin) })
}
