import { existsSync, readFileSync } from 'node:fs'
import { demoMember } from '../../../server/db/seed/members'

/**
 * After a browser run: the server's log (every line the e2e stack's server wrote) holds none of the
 * demo member's personal data — e-mail address, phone number, password, name (docs/operations.md
 * "Logs"). Throws with the offending lines.
 */
export function checkServerLog(file: string): { lines: number } {
  if (!existsSync(file)) throw new Error(`the server's log ${file} is missing`)
  const lines = readFileSync(file, 'utf8').split('\n').filter((l) => l.trim())
  const requests = lines.filter((l) => l.includes('"msg":"request"'))
  if (requests.length === 0) throw new Error(`the server's log ${file} has no request lines: nothing was checked`)
  const secrets = [demoMember.email, demoMember.phoneNumber, demoMember.phoneNumber.replace(/^(\d{3})(\d{4})(\d{4})$/, '$1-$2-$3'), demoMember.password, demoMember.memberLastname + demoMember.memberFirstname, `${demoMember.memberLastname} ${demoMember.memberFirstname}`]
  const leaks = lines.filter((l) => secrets.some((s) => l.includes(s)))
  if (leaks.length) throw new Error(`the server's log ${file}: ${leaks.length} line(s) with the demo member's personal data:\n${leaks.slice(0, 10).join('\n')}`)
  return { lines: lines.length }
}
