import { and, eq, gt, isNull } from 'drizzle-orm'
import type { CallResponse } from '../../../contract/calls'
import { IdentityConflictError } from '../../adapters/identity'
import { isUniqueViolation } from '../../db/constraints'
import { emailChanges, members } from '../../db/schema'
import { addMinutes } from '../../domain/time'
import { invalid, serverErrors } from '../../domain/errors'
import type { Deps, MemberRow } from '../deps'
import { LINK_HOURS, newLinkToken, tokenDigest } from '../../infra/link-secrets'
import { mails } from '../../mail/member-mails'
import { notify } from '../../infra/outbox'

/** Mails the link that moves member `m` to `email` (lower-cased), unless the address is taken. */
export async function requestEmailChange(deps: Deps, m: MemberRow, email: string): Promise<void> {
  if (email === m.email) throw invalid(serverErrors.emailAlreadyUsed)
  const [taken] = await deps.db.select({ id: members.memberId }).from(members).where(eq(members.email, email))
  if (taken || (await deps.identity.getUserByEmail(email))) throw invalid(serverErrors.emailAlreadyUsed)
  const t = newLinkToken()
  const digest = tokenDigest(t)
  await deps.db.transaction(async (tx) => {
    await tx.insert(emailChanges).values({ token: digest, memberId: m.memberId, newEmail: email, expiresAt: addMinutes(deps.clock.now(), LINK_HOURS * 60) })
    await notify(tx, deps, { kind: 'email-change-link', key: `email-change-link:${digest}`, mail: mails.emailChange(email, `${deps.config.appOrigin}/settings/email-change-complete?token=${t}`) })
  })
}

/**
 * Applies the link `token`; `caller` is the uid of a browser signed in when it opened the link
 * (another member's gets the failure page). The link is claimed in the transaction that applies
 * it: of two opens at once one applies it and the other, after its commit, finds it used. A used
 * link whose address is still the member's answers "already changed".
 */
export async function completeEmailChange(deps: Deps, token: string, caller: string | null): Promise<CallResponse<'email-change-complete'>> {
  const { db, identity } = deps
  const now = deps.clock.now()
  const digest = tokenDigest(token)
  const [change] = await db.select().from(emailChanges).where(eq(emailChanges.token, digest))
  if (!change || (caller !== null && caller !== change.memberId)) throw invalid(serverErrors.emailChangeLinkInvalid)
  const alreadyChanged = async () => {
    const [member] = await db.select({ email: members.email }).from(members).where(eq(members.memberId, change.memberId))
    if (member?.email !== change.newEmail) throw invalid(serverErrors.emailChangeLinkInvalid)
    return { email: change.newEmail, alreadyCompleted: true }
  }
  if (change.usedAt) return alreadyChanged()
  if (change.expiresAt.getTime() <= now.getTime()) throw invalid(serverErrors.emailChangeLinkInvalid)
  let previousEmail: string | null = null
  let applied: boolean
  try {
    applied = await db.transaction(async (tx) => {
      const [claimed] = await tx
        .update(emailChanges)
        .set({ usedAt: now })
        .where(and(eq(emailChanges.token, digest), isNull(emailChanges.usedAt), gt(emailChanges.expiresAt, now)))
        .returning()
      if (!claimed) return false
      const [member] = await tx.select({ email: members.email }).from(members).where(eq(members.memberId, claimed.memberId))
      if (!member) throw invalid(serverErrors.emailChangeLinkInvalid)
      const [taken] = await tx.select({ id: members.memberId }).from(members).where(eq(members.email, claimed.newEmail))
      if (taken) throw invalid(serverErrors.emailAlreadyUsed)
      // members.email is unique: another member's concurrent change to this address fails here.
      await tx.update(members).set({ email: claimed.newEmail }).where(eq(members.memberId, claimed.memberId))
      try {
        await identity.updateUser(claimed.memberId, { email: claimed.newEmail })
      } catch (e) {
        if (e instanceof IdentityConflictError) throw invalid(serverErrors.emailAlreadyUsed)
        throw e
      }
      previousEmail = member.email
      // The mailbox that loses the account hears of it (docs/server.md "Security mails"), with the change.
      await notify(tx, deps, { kind: 'email-changed', key: `email-changed:${digest}`, mail: mails.emailChanged(member.email, claimed.newEmail, now) })
      return true
    })
  } catch (e) {
    // The identity provider changed but our commit did not: put the sign-in address back.
    if (previousEmail) await identity.updateUser(change.memberId, { email: previousEmail }).catch(() => {})
    if (isUniqueViolation(e)) throw invalid(serverErrors.emailAlreadyUsed)
    throw e
  }
  if (!applied) return alreadyChanged()
  return { email: change.newEmail }
}
