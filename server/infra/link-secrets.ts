import { createCipheriv, createDecipheriv, createHash, hkdfSync, randomBytes } from 'node:crypto'

/**
 * Mailed links (signup, e-mail change) carry a random token. The database keeps only its SHA-256
 * digest, so a copy of the database (a backup, the PGlite WAL) cannot open a link; and
 * what must wait for the link — the signup password — is sealed with a key derived from the token
 * itself, so it can be opened only with the mailed link, by nobody else and by no server-wide key
 * (docs/decisions.md "Signup: one sealed record per request").
 */

/** How long a mailed link (signup, e-mail change) stays valid. */
export const LINK_HOURS = 24

export const newLinkToken = () => randomBytes(24).toString('hex')

export const tokenDigest = (token: string) => createHash('sha256').update(token, 'utf8').digest('hex')

const keyOf = (token: string) => Buffer.from(hkdfSync('sha256', Buffer.from(token, 'utf8'), Buffer.alloc(0), 'mypage signup password v1', 32))

/** AES-256-GCM under a key derived from the link token: `v1.<iv>.<tag>.<ciphertext>` (base64url). */
export function sealWithToken(token: string, plaintext: string): string {
  const iv = randomBytes(12)
  const cipher = createCipheriv('aes-256-gcm', keyOf(token), iv)
  const ct = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()])
  return ['v1', iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), ct.toString('base64url')].join('.')
}

/** The sealed text, or null when the token does not open it (wrong link, altered row). */
export function openWithToken(token: string, sealed: string): string | null {
  const [version, iv, tag, ct] = sealed.split('.')
  if (version !== 'v1' || !iv || !tag || ct === undefined) return null
  try {
    const decipher = createDecipheriv('aes-256-gcm', keyOf(token), Buffer.from(iv, 'base64url'))
    decipher.setAuthTag(Buffer.from(tag, 'base64url'))
    return Buffer.concat([decipher.update(Buffer.from(ct, 'base64url')), decipher.final()]).toString('utf8')
  } catch {
    return null
  }
}
