import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { system } from '../../src/theme'
import { droppedPalettes } from '../../src/theme-palettes'
import { Dialog } from '../../src/ui/later-recipes/dialog'
import { Drawer } from '../../src/ui/later-recipes/drawer'
import { NativeSelect } from '../../src/ui/later-recipes/native-select'
import { Table } from '../../src/ui/later-recipes/table'
import { Toaster } from '../../src/ui/later-recipes/toast'

// src/theme.ts registers only the recipes of the Chakra components the app uses (bundle size,
// docs/performance.md). A component whose recipe is missing renders unstyled without an error, so
// this test reads every `@chakra-ui/react` import in src/ and checks its recipes are registered.
// The components no page draws on its first load are imported from src/ui/later-recipes/, whose
// modules register their recipes as they are evaluated (imported above, so registered here).

/** Components whose recipe its module in src/ui/later-recipes/ registers, by that module. */
const later: Record<string, string> = { Dialog: 'dialog', Drawer: 'drawer', NativeSelect: 'native-select', Table: 'table', Toast: 'toast', Toaster: 'toast', createToaster: 'toast' }
const laterComponents = { Dialog, Drawer, NativeSelect, Table, Toaster }

/** The recipes (plain or slot) each Chakra component renders with, including the ones it nests. */
const recipesOf: Record<string, string[]> = {
  Alert: ['alert'],
  Badge: ['badge'],
  Breadcrumb: ['breadcrumb'],
  Button: ['button', 'spinner'],
  Card: ['card'],
  Checkbox: ['checkbox', 'checkmark'],
  CloseButton: ['button'],
  Container: ['container'],
  DataList: ['dataList'],
  Dialog: ['dialog', 'button'],
  Drawer: ['drawer', 'button'],
  Field: ['field'],
  Fieldset: ['fieldset'],
  Heading: ['heading'],
  Icon: ['icon'],
  IconButton: ['button'],
  Input: ['input'],
  InputAddon: ['inputAddon'],
  Link: ['link'],
  List: ['list'],
  NativeSelect: ['nativeSelect'],
  RadioGroup: ['radioGroup', 'radiomark'],
  Separator: ['separator'],
  Skeleton: ['skeleton'],
  Spinner: ['spinner'],
  Table: ['table'],
  // The staff table's parts are typed by Table's own props (src/ui/staff-table.tsx).
  TableCellProps: ['table'],
  TableRootProps: ['table'],
  TableRowProps: ['table'],
  Textarea: ['textarea'],
  Toast: ['toast'],
  Toaster: ['toast'],
}

/** Layout primitives, helpers and types: no recipe of their own. */
const withoutRecipe = new Set([
  'Box', 'BoxProps', 'Center', 'ChakraProvider', 'Flex', 'Grid', 'Group', 'HStack', 'Image', 'InputProps', 'Portal',
  'SimpleGrid', 'SlotRecipeConfig', 'Stack', 'SystemConfig', 'SystemContext', 'Text', 'VStack', 'chakra', 'createSystem', 'createToaster',
  'defaultBaseConfig', 'defineConfig',
  'useBreakpointValue',
])

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? sourceFiles(join(dir, entry.name)) : /\.tsx?$/.test(entry.name) ? [join(dir, entry.name)] : [],
  )
}

function chakraImports(from = `'@chakra-ui\\/react'`): Map<string, string[]> {
  const used = new Map<string, string[]>()
  for (const file of sourceFiles('src')) {
    for (const match of readFileSync(file, 'utf8').matchAll(new RegExp(`import\\s*(?:type\\s*)?\\{([^}]*)\\}\\s*from\\s*${from}`, 'g'))) {
      for (const spec of match[1].split(',')) {
        const name = spec.trim().replace(/^type\s+/, '').split(/\s+as\s+/)[0]
        if (name) used.set(name, [...(used.get(name) ?? []), file])
      }
    }
  }
  return used
}

describe('the Chakra theme', () => {
  const direct = chakraImports()
  const used = new Map([...direct, ...chakraImports(`'[./]*(?:ui\\/)?later-recipes\\/[a-z-]+'`)])

  it('finds the app’s Chakra imports', () => {
    expect(used.get('Button')?.length).toBeGreaterThan(5)
  })

  it.each([...used.keys()])('knows whether %s needs a recipe', (name) => {
    expect(name in recipesOf || withoutRecipe.has(name), `${name} (used in ${used.get(name)?.join(', ')}): add it to recipesOf or withoutRecipe`).toBe(true)
  })

  it.each([...used.keys()].filter((name) => name in recipesOf))('registers every recipe %s renders with', (name) => {
    const missing = recipesOf[name].filter((key) => !system.isRecipe(key) && !system.isSlotRecipe(key))
    expect(missing, `add these recipes to src/theme.ts for ${name}`).toEqual([])
  })

  it('keeps the palettes the app names and drops the others', () => {
    for (const palette of ['gray', 'red', 'orange', 'green', 'teal', 'blue', 'brand', 'reserved', 'completed', 'refunded', 'expired']) {
      expect(system.token(`colors.${palette}.solid`, 'missing'), palette).not.toBe('missing')
    }
    for (const palette of droppedPalettes) expect(system.token(`colors.${palette}.500`, 'missing'), palette).toBe('missing')
    const named = sourceFiles('src').filter((file) => new RegExp(`\\b(${droppedPalettes.join('|')})\\.(solid|fg|muted|subtle|emphasized|contrast|focusRing|[0-9]{2,3})\\b|colorPalette="(${droppedPalettes.join('|')})"`).test(readFileSync(file, 'utf8')))
    expect(named, 'these files use a dropped palette: keep it in src/theme.ts').toEqual([])
  })

  it('has the components whose recipes load later imported from their module in src/ui/later-recipes/', () => {
    const directly = Object.keys(later).filter((name) => direct.has(name)).map((name) => `${name}: ${direct.get(name)?.join(', ')}`)
    expect(directly, `import these from src/ui/later-recipes/ (their recipes are not in src/theme.ts)`).toEqual([])
    for (const name of Object.keys(laterComponents)) expect(used.has(name), `${name} is still used`).toBe(true)
    const theme = readFileSync('src/theme.ts', 'utf8')
    for (const recipe of ['dialogSlotRecipe', 'drawerSlotRecipe', 'nativeSelectSlotRecipe', 'tableSlotRecipe', 'toastSlotRecipe']) {
      expect(theme.includes(recipe), `${recipe} belongs to its module in src/ui/later-recipes/, not to the start`).toBe(false)
    }
  })

  it('leaves out recipes nothing uses', () => {
    expect(system.isSlotRecipe('datePicker')).toBe(false)
    expect(system.isSlotRecipe('combobox')).toBe(false)
  })
})
