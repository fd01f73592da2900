import { Box, Container, Flex, Link as ChakraLink, Text } from '@chakra-ui/react'
import type { ReactNode } from 'react'
import { staffShellText } from '../../text/staff'
import { AppToaster } from '../../ui/toaster'

/**
 * The staff pages' frame: their own header (no member menu, no footer), wide enough for tables.
 * `side` holds the signed-in staff's name and logout.
 */
export function StaffFrame({ nav, side, children }: { nav?: ReactNode; side?: ReactNode; children: ReactNode }) {
  return (
    <Flex direction="column" minH="100dvh">
      <ChakraLink
        href="#staff-main"
        position="absolute"
        left="-9999px"
        _focus={{ left: '2', top: '2', zIndex: 'skipLink', bg: 'bg', p: '2' }}
      >
        {staffShellText.skipToMain}
      </ChakraLink>
      <Box as="header" bg="bg" borderBottomWidth="1px">
        <Container maxW="7xl">
          <Flex minH="14" align="center" justify="space-between" gap="4" wrap="wrap" py="2">
            <Text fontWeight="bold" fontSize="lg" color="brand.fg">
              {staffShellText.brand}
            </Text>
            {side}
          </Flex>
          {nav}
        </Container>
      </Box>
      <Container as="main" id="staff-main" tabIndex={-1} maxW="7xl" flex="1" py={{ base: '4', md: '8' }} px={{ base: '3', md: '6' }}>
        {children}
      </Container>
      <AppToaster />
    </Flex>
  )
}
