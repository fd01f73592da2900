import { describe, expect, it } from 'vitest'
import { parsePathFile } from '../e2e/qa/path-file'

// The QA path-file format (docs/qa.md).
const valid = {
  flow: 'auth',
  startRoute: '/login',
  account: 'fresh',
  steps: [
    { event: { type: 'form.change', field: 'email', value: '${email}' }, expectedState: 'signedOut.idle' },
    { event: { type: 'form.submit' }, expectedState: 'signedIn.active' },
  ],
}

describe('path file schema', () => {
  it('accepts the documented shape and keeps the event data', () => {
    const file = parsePathFile(JSON.stringify(valid))
    expect(file.steps[0].event).toEqual({ type: 'form.change', field: 'email', value: '${email}' })
  })
  it('accepts an explicit account and parallel states', () => {
    const file = parsePathFile(JSON.stringify({ ...valid, account: { email: 'qa@example.com', password: 'pw123456' }, steps: [{ event: { type: 'form.submit' }, expectedState: 'form.submitted,clipboard.idle' }] }))
    expect(file.account).toEqual({ email: 'qa@example.com', password: 'pw123456' })
  })
  it.each([
    [{ ...valid, account: 'someone' }, 'account'],
    [{ ...valid, startRoute: 'login' }, 'startRoute'],
    [{ ...valid, steps: [] }, 'steps'],
    [{ ...valid, steps: [{ event: { type: '' }, expectedState: 'a' }] }, 'steps.0.event.type'],
    [{ ...valid, steps: [{ event: { type: 'x' }, expectedState: 'a..b' }] }, 'steps.0.expectedState'],
  ])('rejects %j naming %s', (json, field) => {
    expect(() => parsePathFile(JSON.stringify(json), 'x.json')).toThrow(`x.json: ${field}`)
  })
  it('rejects text that is not JSON', () => {
    expect(() => parsePathFile('{', 'y.json')).toThrow('y.json: not JSON')
  })
})
