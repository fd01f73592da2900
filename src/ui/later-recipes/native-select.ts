import { nativeSelectSlotRecipe } from '@chakra-ui/react/theme'
import { addSlotRecipes } from '../../theme'

// Native selects are drawn by a few pages only (its recipe builds on the select's) (src/theme.ts, `addSlotRecipes`): its recipe comes with this module, not with the start.
addSlotRecipes({ nativeSelect: nativeSelectSlotRecipe })

export { NativeSelect } from '@chakra-ui/react'
