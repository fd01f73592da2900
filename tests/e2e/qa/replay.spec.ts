import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { replayPathFiles } from '../../../scripts/replay'
import { exportPaths } from '../../../scripts/paths'
import { expect, test } from '../fixtures'

// QA replay (issue 7): an exported path file replayed through scripts/replay.ts's function against
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
