import { Button, Text } from '@chakra-ui/react'

/**
 * The signed-in bits of the header (src/app/layout/app-header.tsx), written with Chakra and the
 * app's theme: the source of their static styles (decision 102, `npm run styles`), for a page
 * that draws the header without Chakra's runtime. Exactly AppHeader's logout button and member ID.
 */
export const headerAuthSpecimen = (
  <div>
    <Button size="sm" variant="outline" w="6.5rem" data-style="logoutButton">
      x
    </Button>
    <Text fontSize="xs" color="fg.muted" display={{ base: 'none', sm: 'block' }} data-style="memberId">
      x
    </Text>
  </div>
)
