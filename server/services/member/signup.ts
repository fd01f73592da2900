import { and, eq, isNull, or } from 'drizzle-orm'
import type { CallResponse } from '../../../contract/calls'
import { IdentityConflictError } from '../../adapters/identity'
import type { Tx } from '../../db/client'
import { isUniqueViolation, lockKey } from '../../db/constraints'
import { members, pendingSignups, tickets } from '../../db/schema'
import { freeInterviewTicket } from '../../db/seed/members'
import { addMinutes } from '../../domain/time'
import { invalid, serverErrors } from '../../domain/errors'
import type { CallInput, Deps } from '../deps'
import { newMemberId, newTicketNumber } from '../../infra/ids'
import { LINK_HOURS, newLinkToken, openWithToken, sealWithToken, tokenDigest } from '../../infra/link-secrets'
import { mails } from '../../mail/member-mails'
import { notify } from '../../infra/outbox'
import { supportTelFor } from '../booking/support-tel'

// The signup flow's records (routes/signup.ts takes the counts and the captcha first).

type SignupPayload = { memberLastname: string; memberFirstname: string; phoneNumber: string; registrationAnswers?: string[]; source?: string; lpSource?: string | null; couponCode?: string | null }

/**
 * Creates the enabled identity user of a completed signup. A disabled user already holding the
 * address with no member row is a signup of the former design (a disabled user per address) that
 * was never completed: it holds no account and is replaced.
 */
async function createSignupIdentity(deps: Deps, tx: Tx, u: { uid: string; email: string; password: string; displayName: string }) {
  try {
    await deps.identity.createUser(u)
    return
  } catch (e) {
    if (!(e instanceof IdentityConflictError)) throw e
  }
  const stale = await deps.identity.getUserByEmail(u.email)
  if (!stale || !stale.disabled) throw invalid(serverErrors.emailAlreadyUsed)
  const [owner] = await tx.select({ id: members.memberId }).from(members).where(eq(members.memberId, stale.uid))
  if (owner) throw invalid(serverErrors.emailAlreadyUsed)
  await deps.identity.deleteUser(stale.uid)
  try {
    await deps.identity.createUser(u)
  } catch (e) {
    if (e instanceof IdentityConflictError) throw invalid(serverErrors.emailAlreadyUsed)
    throw e
  }
}

/**
 * The coupon link the signup came from, handed back for the first login to claim (the claim itself
 * is get-coupon's, with its own checks: expired or unknown codes fail there, not here).
 */
const couponOf = (p: SignupPayload) => (p.couponCode ? { couponCode: p.couponCode } : {})

/**
 * Every request is a record of its own: no identity user exists before the
 * link is opened, so a second request for the address — the landing page needs no captcha —
 * cannot touch the first one's password. The password waits sealed with the mailed token
 * (infra/link-secrets.ts); the database keeps only the token's digest.
 */
export async function requestSignup(deps: Deps, input: CallInput<'signup-request'>): Promise<void> {
  const { db, identity, clock, config } = deps
  const email = input.email.toLowerCase()
  const [existing] = await db.select({ id: members.memberId }).from(members).where(eq(members.email, email))
  if (existing) throw invalid(serverErrors.emailAlreadyUsed)
  // An enabled identity user owns the address (a disabled one is a leftover of the former design).
  const known = await identity.getUserByEmail(email)
  if (known && !known.disabled) throw invalid(serverErrors.emailAlreadyUsed)
  const t = newLinkToken()
  const now = clock.now()
  const { password, recaptchaToken: _captcha, ...payload } = input
  const digest = tokenDigest(t)
  await db.transaction(async (tx) => {
    await tx.insert(pendingSignups).values({
      token: digest,
      memberId: newMemberId(),
      email,
      payload,
      passwordSealed: sealWithToken(t, password),
      createdAt: now,
      expiresAt: addMinutes(now, LINK_HOURS * 60),
    })
    await notify(tx, deps, { kind: 'signup-link', key: `signup-link:${digest}`, mail: mails.signup(email, `${config.appOrigin}/registeration-complete?token=${t}`, `${input.memberLastname} ${input.memberFirstname}`) })
  })
}

/**
 * Completes exactly the registration that mailed this link, with its own password and names.
 * Completions for one address run one at a time (advisory lock on the address): the same link
 * opened twice, or two links of one address opened at once, give one member; the others answer
 * "already registered", as does a later reopening from any browser.
 */
export async function completeSignup(deps: Deps, token: string): Promise<CallResponse<'signup-complete'>> {
  const { db, identity, clock } = deps
  const now = clock.now()
  const digest = tokenDigest(token)
  const [found] = await db.select({ email: pendingSignups.email }).from(pendingSignups).where(eq(pendingSignups.token, digest))
  if (!found) throw invalid(serverErrors.signupLinkInvalid)
  let createdUid: string | null = null
  let outcome: { memberId: string; email: string; payload: SignupPayload; already: boolean }
  try {
    outcome = await db.transaction(async (tx) => {
      await lockKey(tx, `signup:${found.email}`)
      const [row] = await tx.select().from(pendingSignups).where(eq(pendingSignups.token, digest))
      if (!row) throw invalid(serverErrors.signupLinkInvalid)
      const p = row.payload as SignupPayload
      if (row.completedAt) return { memberId: row.memberId, email: row.email, payload: p, already: true }
      const password = row.passwordSealed ? openWithToken(token, row.passwordSealed) : null
      if (row.expiresAt.getTime() <= now.getTime() || password === null) throw invalid(serverErrors.signupLinkInvalid)
      // The address became a member's some other way (an e-mail change): nothing to complete.
      const [taken] = await tx.select({ id: members.memberId }).from(members).where(or(eq(members.email, row.email), eq(members.memberId, row.memberId)))
      if (taken) throw invalid(serverErrors.signupLinkInvalid)
      await tx.insert(members).values({
        memberId: row.memberId,
        email: row.email,
        memberLastname: p.memberLastname,
        memberFirstname: p.memberFirstname,
        phoneNumber: p.phoneNumber,
        useFreeInterviewTime: null,
        registrationAnswers: p.registrationAnswers ?? [],
        source: p.source ?? null,
        lpSource: p.lpSource ?? null,
        createdAt: now,
      })
      // product.md §4 first-time user: holds the free interview ticket.
      await tx.insert(tickets).values(freeInterviewTicket({ ticketNumber: newTicketNumber('M'), memberId: row.memberId, supportStatus: 'UNSUPPORTED', purchaseTime: now }, supportTelFor(deps.config, p.lpSource)))
      // Kept, password wiped: this link and the address's other pending links now answer
      // "already registered" for this member (the other requests' passwords are gone unused).
      await tx.update(pendingSignups).set({ completedAt: now, passwordSealed: null }).where(eq(pendingSignups.token, digest))
      await tx
        .update(pendingSignups)
        .set({ completedAt: now, passwordSealed: null, memberId: row.memberId })
        .where(and(eq(pendingSignups.email, row.email), isNull(pendingSignups.completedAt)))
      await notify(tx, deps, { kind: 'signup-done', key: `signup-done:${row.memberId}`, mail: mails.signupDone(row.email, `${p.memberLastname} ${p.memberFirstname}`) })
      // Last, so a refusal rolls everything back; undone below if the commit itself fails.
      await createSignupIdentity(deps, tx, { uid: row.memberId, email: row.email, password, displayName: `${p.memberLastname} ${p.memberFirstname}` })
      createdUid = row.memberId
      return { memberId: row.memberId, email: row.email, payload: p, already: false }
    })
  } catch (e) {
    if (createdUid) await identity.deleteUser(createdUid).catch(() => {})
    if (isUniqueViolation(e)) throw invalid(serverErrors.signupLinkInvalid)
    throw e
  }
  if (outcome.already) {
    // Still a member (not cancelled since): the success state, not the failure page.
    const [member] = await db.select({ email: members.email }).from(members).where(eq(members.memberId, outcome.memberId))
    if (!member) throw invalid(serverErrors.signupLinkInvalid)
    return { email: member.email, memberId: outcome.memberId, alreadyCompleted: true, ...couponOf(outcome.payload) }
  }
  return { email: outcome.email, memberId: outcome.memberId, ...couponOf(outcome.payload) }
}
