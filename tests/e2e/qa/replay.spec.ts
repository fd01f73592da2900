import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { replayPathFiles } from '../../../scripts/replay'
import { exportPaths } from '../../../scripts/paths'
import { expect, test } from '../fixtures'

// QA replay: an exported path file replayed through scripts/replay.ts's function against
// the stack global-setup started (MYPAGE_WEB_URL), with a screenshot per step and a report; a
// file whose expected state differs stops at that step and names it, and the next file runs.

test('an exported coupon path replays with screenshots and a report', async () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'qa-replay-'))
  const [file] = exportPaths('couponClaim', path.join(dir, 'paths'))
  const result = await replayPathFiles([file], { reportRoot: path.join(dir, 'reports') })
  expect(result.failure).toBeUndefined()
  expect(result.ok).toBe(true)
  expect(result.files[0].steps.map((s) => s.ok)).toEqual([true])
  expect(existsSync(path.join(result.reportDir, result.files[0].steps[0].screenshot))).toBe(true)
  expect(readFileSync(result.report, 'utf8')).toContain('**PASSED**')
})

test('a path whose state differs fails at that step and names it', async () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'qa-replay-'))
  const file = path.join(dir, 'wrong.json')
  writeFileSync(file, JSON.stringify({
    flow: 'couponClaim', startRoute: '/', account: 'fresh',
    steps: [{ event: { type: 'link.open', couponCode: null, signedIn: true }, expectedState: 'done' }],
  }))
  const result = await replayPathFiles([file], { reportRoot: path.join(dir, 'reports') })
  expect(result.ok).toBe(false)
  expect(result.failure).toContain('step 1 (link.open → expected done)')
  expect(readFileSync(result.report, 'utf8')).toContain('**FAILED**')
})

test('a path that lands on the wrong page fails, naming the expected state and the actual page', async () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'qa-replay-'))
  const file = path.join(dir, 'wrong-page.json')
  // A coupon link without a code goes to /error?code=404; the file expects the member home.
  writeFileSync(file, JSON.stringify({
    flow: 'couponClaim', startRoute: '/', account: 'fresh',
    steps: [{ event: { type: 'link.open', couponCode: null, signedIn: true }, expectedState: 'toHome' }],
  }))
  const result = await replayPathFiles([file], { reportRoot: path.join(dir, 'reports') })
  expect(result.ok).toBe(false)
  expect(result.failure).toContain('expected couponClaim state toHome')
  expect(result.failure).toContain('/error?code=404')
})

test('an edited expectation fails every time, every file runs to the end, and a recording made with the flow panel open replays', async () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'qa-replay-'))
  // A recorded login then logout question; the edited copies expect the logout step to leave the
  // member at home (signedIn.active) instead of asking (signedIn.confirmingLogout). The check waits
  // for the chart and the page to settle after the click, so home still loading never passes it.
  const steps = (logoutExpected: string) => [
    { event: { type: 'form.change', field: 'email', value: '${email}' }, expectedState: 'signedOut.idle' },
    { event: { type: 'form.change', field: 'password', value: '${password}' }, expectedState: 'signedOut.idle' },
    { event: { type: 'form.submit', redirectTo: '/' }, expectedState: 'signedIn.active' },
    { event: { type: 'logout.request' }, expectedState: logoutExpected },
  ]
  const edited = [1, 2, 3].map((n) => {
    const file = path.join(dir, `edited-${n}.json`)
    writeFileSync(file, JSON.stringify({ flow: 'auth', startRoute: '/login', account: 'fresh', steps: steps('signedIn.active') }))
    return file
  })
  // Recorded with the live flow panel open (`?flows`): replay opens the page without it.
  const withPanel = path.join(dir, 'with-panel.json')
  writeFileSync(withPanel, JSON.stringify({ flow: 'auth', startRoute: '/login?flows', account: 'fresh', steps: steps('signedIn.confirmingLogout') }))

  const result = await replayPathFiles([...edited, withPanel], { reportRoot: path.join(dir, 'reports') })
  expect(result.ok).toBe(false)
  expect(result.summary).toBe('1 passed, 3 failed')
  expect(result.files.map((f) => f.ok)).toEqual([false, false, false, true])
  for (const f of result.files.slice(0, 3)) {
    expect(f.steps.map((s) => s.ok)).toEqual([true, true, true, false])
    expect(f.error).toContain('step 4 (logout.request → expected signedIn.active)')
    expect(f.error).toContain('settled in signedIn.confirmingLogout')
  }
  expect(result.files[3].steps.map((s) => s.ok)).toEqual([true, true, true, true])
  const report = readFileSync(result.report, 'utf8')
  expect(report).toContain('**FAILED** — 1 passed, 3 failed')
})
