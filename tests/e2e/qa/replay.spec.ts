import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { replayPathFiles } from '../../../scripts/replay'
import { exportPaths } from '../../../scripts/paths'
import { expect, test } from '../fixtures'

// QA replay: an exported path file replayed through scripts/replay.ts's function against
// the stack global-setup started (MYPAGE_WEB_URL), with a screenshot per step and a report; a
// file whose expected state differs stops at that step and names it.

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

test('a path that lands on the wrong page fails at once, naming the expected state and the actual page', async () => {
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
  // The step fails well before the 10 s locator timeout the home check would otherwise wait out.
  expect(result.files[0].steps[0].ms).toBeLessThan(7_000)
})
