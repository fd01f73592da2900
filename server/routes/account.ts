import { randomBytes, randomInt } from 'node:crypto'
import { and, desc, eq, gt, inArray, isNull, or } from 'drizzle-orm'
import { apiErrors } from '../../src/contract/messages'
import { IdentityConflictError } from '../adapters/identity'
import { verifyCaptcha } from '../adapters/captcha'
import { bookings, emailChanges, members, passwordResets, pendingSignups, tickets } from '../db/schema'
import { INTERVIEW_TEL } from '../db/seed/members'
import { productRows } from '../db/seed/catalog'
import { addMinutes } from '../domain/time'
import { badRequest, serverErrors } from '../http/errors'
import type { PartialHandlers } from '../http/handler'
import { mails } from '../services/mails'
import { newMemberId, newTicketNumber } from '../services/ids'

const LINK_HOURS = 24
const RESET_CODE_MINUTES = 30
const token = () => randomBytes(24).toString('hex')

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
  // spec §4 Login: the captcha is checked here; the password goes to the identity provider.
  async login({ input, deps }) {
    if (!(await verifyCaptcha(deps.config.recaptchaSecret, input.recaptchaToken))) throw badRequest(serverErrors.captchaFailed)
    return {}
  },

  /**
   * The identity user is created now, disabled, so the password never rests in our database;
   * the mailed link enables it and creates the member (docs/server.md).
   */
  async 'signup-request'({ input, deps }) {
    const { db, identity, clock, config } = deps
    // spec §1: the landing-page variant (source SIGNUP_FORM_LP) has no captcha.
    const captchaRequired = input.source !== 'SIGNUP_FORM_LP'
    if (captchaRequired && !(await verifyCaptcha(config.recaptchaSecret, input.recaptchaToken))) throw badRequest(serverErrors.captchaFailed)
    const email = input.email.toLowerCase()
    const [existing] = await db.select({ id: members.memberId }).from(members).where(eq(members.email, email))
    if (existing) throw badRequest(serverErrors.emailAlreadyUsed)
    const displayName = `${input.memberLastname} ${input.memberFirstname}`
    const known = await identity.getUserByEmail(email)
    let memberId: string
    if (known) {
      // Only a pending (disabled) signup may be repeated; an enabled user owns the address.
      if (!known.disabled) throw badRequest(serverErrors.emailAlreadyUsed)
      memberId = known.uid
      await identity.updateUser(memberId, { password: input.password, displayName })
    } else {
      memberId = newMemberId()
      try {
        await identity.createUser({ uid: memberId, email, password: input.password, displayName, disabled: true })
      } catch (e) {
        if (e instanceof IdentityConflictError) throw badRequest(serverErrors.emailAlreadyUsed)
        throw e
      }
    }
    const t = token()
    const { password: _password, recaptchaToken: _captcha, ...payload } = input
    await db.insert(pendingSignups).values({ token: t, memberId, email, payload, expiresAt: addMinutes(clock.now(), LINK_HOURS * 60) })
    await mails.signup(deps.mailer, email, `${config.appOrigin}/registeration-complete?token=${t}`)
    return {}
  },

  async 'signup-complete'({ input, deps }) {
    const { db, identity, clock } = deps
    const now = clock.now()
    const [pending] = await db.select().from(pendingSignups).where(and(eq(pendingSignups.token, input.token), gt(pendingSignups.expiresAt, now)))
    if (!pending) throw badRequest(serverErrors.signupLinkInvalid)
    const p = pending.payload as { memberLastname: string; memberFirstname: string; phoneNumber: string; registrationAnswers?: string[]; source?: string; lpSource?: string | null }
    const interview = productRows.find((r) => r.productId === 'INTERVIEW-30')!
    await db.transaction(async (tx) => {
      const [taken] = await tx.select({ id: members.memberId }).from(members).where(or(eq(members.email, pending.email), eq(members.memberId, pending.memberId)))
      if (taken) throw badRequest(serverErrors.signupLinkInvalid)
      await tx.insert(members).values({
        memberId: pending.memberId,
        email: pending.email,
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
      await tx.insert(tickets).values({
        ticketNumber: newTicketNumber('M'),
        memberId: pending.memberId,
        productId: interview.productId,
        productType: 'INTERVIEW',
        productName: interview.productName,
        price: 0,
        minutesToSupport: interview.minutesToSupport,
        isFreeTicket: true,
        supportStatus: 'UNSUPPORTED',
        interviewTelNumber: INTERVIEW_TEL,
        purchaseTime: now,
      })
      await tx.delete(pendingSignups).where(eq(pendingSignups.email, pending.email))
    })
    deps.caches.memberChanged(pending.memberId)
    await identity.updateUser(pending.memberId, { disabled: false })
    await mails.signupDone(deps.mailer, pending.email, `${p.memberLastname} ${p.memberFirstname}`)
    return { email: pending.email, memberId: pending.memberId }
  },

  async 'password-reset-request'({ input, deps }) {
    const [m] = await deps.db.select().from(members).where(eq(members.email, input.email.toLowerCase()))
    if (!m) throw badRequest(serverErrors.memberNotFound)
    const code = String(randomInt(100000, 1000000))
    await deps.db.insert(passwordResets).values({ memberId: m.memberId, code, expiresAt: addMinutes(deps.clock.now(), RESET_CODE_MINUTES) })
    await mails.resetCode(deps.mailer, m.email, code)
    return {}
  },

  async 'password-reset'({ input, deps }) {
    const now = deps.clock.now()
    const [m] = await deps.db.select().from(members).where(eq(members.email, input.email.toLowerCase()))
    if (!m) throw badRequest(serverErrors.authCodeInvalid)
    const [reset] = await deps.db
      .select()
      .from(passwordResets)
      .where(and(eq(passwordResets.memberId, m.memberId), eq(passwordResets.code, input.authCode), isNull(passwordResets.usedAt), gt(passwordResets.expiresAt, now)))
      .orderBy(desc(passwordResets.id))
    if (!reset) throw badRequest(serverErrors.authCodeInvalid)
    await deps.identity.updateUser(m.memberId, { password: input.newPassword })
    await deps.db.update(passwordResets).set({ usedAt: now }).where(eq(passwordResets.memberId, m.memberId))
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

  async 'email-change-request'({ input, deps, me }) {
    const m = me()
    const email = input.email.toLowerCase()
    if (email === m.email) throw badRequest(serverErrors.emailAlreadyUsed)
    const [taken] = await deps.db.select({ id: members.memberId }).from(members).where(eq(members.email, email))
    if (taken || (await deps.identity.getUserByEmail(email))) throw badRequest(serverErrors.emailAlreadyUsed)
    const t = token()
    await deps.db.insert(emailChanges).values({ token: t, memberId: m.memberId, newEmail: email, expiresAt: addMinutes(deps.clock.now(), LINK_HOURS * 60) })
    await mails.emailChange(deps.mailer, email, `${deps.config.appOrigin}/settings/email-change-complete?token=${t}`)
    return {}
  },

  async 'email-change-complete'({ input, deps }) {
    const now = deps.clock.now()
    const [change] = await deps.db
      .select()
      .from(emailChanges)
      .where(and(eq(emailChanges.token, input.token), isNull(emailChanges.usedAt), gt(emailChanges.expiresAt, now)))
    if (!change) throw badRequest(serverErrors.emailChangeLinkInvalid)
    const [taken] = await deps.db.select({ id: members.memberId }).from(members).where(eq(members.email, change.newEmail))
    if (taken) throw badRequest(serverErrors.emailAlreadyUsed)
    try {
      await deps.identity.updateUser(change.memberId, { email: change.newEmail })
    } catch (e) {
      if (e instanceof IdentityConflictError) throw badRequest(serverErrors.emailAlreadyUsed)
      throw e
    }
    await deps.db.transaction(async (tx) => {
      await tx.update(members).set({ email: change.newEmail }).where(eq(members.memberId, change.memberId))
      await tx.update(emailChanges).set({ usedAt: now }).where(eq(emailChanges.token, change.token))
    })
    deps.caches.memberChanged(change.memberId)
    return { email: change.newEmail }
  },

  /**
   * Refused while an unused support ticket exists: SUPPORT, UNSUPPORTED, not refunded, and its
   * reservation not yet past (a missed reservation is void, spec §9 terms).
   */
  async 'cancel-account'({ deps, me }) {
    const m = me()
    const now = deps.clock.now()
    const held = await deps.db
      .select()
      .from(tickets)
      .where(and(eq(tickets.memberId, m.memberId), eq(tickets.productType, 'SUPPORT'), eq(tickets.supportStatus, 'UNSUPPORTED'), eq(tickets.amountRefunded, 0)))
    if (held.some((t) => !t.reservationAt || t.reservationAt.getTime() > now.getTime())) throw badRequest(apiErrors.unusedTickets)
    await deps.db.transaction(async (tx) => {
      const numbers = (await tx.select({ n: tickets.ticketNumber }).from(tickets).where(eq(tickets.memberId, m.memberId))).map((r) => r.n)
      if (numbers.length > 0) await tx.delete(bookings).where(inArray(bookings.ticketNumber, numbers))
      await tx.delete(members).where(eq(members.memberId, m.memberId))
    })
    // From here on no call of this process may be served as this member (their token may still
    // verify until it expires): the next lookup reads the row, which is gone, and answers 401.
    deps.caches.memberChanged(m.memberId)
    deps.caches.scheduleChanged()
    await deps.identity.deleteUser(m.memberId)
    return {}
  },
}
