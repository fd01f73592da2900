import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { chromium, type Browser } from '@playwright/test'
import { chromiumArgs } from '../playwright.config'
import { parsePathFile, type PathFile } from '../tests/e2e/qa/path-file'
import { runPath, StepFailed } from '../tests/e2e/qa/run-path'
import { startE2eStack } from './stack/e2e-stack'
import { stopAll } from './stack/processes'

// `npm run replay -- <file…> [--headed]`: replays QA path files (docs/qa.md) in Chromium through
// the flows' drivers against a local stack it starts (or the one named by MYPAGE_WEB_URL and
// MYPAGE_API_URL), one screenshot per step and a Markdown report under qa-reports/<timestamp>/.
// Each step's expected state is checked once the chart and the page have settled after its event
// (tests/e2e/drivers/flow-driver.ts chartSettled). A file stops at its first step that does not
// hold, naming it; every file runs, the report and the console end with a summary, and the exit
// code is 1 when any file failed.

export type StepResult = { index: number; event: string; expectedState: string; ok: boolean; screenshot: string; error?: string; ms?: number }
export type FileResult = { file: string; flow: string; ok: boolean; steps: StepResult[]; error?: string }
export type ReplayResult = {
  ok: boolean
  reportDir: string
  report: string
  files: FileResult[]
  /** The first failing file's failure (all of them: `failures`). */
  failure?: string
  failures: string[]
  /** `N passed, M failed` of the path files. */
  summary: string
}

export type ReplayOptions = { headed?: boolean; reportRoot?: string }

const timestamp = () => new Date().toISOString().replace(/[:.]/g, '-')

export async function replayPathFiles(paths: string[], options: ReplayOptions = {}): Promise<ReplayResult> {
  // Parse everything first: a broken file fails before the stack starts.
  const files: Array<{ name: string; file: PathFile }> = paths.map((p) => ({ name: p, file: parsePathFile(readFileSync(p, 'utf8'), p) }))
  const reportDir = path.join(options.reportRoot ?? 'qa-reports', timestamp())
  mkdirSync(reportDir, { recursive: true })

  let stopStack = async () => {}
  if (!process.env.MYPAGE_WEB_URL) {
    const stack = await startE2eStack()
    Object.assign(process.env, {
      MYPAGE_WEB_URL: stack.webUrl, MYPAGE_API_URL: stack.apiUrl, MYPAGE_MAILDEV_URL: stack.maildevUrl, MYPAGE_AUTH_EMULATOR_HOST: stack.authEmulatorHost,
    })
    stopStack = async () => {
      await stopAll()
      await stack.cleanup()
      for (const k of ['MYPAGE_WEB_URL', 'MYPAGE_API_URL', 'MYPAGE_MAILDEV_URL', 'MYPAGE_AUTH_EMULATOR_HOST']) delete process.env[k]
    }
  }

  const results: FileResult[] = []
  const failures: string[] = []
  let browser: Browser | undefined
  try {
    browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: chromiumArgs, headless: !options.headed })
    for (const [n, { name, file }] of files.entries()) {
      const prefix = `${String(n + 1).padStart(2, '0')}-${path.basename(name, '.json')}`
      const result: FileResult = { file: name, flow: file.flow, ok: true, steps: [] }
      results.push(result)
      const context = await browser.newContext({ baseURL: process.env.MYPAGE_WEB_URL, locale: 'ja-JP', timezoneId: 'Asia/Tokyo' })
      const page = await context.newPage()
      await page.route('https://js.stripe.com/**', (route) => route.abort())
      const shot = async (index: number) => {
        const screenshot = `${prefix}-step-${String(index + 1).padStart(2, '0')}.png`
        await page.screenshot({ path: path.join(reportDir, screenshot), fullPage: true }).catch(() => {})
        return screenshot
      }
      try {
        await runPath(page, file, async (index, step, ms) => {
          result.steps.push({ index, event: JSON.stringify(step.event), expectedState: step.expectedState, ok: true, screenshot: await shot(index), ms })
        })
      } catch (e) {
        result.ok = false
        if (e instanceof StepFailed) {
          result.steps.push({ index: e.index, event: JSON.stringify(e.step.event), expectedState: e.step.expectedState, ok: false, screenshot: await shot(e.index), error: e.message, ms: e.ms })
        }
        result.error = (e as Error).message
        failures.push(`${name}: ${(e as Error).message}`)
      } finally {
        await context.close()
      }
    }
  } finally {
    await browser?.close()
    await stopStack()
  }
  const report = path.join(reportDir, 'report.md')
  const passed = results.filter((r) => r.ok).length
  const summary = `${passed} passed, ${results.length - passed} failed`
  writeFileSync(report, renderReport(results, failures, summary))
  return { ok: failures.length === 0, reportDir, report, files: results, failure: failures[0], failures, summary }
}

function renderReport(results: FileResult[], failures: string[], summary: string): string {
  const lines = [
    `# QA replay ${new Date().toISOString()}`,
    '',
    failures.length ? `**FAILED** — ${summary} path file(s)` : `**PASSED** — ${summary} path file(s)`,
    '',
    ...failures.map((f) => `- ${f.replace(/\n/g, ' ')}`),
    ...(failures.length ? [''] : []),
  ]
  for (const r of results) {
    lines.push(`## ${r.ok ? '✅' : '❌'} ${r.file} (${r.flow})`, '', '| # | event | expected state | result | screenshot |', '|---|---|---|---|---|')
    for (const s of r.steps) {
      lines.push(`| ${s.index + 1} | \`${s.event.replace(/\|/g, '\\|')}\` | \`${s.expectedState}\` | ${s.ok ? 'ok' : `**${(s.error ?? 'failed').replace(/\|/g, '\\|').replace(/\n/g, ' ')}**`} | ![step ${s.index + 1}](${s.screenshot}) |`)
    }
    if (!r.ok && !r.steps.some((s) => !s.ok)) lines.push('', `Failed before the first step: ${r.error}`)
    lines.push('')
  }
  return `${lines.join('\n')}\n`
}

const isMain = process.argv[1]?.endsWith('scripts/replay.ts')
if (isMain) {
  const args = process.argv.slice(2)
  const files = args.filter((a) => !a.startsWith('--'))
  if (!files.length) {
    console.log('usage: npm run replay -- <path-file.json…> [--headed]')
    process.exit(1)
  }
  replayPathFiles(files, { headed: args.includes('--headed') })
    .then((r) => {
      console.log(`report: ${r.report}`)
      for (const f of r.files) console.log(`${f.ok ? 'ok  ' : 'FAIL'}  ${f.file} (${f.flow}, ${f.steps.filter((s) => s.ok).length} step(s) held)`)
      for (const failure of r.failures) console.error(`FAILED: ${failure}`)
      console.log(`\nreplay: ${r.summary}`)
      process.exit(r.ok ? 0 : 1)
    })
    .catch((e) => {
      console.error(e)
      process.exit(1)
    })
}
