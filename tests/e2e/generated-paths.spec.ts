import { browserFlows, generatedPaths } from './qa/browser-models'
import { runPath } from './qa/run-path'
import { test } from './fixtures'

// The paths the machine tests generate from each chart, walked in Chromium against the
// real local stack through the flows' drivers (tests/e2e/drivers/*.ts), asserting every expected
// state on screen. tests/e2e/qa/browser-models.ts says which events and outcomes a browser has;
// of its paths, those that take a transition no other takes (tests/unit/qa-browser-paths.test.ts
// checks that the sample takes every transition the whole set does). Each test lists the chart
// transitions it takes as its `transitions` annotation (in the list and JSON reports).

for (const flow of browserFlows()) {
  test.describe(`${flow} chart, generated paths in the browser`, () => {
    const paths = generatedPaths(flow)
    const summaries = paths.map(({ file }) => file.steps.map((s) => `${s.event.type}→${s.expectedState}`).join(' '))
    paths.forEach(({ file, transitions }, i) => {
      // Paths with the same events differ by their data (checkout: the card): the description names it.
      const title = summaries.indexOf(summaries[i]) !== summaries.lastIndexOf(summaries[i]) ? `${summaries[i]} [${file.description}]` : summaries[i]
      test(title, { annotation: { type: 'transitions', description: transitions.join('; ') } }, async ({ page }) => {
        await runPath(page, file)
      })
    })
  })
}
