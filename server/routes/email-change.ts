import type { Deps, PartialHandlers } from '../http/handler'
import { completeEmailChange, requestEmailChange } from '../services/member/email-change'

// The email-change flow (machines/email-change): a link mailed to the new address applies it.

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

export const emailChangeHandlers: PartialHandlers<'email-change-request' | 'email-change-complete'> = {
  /** Mails go to an address the member names: limited per address, per member and per target. */
  async 'email-change-request'({ input, deps, me, address, limit }) {
    const m = me()
    const email = input.email.toLowerCase()
    await limit('perAddress', address)
    await limit('perMember', m.memberId)
    await limit('perEmail', email)
    await requestEmailChange(deps, m, email)
    return {}
  },

  /**
   * The link is the proof and needs no login; a browser signed in as another member gets the
   * failure page all the same (services/member/email-change.ts).
   */
  async 'email-change-complete'({ input, deps, header }) {
    return completeEmailChange(deps, input.token, await callerUid(deps, header('authorization')))
  },
}
