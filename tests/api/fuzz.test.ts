import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { callNames, fuzzCall, type CallReport } from '../../bench/reliability/fuzz-core'
import { requestMessages } from '../../contract/validation-messages'
import { createHarness, type Harness } from './harness'

// Property-based requests for every call of the contract: a moderate number per call here
// (FUZZ_RUNS, default 30), ≥ 500 per call in bench/reliability/fuzz.ts. 0 5xx, 0 crashes.
const RUNS = Number(process.env.FUZZ_RUNS ?? 30)

describe('fuzzing every call of contract/calls.ts', () => {
  let h: Harness
  const reports: CallReport[] = []
  beforeAll(async () => {
    h = await createHarness()
  }, 60_000)
  afterAll(async () => {
    if (reports.length) console.log(reports.map((r) => `${r.call}: ${r.valid} valid + ${r.invalid} invalid, ${r.accepted} accepted, statuses ${JSON.stringify(r.byStatus)}`).join('\n'))
    await h?.close()
  })

  // Found by this fuzzing: values the contract lets through but a column refuses were 500s.
  it('a number beyond an integer column and a NUL character answer 400, not 500', async () => {
    const m = await h.member('demo')
    expect(await h.get('reservation-menu-list', { token: m.token, query: { estimatedMinute: '9007199254740992' } })).toEqual({ status: 400, body: { message: requestMessages.invalidValue } })
    const nul = await h.post('user-update', { token: m.token, body: { memberLastname: 'a\u0000b', memberFirstname: '太郎', phoneNumber: '09012345678' } })
    expect(nul.status).toBeLessThan(500)
  })

  for (const name of callNames) {
    it(`${name}: no 5xx, no crash, always JSON`, async () => {
      const r = await fuzzCall(h, name, RUNS)
      reports.push(r)
      expect(r.fiveHundreds).toBe(0)
      expect(r.crashes).toBe(0)
      expect(r.notJson).toBe(0)
    }, 60_000)
  }
})
