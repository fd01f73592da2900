import { mkdirSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { browserFlows, generatedPathFiles } from '../tests/e2e/qa/browser-models'

// `npm run paths -- <flow…>`: exports the generated browser paths of each flow as QA path files,
// qa-paths/<flow>/NN-<final state>.json (docs/qa.md). No flow lists the flows.

export function exportPaths(flow: string, outRoot = 'qa-paths'): string[] {
  const dir = path.join(outRoot, flow)
  mkdirSync(dir, { recursive: true })
  return generatedPathFiles(flow).map((file, i) => {
    const last = file.steps[file.steps.length - 1].expectedState.split(',')[0].replace(/\./g, '-')
    const target = path.join(dir, `${String(i + 1).padStart(2, '0')}-${last}.json`)
    writeFileSync(target, `${JSON.stringify(file, null, 2)}\n`)
    return target
  })
}

const isMain = import.meta.url === `file://${process.argv[1]}` || process.argv[1]?.endsWith('scripts/paths.ts')
if (isMain) {
  const flows = process.argv.slice(2).filter((a) => !a.startsWith('--'))
  if (!flows.length) {
    console.log(`usage: npm run paths -- <flow…>\nflows: ${browserFlows().join(', ')}`)
    process.exit(1)
  }
  for (const flow of flows) {
    try {
      for (const file of exportPaths(flow)) console.log(file)
    } catch (e) {
      console.error((e as Error).message)
      process.exit(1)
    }
  }
}
