import type { Plugin } from 'vite'
import { droppedPalettes } from '../../src/theme-palettes.ts'

/**
 * Chakra's `createSystem`, made cheaper to start in the built app (docs/performance.md "Loading in
 * stages", decision 52). Published, it is one synchronous call of ≈ 200 ms on a phone's CPU (4×
 * slowdown): one long task at the app's start. This build-only transform of four of Chakra's files:
 *
 * - makes the global stylesheet (preflight, global CSS and every token as a CSS variable) a getter
 *   that builds it on first read: only `<ChakraProvider>` reads it (`system._global`), and a
 *   prerendered page carries that stylesheet in its <head> and names it
 *   (`<meta name="chakra-global-styles">`, src/app/app.tsx), so the app mostly never builds it;
 * - cuts the rest into steps: `createSystem`'s body becomes a generator, `createSystem.steps`,
 *   that pauses while merging the configs (after cloning each, after the merge), inside the token
 *   dictionary (after registering the tokens, after their first transforms, after expanding
 *   references, before its views), after the dictionary and after the utilities.
 *   `createSystem` runs those steps in one go, as before; src/theme.ts runs them with a yield to
 *   the browser between them, so the start is several tasks of at most ≈ 35 ms at 4× instead of one.
 *
 * - marks the default theme's own config (`defaultThemeConfig` in `@chakra-ui/react/theme`) as pure:
 *   a call the bundler cannot prove side-effect free keeps every one of Chakra's ~75 recipes alive
 *   in the theme chunk (it names them all), though src/theme.ts registers only the ones the app
 *   renders — /login loaded 34 KB gzip of theme, about half of it recipes nothing uses.
 *
 * - leaves the colour scales src/theme.ts drops (src/theme-palettes.ts) out of Chakra's two colour
 *   token files: src/theme.ts filters them out of the system, but the published files still carried
 *   their values into the theme chunk.
 *
 * Every anchor must appear exactly once, or the build fails (Chakra changed shape in an upgrade)
 * rather than silently leaving the cost in. Dev server and tests keep Chakra as published
 * (`createSystem.steps` is then absent and src/theme.ts calls `createSystem`).
 */
type Edit = [anchor: string, replacement: string]

const runInOneGo = (name: string, steps: string, arg: string) => [
  `function ${name}(${arg}) {`,
  `  const steps = ${steps}(${arg});`,
  '  for (;;) {',
  '    const step = steps.next();',
  '    if (step.done) return step.value;',
  '  }',
  '}',
].join('\n')

const edits: Record<string, Edit[]> = {
  'styled-system/system.js': [
    ['const _global = [getPreflightCss(), getGlobalCss(), getTokenCss()];', 'let _global;'],
    ['\n    _global,\n', '\n    get _global() {\n      return _global ??= [getPreflightCss(), getGlobalCss(), getTokenCss()];\n    },\n'],
    ["import { createTokenDictionary } from './token-dictionary.js';", "import { createTokenDictionarySteps } from './token-dictionary.js';"],
    ["import { mergeConfigs } from './merge-config.js';", "import { mergeConfigsSteps } from './merge-config.js';"],
    ['function createSystem(...configs) {\n  const config = mergeConfigs(...configs);\n', 'function* createSystemSteps(...configs) {\n  const config = yield* mergeConfigsSteps(...configs);\n  yield;\n'],
    ['  const tokens = createTokenDictionary({', '  const tokens = yield* createTokenDictionarySteps({'],
    ['\n  const breakpoints = createBreakpoints(', '\n  yield;\n  const breakpoints = createBreakpoints('],
    ['\n  assignComposition();\n', '\n  assignComposition();\n  yield;\n'],
    // The first declaration after createSystem's body.
    ['\nfunction getTokenMap(tokens) {', `\n${runInOneGo('createSystem', 'createSystemSteps', '...configs')}\ncreateSystem.steps = createSystemSteps;\nfunction getTokenMap(tokens) {`],
  ],
  'styled-system/token-dictionary.js': [
    ['function createTokenDictionary(options) {\n', 'function* createTokenDictionarySteps(options) {\n'],
    ['  function build() {\n    applyMiddlewares("pre");\n    applyTransforms("pre");\n', '  function* build() {\n    applyMiddlewares("pre");\n    applyTransforms("pre");\n    yield;\n'],
    ['\n    expandTokenReferences$1();\n', '\n    expandTokenReferences$1();\n    yield;\n'],
    ['\n    applyTransforms("post");\n    setupViews();\n', '\n    applyTransforms("post");\n    yield;\n    setupViews();\n'],
    ['\n  registerTokens();\n', '\n  registerTokens();\n  yield;\n'],
    ['\n  build();\n  return dictionary;\n}\n', `\n  yield* build();\n  return dictionary;\n}\n${runInOneGo('createTokenDictionary', 'createTokenDictionarySteps', 'options')}\n`],
    ['export { createTokenDictionary, tokenCategories };', 'export { createTokenDictionary, createTokenDictionarySteps, tokenCategories };'],
  ],
  // Each config cloned in a step of its own (Chakra's default theme is most of the merge's time).
  'styled-system/merge-config.js': [
    ['const mergeConfigs = (...configs) => {\n  const merged = mergeWith({}, ...configs.map(clone));\n', 'function* mergeConfigsSteps(...configs) {\n  const clones = [];\n  for (const config of configs) {\n    clones.push(clone(config));\n    yield;\n  }\n  const merged = mergeWith({}, ...clones);\n  yield;\n'],
    ['\n  return merged;\n};\n\nexport { mergeConfigs };', `\n  return merged;\n}\n${runInOneGo('mergeConfigs', 'mergeConfigsSteps', '...configs')}\n\nexport { mergeConfigs, mergeConfigsSteps };`],
  ],

  'theme/index.js': [['const defaultThemeConfig = defineConfig({', 'const defaultThemeConfig = /* @__PURE__ */ defineConfig({']],
}

const FILE = /\/@chakra-ui\/react\/dist\/esm\/(styled-system\/system|styled-system\/token-dictionary|styled-system\/merge-config|theme\/index)\.js$/
const COLOR_TOKENS = /\/@chakra-ui\/react\/dist\/esm\/theme\/(semantic-tokens|tokens)\/colors\.js$/

/** A palette's entry at the top level of a colour token file (two spaces in, up to its closing brace). */
const paletteEntry = (name: string) => new RegExp(`\\n  ${name}: \\{\\n[\\s\\S]*?\\n  \\},?(?=\\n)`, 'g')

export function chakraSystemTransform(): Plugin {
  return {
    name: 'mypage-chakra-system',
    apply: 'build',
    transform(code, id) {
      if (COLOR_TOKENS.test(id.split('?')[0])) {
        let out = code
        for (const name of droppedPalettes) {
          if ((out.match(paletteEntry(name)) ?? []).length !== 1) this.error(`${id}: Chakra changed shape (palette ${name}); update scripts/vite/chakra-system.ts`)
          out = out.replace(paletteEntry(name), '')
        }
        return { code: out, map: null }
      }
      const file = FILE.exec(id.split('?')[0])
      if (!file) return null
      let out = code
      for (const [anchor, replacement] of edits[`${file[1]}.js`]) {
        if (out.split(anchor).length !== 2) this.error(`${id}: Chakra changed shape; update scripts/vite/chakra-system.ts`)
        out = out.replace(anchor, () => replacement)
      }
      return { code: out, map: null }
    },
  }
}
