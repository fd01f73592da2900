import { randomInt, timingSafeEqual } from 'node:crypto'
import { and, eq, gt, isNull, lt, or, sql } from 'drizzle-orm'
import { IdentityConflictError } from '../adapters/identity'
import { verifyCaptcha } from '../adapters/captcha'
import { emailChanges, members, passwordResets, pendingSignups, tickets } from '../db/schema'
import { freeInterviewTicket } from '../db/seed/members'
import { addMinutes } from '../domain/time'
import { badRequest, serverErrors } from '../http/errors'
import type { Deps, PartialHandlers } from '../http/handler'
import type { Tx } from '../db/client'
import { newLinkToken, openWithToken, sealWithToken, tokenDigest } from '../services/link-secrets'
import { mails } from '../services/mails'
import { newMemberId, newTicketNumber } from '../services/ids'
import { closeAccount } from '../services/cancel-account'

const LINK_HOURS = 24
const RESET_CODE_MINUTES = 30
/** Tries one reset code survives: the 5th wrong one leaves it void (issue 13 item 4). */
const RESET_CODE_TRIES = 5

/** A unique constraint refused the write (SQLSTATE 23505): a concurrent request got there first. */
const isUniqueViolation = (err: unknown) => {
  for (let e: unknown = err, depth = 0; e && depth < 4; e = (e as { cause?: unknown }).cause, depth++) {
    if ((e as { code?: unknown }).code === '23505') return true
  }
  return false
}

/** Holds every other transaction locking the same key until this one ends (PostgreSQL and PGlite). */
const lockKey = (tx: Tx, key: string) => tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${key}, 0))`)

const sameCode = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b))

/** The uid of a bearer token sent to an anonymous call, or null (no token, or one that does not verify). */
async function callerUid(deps: Deps, authorization: string | undefined): Promise<string | null> {
  const m = /^Bearer\s+(.+)$/i.exec(authorization ?? '')
  if (!m) return null
  try {
    return (await deps.identity.verifyIdToken(m[1].trim())).uid
  } catch {
    return null
  }
}

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
  if (!stale || !stale.disabled) throw badRequest(serverErrors.emailAlreadyUsed)
  const [owner] = await tx.select({ id: members.memberId }).from(members).where(eq(members.memberId, stale.uid))
  if (owner) throw badRequest(serverErrors.emailAlreadyUsed)
  await deps.identity.deleteUser(stale.uid)
  try {
    await deps.identity.createUser(u)
  } catch (e) {
    if (e instanceof IdentityConflictError) throw badRequest(serverErrors.emailAlreadyUsed)
    throw e
  }
}

type SignupPayload = { memberLastname: string; memberFirstname: string; phoneNumber: string; registrationAnswers?: string[]; source?: string; lpSource?: string | null }

export const accountHandlers: PartialHandlers<
  | 'login'
  | 'signup-request'
  | 'signup-complete'
  | 'password-reset-request'
  | 'password-reset'
  | 'password-change'
  | 'user-update'
  | 'email-change-request'
  | 'email-change-complete'
  | 'cancel-account'
> = {
  /**
   * spec §4 Login: the captcha is checked here; the password goes to the identity provider, whose
   * own password check (and lockout) protects the account. Counted per address and per (address,
   * e-mail), never per e-mail alone: junk captchas from one address cannot lock a victim out, and an
   * absent e-mail is just one more (address, "") key, not a way around the count (issue 13 item 7).
   */
  async login({ input, deps, address, limit }) {
    await limit('perAddress', address)
    await limit('perAddressEmail', `${address}|${input.email ?? ''}`)
    if (!(await verifyCaptcha(deps.config.recaptchaSecret, input.recaptchaToken))) throw badRequest(serverErrors.captchaFailed)
    return {}
  },

  /**
   * Every request is a record of its own (issue 13 item 3): no identity user exists before the
   * link is opened, so a second request for the address — the landing page needs no captcha —
   * cannot touch the first one's password. The password waits sealed with the mailed token
   * (services/link-secrets.ts); the database keeps only the token's digest.
   */
  async 'signup-request'({ input, deps, address, limit }) {
    const { db, identity, clock, config } = deps
    const email = input.email.toLowerCase()
    await limit('perAddress', address)
    if (input.source === 'SIGNUP_FORM_LP') {
      // spec §1: the landing-page variant has no captcha widget. The source is the caller's word,
      // so this stricter per-address count is what a script meets instead (docs/decisions.md).
      await limit('perAddressWithoutCaptcha', address)
    } else if (!(await verifyCaptcha(config.recaptchaSecret, input.recaptchaToken))) {
      throw badRequest(serverErrors.captchaFailed)
    }
    // Mails to one address, whoever asks; after the captcha, so a failed one spends nothing of it.
    await limit('perEmail', email)
    const [existing] = await db.select({ id: members.memberId }).from(members).where(eq(members.email, email))
    if (existing) throw badRequest(serverErrors.emailAlreadyUsed)
    // An enabled identity user owns the address (a disabled one is a leftover of the former design).
    const known = await identity.getUserByEmail(email)
    if (known && !known.disabled) throw badRequest(serverErrors.emailAlreadyUsed)
    const t = newLinkToken()
    const now = clock.now()
    const { password, recaptchaToken: _captcha, ...payload } = input
    await db.insert(pendingSignups).values({
      token: tokenDigest(t),
      memberId: newMemberId(),
      email,
      payload,
      passwordSealed: sealWithToken(t, password),
      createdAt: now,
      expiresAt: addMinutes(now, LINK_HOURS * 60),
    })
    await mails.signup(deps.mailer, email, `${config.appOrigin}/registeration-complete?token=${t}`, `${input.memberLastname} ${input.memberFirstname}`)
    return {}
  },

  /**
   * Completes exactly the registration that mailed this link, with its own password and names.
   * Completions for one address run one at a time (advisory lock on the address): the same link
   * opened twice, or two links of one address opened at once, give one member; the others answer
   * "already registered" (issue 12 item 4), as does a later reopening from any browser.
   */
  async 'signup-complete'({ input, deps }) {
    const { db, identity, clock } = deps
    const now = clock.now()
    const digest = tokenDigest(input.token)
    const [found] = await db.select({ email: pendingSignups.email }).from(pendingSignups).where(eq(pendingSignups.token, digest))
    if (!found) throw badRequest(serverErrors.signupLinkInvalid)
    let createdUid: string | null = null
    let outcome: { memberId: string; email: string; payload: SignupPayload; already: boolean }
    try {
      outcome = await db.transaction(async (tx) => {
        await lockKey(tx, `signup:${found.email}`)
        const [row] = await tx.select().from(pendingSignups).where(eq(pendingSignups.token, digest))
        if (!row) throw badRequest(serverErrors.signupLinkInvalid)
        const p = row.payload as SignupPayload
        if (row.completedAt) return { memberId: row.memberId, email: row.email, payload: p, already: true }
        const password = row.passwordSealed ? openWithToken(input.token, row.passwordSealed) : null
        if (row.expiresAt.getTime() <= now.getTime() || password === null) throw badRequest(serverErrors.signupLinkInvalid)
        // The address became a member's some other way (an e-mail change): nothing to complete.
        const [taken] = await tx.select({ id: members.memberId }).from(members).where(or(eq(members.email, row.email), eq(members.memberId, row.memberId)))
        if (taken) throw badRequest(serverErrors.signupLinkInvalid)
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
        // spec §4 first-time user: holds the free interview ticket.
        await tx.insert(tickets).values(freeInterviewTicket({ ticketNumber: newTicketNumber('M'), memberId: row.memberId, supportStatus: 'UNSUPPORTED', purchaseTime: now }))
        // Kept, password wiped: this link and the address's other pending links now answer
        // "already registered" for this member (the other requests' passwords are gone unused).
        await tx.update(pendingSignups).set({ completedAt: now, passwordSealed: null }).where(eq(pendingSignups.token, digest))
        await tx
          .update(pendingSignups)
          .set({ completedAt: now, passwordSealed: null, memberId: row.memberId })
          .where(and(eq(pendingSignups.email, row.email), isNull(pendingSignups.completedAt)))
        // Last, so a refusal rolls everything back; undone below if the commit itself fails.
        await createSignupIdentity(deps, tx, { uid: row.memberId, email: row.email, password, displayName: `${p.memberLastname} ${p.memberFirstname}` })
        createdUid = row.memberId
        return { memberId: row.memberId, email: row.email, payload: p, already: false }
      })
    } catch (e) {
      if (createdUid) await identity.deleteUser(createdUid).catch(() => {})
      if (isUniqueViolation(e)) throw badRequest(serverErrors.signupLinkInvalid)
      throw e
    }
    if (outcome.already) {
      // Still a member (not cancelled since): the success state, not the failure page.
      const [member] = await db.select({ email: members.email }).from(members).where(eq(members.memberId, outcome.memberId))
      if (!member) throw badRequest(serverErrors.signupLinkInvalid)
      return { email: member.email, memberId: outcome.memberId, alreadyCompleted: true }
    }
    deps.caches.memberChanged(outcome.memberId)
    await mails.signupDone(deps.mailer, outcome.email, `${outcome.payload.memberLastname} ${outcome.payload.memberFirstname}`)
    return { email: outcome.email, memberId: outcome.memberId }
  },

  /**
   * spec §8 keeps `Member Not Found.` for an unknown address (an answer that tells whether an
   * address is a member's): both counts are taken first, so probing is as limited as mailing.
   */
  async 'password-reset-request'({ input, deps, address, limit }) {
    const email = input.email.toLowerCase()
    await limit('perAddress', address)
    await limit('perEmail', email)
    const [m] = await deps.db.select().from(members).where(eq(members.email, email))
    if (!m) throw badRequest(serverErrors.memberNotFound)
    const code = String(randomInt(100000, 1000000))
    const expiresAt = addMinutes(deps.clock.now(), RESET_CODE_MINUTES)
    // One live code per member (partial unique index): a new request replaces the unused row, so
    // the older code is void and the tries start again (issue 13 item 4).
    await deps.db
      .insert(passwordResets)
      .values({ memberId: m.memberId, code, expiresAt, attempts: 0 })
      .onConflictDoUpdate({ target: passwordResets.memberId, targetWhere: sql`used_at is null`, set: { code, expiresAt, attempts: 0 } })
    await mails.resetCode(deps.mailer, m.email, code, `${deps.config.appOrigin}/password-reset?email=${encodeURIComponent(m.email)}`)
    return {}
  },

  async 'password-reset'({ input, deps, address, limit }) {
    const email = input.email.toLowerCase()
    await limit('perAddress', address)
    await limit('perEmail', email)
    const now = deps.clock.now()
    const [m] = await deps.db.select().from(members).where(eq(members.email, email))
    if (!m) throw badRequest(serverErrors.authCodeInvalid)
    // Each try takes one of the code's tries in one statement, so parallel guesses cannot share a
    // try: 50 at once compare at most 5, then the code matches nothing (issue 13 item 4).
    const [live] = await deps.db
      .update(passwordResets)
      .set({ attempts: sql`${passwordResets.attempts} + 1` })
      .where(and(eq(passwordResets.memberId, m.memberId), isNull(passwordResets.usedAt), gt(passwordResets.expiresAt, now), lt(passwordResets.attempts, RESET_CODE_TRIES)))
      .returning({ id: passwordResets.id, code: passwordResets.code })
    if (!live || !sameCode(live.code, input.authCode)) throw badRequest(serverErrors.authCodeInvalid)
    // The right code is spent once: two submissions at once cannot both set a password.
    const [claimed] = await deps.db
      .update(passwordResets)
      .set({ usedAt: now })
      .where(and(eq(passwordResets.id, live.id), isNull(passwordResets.usedAt)))
      .returning({ id: passwordResets.id })
    if (!claimed) throw badRequest(serverErrors.authCodeInvalid)
    try {
      await deps.identity.updateUser(m.memberId, { password: input.newPassword })
    } catch (e) {
      // The password did not change: give the code back (unless a newer one replaced it meanwhile).
      await deps.db.update(passwordResets).set({ usedAt: null }).where(eq(passwordResets.id, live.id)).catch(() => {})
      throw e
    }
    return {}
  },

  async 'password-change'({ input, deps, me }) {
    await deps.identity.updateUser(me().memberId, { password: input.newPassword })
    return {}
  },

  async 'user-update'({ input, deps, me }) {
    const m = me()
    const [updated] = await deps.db
      .update(members)
      .set({ memberLastname: input.memberLastname, memberFirstname: input.memberFirstname, phoneNumber: input.phoneNumber })
      .where(eq(members.memberId, m.memberId))
      .returning()
    deps.caches.memberChanged(m.memberId)
    await deps.identity.updateUser(m.memberId, { displayName: `${input.memberLastname} ${input.memberFirstname}` })
    return {
      message: 'お客様情報を変更いたしました',
      member: {
        memberId: updated.memberId,
        email: updated.email,
        memberLastname: updated.memberLastname,
        memberFirstname: updated.memberFirstname,
        phoneNumber: updated.phoneNumber,
        useFreeInterviewTime: updated.useFreeInterviewTime,
      },
    }
  },

  /** Mails go to an address the member names: limited per address, per member and per target. */
  async 'email-change-request'({ input, deps, me, address, limit }) {
    const m = me()
    const email = input.email.toLowerCase()
    await limit('perAddress', address)
    await limit('perMember', m.memberId)
    await limit('perEmail', email)
    if (email === m.email) throw badRequest(serverErrors.emailAlreadyUsed)
    const [taken] = await deps.db.select({ id: members.memberId }).from(members).where(eq(members.email, email))
    if (taken || (await deps.identity.getUserByEmail(email))) throw badRequest(serverErrors.emailAlreadyUsed)
    const t = newLinkToken()
    await deps.db.insert(emailChanges).values({ token: tokenDigest(t), memberId: m.memberId, newEmail: email, expiresAt: addMinutes(deps.clock.now(), LINK_HOURS * 60) })
    await mails.emailChange(deps.mailer, email, `${deps.config.appOrigin}/settings/email-change-complete?token=${t}`)
    return {}
  },

  /**
   * The link is the proof and needs no login; a browser signed in as another member gets the
   * failure page all the same. The link is claimed in the transaction that applies it: of two
   * opens at once one applies it and the other, after its commit, finds it used. A used link whose
   * address is still the member's answers "already changed" (issue 12 item 4).
   */
  async 'email-change-complete'({ input, deps, header }) {
    const { db, identity } = deps
    const now = deps.clock.now()
    const digest = tokenDigest(input.token)
    const caller = await callerUid(deps, header('authorization'))
    const [change] = await db.select().from(emailChanges).where(eq(emailChanges.token, digest))
    if (!change || (caller !== null && caller !== change.memberId)) throw badRequest(serverErrors.emailChangeLinkInvalid)
    const alreadyChanged = async () => {
      const [member] = await db.select({ email: members.email }).from(members).where(eq(members.memberId, change.memberId))
      if (member?.email !== change.newEmail) throw badRequest(serverErrors.emailChangeLinkInvalid)
      return { email: change.newEmail, alreadyCompleted: true }
    }
    if (change.usedAt) return alreadyChanged()
    if (change.expiresAt.getTime() <= now.getTime()) throw badRequest(serverErrors.emailChangeLinkInvalid)
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
        if (!member) throw badRequest(serverErrors.emailChangeLinkInvalid)
        const [taken] = await tx.select({ id: members.memberId }).from(members).where(eq(members.email, claimed.newEmail))
        if (taken) throw badRequest(serverErrors.emailAlreadyUsed)
        // members.email is unique: another member's concurrent change to this address fails here.
        await tx.update(members).set({ email: claimed.newEmail }).where(eq(members.memberId, claimed.memberId))
        try {
          await identity.updateUser(claimed.memberId, { email: claimed.newEmail })
        } catch (e) {
          if (e instanceof IdentityConflictError) throw badRequest(serverErrors.emailAlreadyUsed)
          throw e
        }
        previousEmail = member.email
        return true
      })
    } catch (e) {
      // The identity provider changed but our commit did not: put the sign-in address back.
      if (previousEmail) await identity.updateUser(change.memberId, { email: previousEmail }).catch(() => {})
      if (isUniqueViolation(e)) throw badRequest(serverErrors.emailAlreadyUsed)
      throw e
    }
    if (!applied) return alreadyChanged()
    deps.caches.memberChanged(change.memberId)
    return { email: change.newEmail }
  },

  // Serialised with the member's purchases (issue 13 item 2): services/account-closure.ts.
  async 'cancel-account'({ deps, me }) {
    await closeAccount(deps, me())
    return {}
  },
}
