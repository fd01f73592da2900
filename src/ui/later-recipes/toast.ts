import { toastSlotRecipe } from '@chakra-ui/react/theme'
import { addSlotRecipes } from '../../theme'

// The toaster is mounted on demand (src/theme.ts, `addSlotRecipes`): its recipe comes with this module, not with the start.
addSlotRecipes({ toast: toastSlotRecipe })

export { createToaster, Toast, Toaster } from '@chakra-ui/react'
