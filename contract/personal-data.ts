/*
 * What counts as personal data or a secret in free text, for the server's log lines and the error
 * reports of the server and the browser (docs/operations.md "Logs", "Error reports"): e-mail
 * addresses (any script), tokens (bearer, JWT), card numbers, Japanese phone numbers, and JSON values
 * under keys that name a password or a credential. Structured fields are redacted by key where they
 * are written; this is the net under everything else — a message, an error's text.
 */

const SCRUBS: [RegExp, string][] = [
  // A JSON value under a key that names a secret, wherever it is nested (redaction covers two levels).
  [/"([A-Za-z]*[Pp]assword[A-Za-z]*|authorization|cookie|idToken|refreshToken|oobCode|cvc)"\s*:\s*"(?:[^"\\]|\\.)*"/g, '"$1":"[redacted]"'],
  [/\bBearer\s+[^\s"\\]+/gi, 'Bearer [token]'],
  // JWTs (the Auth Emulator's unsigned ones end in a dot).
  [/\beyJ[\w-]{4,}\.[\w-]{4,}\.[\w-]*/g, '[token]'],
  // Any address with an @ and a domain ending in a name (not `mypage@1.2.0`), full-width and other scripts included.
  [/[^\s"'<>()[\]{},;:\\@]+@(?:[^\s"'<>()[\]{},;:\\@.．。]+[.．。])+[^\s"'<>()[\]{},;:\\@.．。\d]{2,}/g, '[email]'],
  // Card numbers: 13–19 digits, spaces or dashes between groups.
  [/(?<![\w.])\d(?:[ -]?\d){12,18}(?![\w.])/g, '[number]'],
  // Japanese phone numbers, with or without dashes, and in +81 form.
  [/(?<![\w.])(?:\+81[ -]?|0)\d{1,4}-\d{1,4}-\d{3,4}(?![\w.])/g, '[phone]'],
  [/(?<![\w.])(?:\+81|0)\d{9,10}(?![\w.])/g, '[phone]'],
]

/** Personal data and secrets in a text (a log line, an error report as JSON) replaced by placeholders. */
export function scrub(text: string): string {
  let out = text
  for (const [re, by] of SCRUBS) out = out.replace(re, by)
  return out
}

