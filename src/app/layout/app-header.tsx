import { Box, Button, Container, Flex, HStack, IconButton, Link as ChakraLink, Text } from '@chakra-ui/react'
import { Link } from '@tanstack/react-router'
import { useSelector } from '@xstate/react'
import { useRef, useState } from 'react'
import type { AuthActorRef } from '../../../machines/auth/auth-machine'
import { authView } from '../../../machines/auth/auth-view'
import { externalLinks } from '../../external-links'
import { headerText } from '../../text/layout'
import { navLinks } from './nav-links'
import { onDemand } from '../../ui/on-demand'

// Loaded when first opened, not with every page (docs/performance.md, bundle).
const LogoutDialog = onDemand(() => import('../../features/auth/logout-dialog').then((m) => m.LogoutDialog))
const MobileMenu = onDemand(() => import('./mobile-menu').then((m) => m.MobileMenu))

// The header is painted before the login state is known and shows ログイン until it is: one width
// for both buttons, wide enough for ログアウト (5 full-width characters at size sm, with padding
// and border), so the nav does not move when the label changes.
const authButtonW = '6.5rem'

/**
 * The header (product.md §2): brand, nav links, contact, login/logout. `showNav` is false on the
 * login, password-reset and signup pages.
 */
export function AppHeader({ auth, showNav }: { auth: AuthActorRef; showNav: boolean }) {
  const signedIn = useSelector(auth, authView.isSignedIn)
  const memberId = useSelector(auth, (s) => s.context.member?.memberId ?? null)
  const logoutOpen = useSelector(auth, authView.isLogoutOpen)
  const requestLogout = () => auth.send({ type: 'logout.request' })
  // Open/closed is view state only: no flow depends on it.
  const [menuOpen, setMenuOpen] = useState(false)
  const menuButton = useRef<HTMLButtonElement>(null)

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
                  <Button size="sm" variant="outline" w={authButtonW} onClick={requestLogout} onPointerEnter={LogoutDialog.preload} onFocus={LogoutDialog.preload}>
                    {headerText.logout}
                  </Button>
                ) : (
                  <Button asChild size="sm" colorPalette="brand" w={authButtonW}>
                    <Link to="/login">{headerText.login}</Link>
                  </Button>
                )}
              </HStack>
              {/* All the room beside the brand: the member ID appearing (once the member is loaded)
                  fills it from the right instead of moving the group's edge. */}
              <Flex display={{ base: 'flex', md: 'none' }} flex="1" justify="flex-end" align="center" gap="2">
                {memberId && (
                  <Text fontSize="xs" color="fg.muted" display={{ base: 'none', sm: 'block' }}>
                    {headerText.memberId}: {memberId}
                  </Text>
                )}
                <IconButton
                  ref={menuButton}
                  variant="ghost"
                  aria-label={headerText.openMenu}
                  aria-haspopup="dialog"
                  aria-expanded={menuOpen}
                  onClick={() => setMenuOpen(true)}
                  onPointerEnter={MobileMenu.preload}
                >
                  <MenuIcon />
                </IconButton>
                <MobileMenu
                  needed={menuOpen}
                  open={menuOpen}
                  onOpenChange={setMenuOpen}
                  trigger={() => menuButton.current}
                  signedIn={signedIn}
                  memberId={memberId}
                  onLogout={requestLogout}
                />
              </Flex>
            </>
          )}
        </Flex>
      </Container>
      {showNav && <LogoutDialog needed={logoutOpen} auth={auth} />}
    </Box>
  )
}

function MenuIcon() {
  return (
    <svg width="24" height="24" viewBox="0 0 24 24" aria-hidden="true">
      <path d="M3 6h18M3 12h18M3 18h18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
    </svg>
  )
}
