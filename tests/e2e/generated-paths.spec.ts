import { browserFlows, generatedPathFiles } from './qa/browser-models'
import { runPath } from './qa/run-path'
import { test } from './fixtures'

// The paths the machine tests generate from each chart, walked in Chromium against the
// real local stack through the flows' drivers (tests/e2e/drivers/*.ts), asserting every expected
// state on screen. tests/e2e/qa/browser-models.ts says which events and outcomes a browser has.

for (const flow of browserFlows()) {
  test.describe(`${flow} chart, generated paths in the browser`, () => {
    const files = generatedPathFiles(flow)
    const summaries = files.map((file) => file.steps.map((s) => `${s.event.type}→${s.expectedState}`).join(' '))
    files.forEach((file, i) => {
      // Paths with the same events differ by their data (checkout: the card): the description names it.
      const title = summaries.indexOf(summaries[i]) !== summaries.lastIndexOf(summaries[i]) ? `${summaries[i]} [${file.description}]` : summaries[i]
      test(title, async ({ page }) => {
        await runPath(page, file)
      })
    })
  })
}
