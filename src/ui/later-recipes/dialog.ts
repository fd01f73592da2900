import { dialogSlotRecipe } from '@chakra-ui/react/theme'
import { addSlotRecipes } from '../../theme'

// No page draws a dialog on its first load (src/theme.ts, `addSlotRecipes`): its recipe comes with this module, not with the start.
addSlotRecipes({ dialog: dialogSlotRecipe })

export { Dialog } from '@chakra-ui/react'
