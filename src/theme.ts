import { createSystem, defaultBaseConfig, defineConfig, type SlotRecipeConfig, type SystemConfig, type SystemContext } from '@chakra-ui/react'
import { droppedPalettes } from './theme-palettes'
import {
  alertSlotRecipe,
  animationStyles,
  badgeRecipe,
  breadcrumbSlotRecipe,
  buttonRecipe,
  cardSlotRecipe,
  checkboxSlotRecipe,
  checkmarkRecipe,
  containerRecipe,
  cssVarsPrefix,
  cssVarsRoot,
  dataListSlotRecipe,
  fieldSlotRecipe,
  fieldsetSlotRecipe,
  globalCss,
  headingRecipe,
  iconRecipe,
  inputAddonRecipe,
  inputRecipe,
  keyframes,
  layerStyles,
  linkRecipe,
  listSlotRecipe,
  radioGroupSlotRecipe,
  radiomarkRecipe,
  semanticTokens,
  separatorRecipe,
  skeletonRecipe,
  spinnerRecipe,
  textareaRecipe,
  textStyles,
  tokens,
} from '@chakra-ui/react/theme'

/**
 * The app's one Chakra system (docs/conventions.md "Theme"). Tests render with it too.
 * Domain states are palettes, so a component says `colorPalette="reserved"`, not a colour.
 */

// A palette in Chakra v3 is this set of semantic tokens on top of a colour scale.
// solid is the 700 shade: white text on 600 (teal 3.7:1, green 3.3:1) fails WCAG AA (tests/e2e/a11y.spec.ts).
const palette = (scale: string) => ({
  solid: { value: `{colors.${scale}.700}` },
  contrast: { value: 'white' },
  fg: { value: { _light: `{colors.${scale}.700}`, _dark: `{colors.${scale}.300}` } },
  muted: { value: { _light: `{colors.${scale}.100}`, _dark: `{colors.${scale}.900}` } },
  subtle: { value: { _light: `{colors.${scale}.50}`, _dark: `{colors.${scale}.950}` } },
  emphasized: { value: { _light: `{colors.${scale}.200}`, _dark: `{colors.${scale}.800}` } },
  focusRing: { value: `{colors.${scale}.600}` },
})

const config = defineConfig({
  theme: {
    // product.md §9: xs 0, sm 600, md 768, lg 1280, xl 1920 (replaces Chakra's defaults, see below).
    breakpoints: { xs: '0px', sm: '600px', md: '768px', lg: '1280px', xl: '1920px' },
    tokens: {
      fonts: {
        body: {
          value:
            '"Hiragino Kaku Gothic ProN", "Hiragino Sans", "Noto Sans JP", "BIZ UDPGothic", Meiryo, "Yu Gothic", sans-serif',
        },
        heading: {
          value:
            '"Hiragino Kaku Gothic ProN", "Hiragino Sans", "Noto Sans JP", "BIZ UDPGothic", Meiryo, "Yu Gothic", sans-serif',
        },
      },
    },
    semanticTokens: {
      colors: {
        // Chakra's light defaults fail WCAG AA on our grey page background (tests/e2e/a11y.spec.ts):
        // fg.error red.500 is 3.4:1 on gray.100, fg.subtle gray.400 is 2.5:1 on gray.50.
        fg: {
          error: { value: { _light: '{colors.red.700}', _dark: '{colors.red.400}' } },
          subtle: { value: { _light: '{colors.gray.600}', _dark: '{colors.gray.400}' } },
        },
        brand: palette('teal'),
        /** An UNSUPPORTED ticket waiting for its reservation (product.md §4 card label). */
        reserved: palette('blue'),
        /** COMPLETED / UNSOLVED support. */
        completed: palette('green'),
        /** Refunded tickets. */
        refunded: palette('gray'),
        /** A reservation whose time passed without contact. */
        expired: palette('orange'),
      },
    },
  },
  globalCss: {
    body: { bg: 'bg.subtle', color: 'fg', lineHeight: '1.7' },
    // A link inside running text must not rely on colour alone (WCAG 1.4.1, axe link-in-text-block).
    ':where(p, label, li) a:not([role=button]):not(.chakra-button)': { textDecoration: 'underline' },
  },
})

/**
 * Chakra's default theme minus what the app does not use (docs/performance.md, bundle): its
 * tokens and styles, but only the recipes of the components the app renders — every one of
 * Chakra's ~75 recipes would be ≈ 20 KB gzip more in the entry chunk. A component whose recipe is
 * missing renders unstyled, so using a new Chakra component means adding its recipe here
 * (tests/unit/theme.test.ts checks every `@chakra-ui/react` import of src/ against this list).
 * Chakra's default breakpoints (sm 480 … 2xl 1536) are left out so the spec's five are the only ones.
 * The recipes of components no page draws on its first load (dialog, drawer, table, native select,
 * toast) are not here either: the module that draws one registers it (`addSlotRecipes`,
 * src/ui/later-recipes/), so they load with the pages and parts that use them.
 */
export const recipes = {
  badge: badgeRecipe,
  button: buttonRecipe,
  checkmark: checkmarkRecipe,
  container: containerRecipe,
  heading: headingRecipe,
  icon: iconRecipe,
  input: inputRecipe,
  inputAddon: inputAddonRecipe,
  link: linkRecipe,
  radiomark: radiomarkRecipe,
  separator: separatorRecipe,
  skeleton: skeletonRecipe,
  spinner: spinnerRecipe,
  textarea: textareaRecipe,
}

export const slotRecipes = {
  alert: alertSlotRecipe,
  breadcrumb: breadcrumbSlotRecipe,
  card: cardSlotRecipe,
  checkbox: checkboxSlotRecipe,
  dataList: dataListSlotRecipe,
  field: fieldSlotRecipe,
  fieldset: fieldsetSlotRecipe,
  list: listSlotRecipe,
  radioGroup: radioGroupSlotRecipe,
}

/**
 * Colour scales nothing in the app (nor the recipes above) uses (./theme-palettes.ts): 4 of Chakra's
 * 10 palettes are 108 of its ~720 tokens, and building the token dictionary is most of
 * `createSystem`'s start-up time (docs/performance.md). tests/unit/theme.test.ts fails if src/
 * names one of them.
 */
const withoutDropped = <T extends object>(scales: T): T =>
  Object.fromEntries(Object.entries(scales).filter(([name]) => !droppedPalettes.includes(name))) as T

const chakraTheme = defineConfig({
  preflight: true,
  cssVarsPrefix,
  cssVarsRoot,
  globalCss,
  theme: {
    keyframes,
    tokens: { ...tokens, colors: withoutDropped(tokens.colors) },
    semanticTokens: { ...semanticTokens, colors: withoutDropped(semanticTokens.colors) },
    recipes,
    slotRecipes,
    textStyles,
    layerStyles,
    animationStyles,
  },
})

/**
 * The built app's Chakra has `createSystem.steps`, the same work cut into steps
 * (scripts/vite/chakra-system.ts); the dev server and the tests have Chakra as published.
 */
type SystemSteps = (...configs: SystemConfig[]) => Generator<undefined, SystemContext, undefined>
const systemSteps = (createSystem as typeof createSystem & { steps?: SystemSteps }).steps

/**
 * Building the system is ≈ 130 ms of a phone's CPU (4× slowdown) at the app's start, after the
 * ≈ 60 ms of evaluating the recipes above (docs/performance.md "Loading in stages"). In the built
 * app in a browser it is built by `buildSystemInSteps`, which the loader's theme stage runs
 * (src/main.tsx) before anything reads `system`: each step a task of its own. Everywhere else (the
 * dev server, the tests, the build's prerender in Node) it is built here, at once.
 *
 * Not a top-level await: a module that awaits makes the bundler wrap and split every module that
 * imports it, directly or not (/login's start went from 49 chunks to 95, +25 KB gzip).
 */
const inSteps = systemSteps !== undefined && typeof document !== 'undefined'
const configs = [defaultBaseConfig, chakraTheme, config] as const

/** The app's Chakra system; see `buildSystemInSteps` for when it is built. */
// Cast kept: in steps the system is assigned by `buildSystemInSteps` before anything renders or reads it.
export let system: SystemContext = inSteps ? (undefined as unknown as SystemContext) : createSystem(...configs)

/** Builds `system` in the built app, `pause` (a yield to the browser) between its steps. */
export async function buildSystemInSteps(pause: () => Promise<void>): Promise<void> {
  if (system) return
  const steps = systemSteps!(...configs)
  for (let step = steps.next(); ; step = steps.next()) {
    if (step.done) {
      system = step.value
      return
    }
    await pause()
  }
}

/**
 * Registers slot recipes after the start (src/ui/later-recipes/): a module that draws a component
 * whose recipe is not in `slotRecipes` above calls this as it is evaluated, before anything renders
 * the component. Chakra's system reads its theme's recipes when a component first asks for one
 * (`getSlotRecipeFn`), so a recipe added to the built system's theme works as one given to
 * `createSystem`; one added before the system is built goes into its config.
 */
export function addSlotRecipes(more: Record<string, SlotRecipeConfig>): void {
  Object.assign(slotRecipes, more)
  // Cast kept: `system` is unassigned until `buildSystemInSteps` ran in the built app (see above).
  const built = system as SystemContext | undefined
  const theme = built?._config.theme
  if (theme) theme.slotRecipes = Object.assign(theme.slotRecipes ?? {}, more)
}
