import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { auditActionNames } from '../../contract/audit-names'
import { isJapanese } from '../../contract/validation-messages'

// Every action the server writes to the audit trail has a Japanese name (contract/audit-names.ts):
// the trail is read by operators, not by the people who wrote the code. The actions are read from
// the server's source, as written: an `action:` whose value is a kebab-case literal (or a choice
// of literals); a computed one (a template, a variable) cannot be checked here and fails too.

const SERVER = join(import.meta.dirname, '../../server')

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name)
    if (statSync(path).isDirectory()) return sources(path)
    return path.endsWith('.ts') ? [path] : []
  })
}

/** `action: <expression>` of the audit entries written in one file: the expression's text. */
function actionExpressions(text: string): string[] {
  const out: string[] = []
  for (const m of text.matchAll(/\baction:\s*([^,\n}]+)/g)) {
    const expr = m[1].trim()
    // Other objects' `action` fields (a ticket action, the calendar call's STATUS/ROTATE) are
    // upper-case codes or typed parameters, never audit rows.
    if (/^'[A-Z_]+'$/.test(expr) || /^['"]?[A-Z_]+['"]?\s*\|/.test(expr) || /^(?:v\.|Ticket|input\.action\b|string\b)/.test(expr)) continue
    out.push(expr)
  }
  return out
}

const auditFiles = sources(SERVER).filter((f) => /writeAudit\(|audit\(\{/.test(readFileSync(f, 'utf8')) && !f.endsWith('infra/audit.ts'))

describe('audit trail names', () => {
  it('finds the files that write the trail', () => {
    expect(auditFiles.length).toBeGreaterThan(8)
  })

  for (const file of auditFiles) {
    it(`${file.slice(SERVER.length + 1)}: every action written has a Japanese name`, () => {
      const exprs = actionExpressions(readFileSync(file, 'utf8'))
      for (const expr of exprs) {
        expect(expr, `a computed action cannot be named: ${expr}`).not.toMatch(/`/)
        const literals = [...expr.matchAll(/'([a-z][a-z-]*)'/g)].map((m) => m[1])
        expect(literals.length, `action without a literal: ${expr}`).toBeGreaterThan(0)
        for (const action of literals) expect(auditActionNames, `${action} has no Japanese name`).toHaveProperty([action])
      }
    })
  }

  it('every name is Japanese', () => {
    for (const [action, name] of Object.entries(auditActionNames)) expect(isJapanese(name), action).toBe(true)
  })
})
