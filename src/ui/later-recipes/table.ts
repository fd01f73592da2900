import { tableSlotRecipe } from '@chakra-ui/react/theme'
import { addSlotRecipes } from '../../theme'

// Tables are drawn by the payment history and staff pages only (src/theme.ts, `addSlotRecipes`): its recipe comes with this module, not with the start.
addSlotRecipes({ table: tableSlotRecipe })

export { Table } from '@chakra-ui/react'
