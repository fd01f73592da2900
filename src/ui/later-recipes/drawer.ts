import { drawerSlotRecipe } from '@chakra-ui/react/theme'
import { addSlotRecipes } from '../../theme'

// The mobile menu's drawer opens on demand (src/theme.ts, `addSlotRecipes`): its recipe comes with this module, not with the start.
addSlotRecipes({ drawer: drawerSlotRecipe })

export { Drawer } from '@chakra-ui/react'
