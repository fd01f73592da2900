// `npm run paths:reference` on an unchanged tree writes nothing new and refuses nothing: every
// committed reference set is byte for byte what the script would write from the charts, configs,
// fixtures and rules as they are (docs/qa.md "Spec rules and mutation", decisions 79 and 125). A set
// left behind by a change (a fixture that gained a field, a config's new value) fails here, with the
// chart named, instead of surfacing later as a refusal to regenerate under unchanged rules.
import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import type { ChartSpec } from './observe'
import { referenceSetFile, rulesHash } from './reference-paths'

const loaders = import.meta.glob<ChartSpec>('./*.spec-rules.ts', { import: 'spec' })

describe('the committed reference path sets', () => {
  for (const file of Object.keys(loaders).sort()) {
    it(`${file.slice(2)}: the set is what npm run paths:reference writes now`, async () => {
      const spec = await loaders[file]()
      const rules = rulesHash(readFileSync(path.join(import.meta.dirname, file), 'utf8'))
      const now = referenceSetFile(spec.configs, rules)
      expect(now.truncated).toBe(false)
      const rel = path.relative(process.cwd(), now.file)
      expect(existsSync(now.file), `${rel} is missing`).toBe(true)
      // Compared as text: a diff of one path per line says which paths or payloads moved.
      expect(readFileSync(now.file, 'utf8'), `${rel} differs from what the chart generates: review and run npm run paths:reference`).toBe(now.text)
      // A limit, not an assertion: generating the larger charts' paths (signup, checkout) takes
      // seconds of CPU, several times that beside the chart suites on two busy cores.
    }, 60_000)
  }
})
