import { Box, Button, Container, Flex, HStack, Link as ChakraLink, Text } from '@chakra-ui/react'
import { Link } from '@tanstack/react-router'
import { useSelector } from '@xstate/react'
import type { AuthActorRef } from '../../../machines/auth-machine'
import { externalLinks } from '../../external-links'
import { headerText } from '../../text/layout'
import { LogoutDialog } from '../auth/logout-dialog'
import { MobileMenu } from './mobile-menu'
import { navLinks } from './nav-links'

/**
 * The header (spec §2): brand, nav links, contact, login/logout. `showNav` is false on the
 * login, password-reset and signup pages.
 */
export function AppHeader({ auth, showNav }: { auth: AuthActorRef; showNav: boolean }) {
  const signedIn = useSelector(auth, (s) => s.matches('signedIn'))
  const memberId = useSelector(auth, (s) => s.context.member?.memberId ?? null)
  const requestLogout = () => auth.send({ type: 'logout.request' })

  return (
    <Box as="header" bg="bg" borderBottomWidth="1px" position="sticky" top="0" zIndex="sticky">
      <Container maxW="6xl">
        <Flex h="16" align="center" justify="space-between" gap="4">
          <ChakraLink asChild fontWeight="bold" fontSize="lg" color="brand.fg" _hover={{ textDecoration: 'none' }}>
            <Link to="/">{headerText.brand}</Link>
          </ChakraLink>
          {showNav && (
            <>
              <HStack as="nav" aria-label={headerText.mainNav} gap="6" display={{ base: 'none', md: 'flex' }}>
                {navLinks.map((link) => (
                  <ChakraLink asChild key={link.to} fontSize="sm">
                    <Link to={link.to} activeOptions={{ exact: link.to === '/' }} activeProps={{ 'aria-current': 'page' }}>
                      {link.label}
                    </Link>
                  </ChakraLink>
                ))}
                <ChakraLink href={externalLinks.contact} target="_blank" rel="noopener noreferrer" fontSize="sm">
                  {headerText.contact}
                </ChakraLink>
                {signedIn ? (
                  <Button size="sm" variant="outline" onClick={requestLogout}>
                    {headerText.logout}
                  </Button>
                ) : (
                  <Button asChild size="sm" colorPalette="brand">
                    <Link to="/login">{headerText.login}</Link>
                  </Button>
                )}
              </HStack>
              <Flex display={{ base: 'flex', md: 'none' }} align="center" gap="2">
                {memberId && (
                  <Text fontSize="xs" color="fg.muted" display={{ base: 'none', sm: 'block' }}>
                    {headerText.memberId}: {memberId}
                  </Text>
                )}
                <MobileMenu signedIn={signedIn} memberId={memberId} onLogout={requestLogout} />
              </Flex>
            </>
          )}
        </Flex>
      </Container>
      {showNav && <LogoutDialog auth={auth} />}
    </Box>
  )
}
