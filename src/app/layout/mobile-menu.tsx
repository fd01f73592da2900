import { Box, Button, CloseButton, Link as ChakraLink, Portal, Stack, Text } from '@chakra-ui/react'
import { Drawer } from '../../ui/later-recipes/drawer'
import { Link } from '@tanstack/react-router'
import { externalLinks } from '../../external-links'
import { headerText } from '../../text/layout'
import { navLinks } from './nav-links'

/**
 * The narrow-screen menu's drawer (product.md §2): the header's links plus the member ID. Loaded on the
 * first tap of the header's menu button (`MenuButton` in app-header.tsx), which owns `open`.
 */
export function MobileMenu({
  open,
  onOpenChange,
  trigger,
  signedIn,
  memberId,
  onLogout,
}: {
  open: boolean
  onOpenChange: (open: boolean) => void
  /** The menu button: focus returns to it when the drawer closes. */
  trigger: () => HTMLElement | null
  signedIn: boolean
  memberId: string | null
  onLogout: () => void
}) {
  const close = () => onOpenChange(false)

  return (
    <Drawer.Root open={open} onOpenChange={(e) => onOpenChange(e.open)} placement="end" finalFocusEl={trigger}>
      <Portal>
        <Drawer.Backdrop />
        <Drawer.Positioner>
          <Drawer.Content>
            <Drawer.Header>
              <Drawer.Title>{headerText.menuTitle}</Drawer.Title>
            </Drawer.Header>
            <Drawer.Body>
              {memberId && (
                <Box mb="6" p="3" bg="bg.muted" borderRadius="l2">
                  <Text fontSize="xs" color="fg.muted">
                    {headerText.memberId}
                  </Text>
                  <Text fontWeight="bold" data-testid="mobile-member-id">
                    {memberId}
                  </Text>
                </Box>
              )}
              <Stack as="nav" aria-label={headerText.mainNav} gap="4">
                {navLinks.map((link) => (
                  <ChakraLink asChild key={link.to} onClick={close}>
                    <Link to={link.to}>{link.label}</Link>
                  </ChakraLink>
                ))}
                <ChakraLink href={externalLinks.contact} target="_blank" rel="noopener noreferrer">
                  {headerText.contact}
                </ChakraLink>
                {signedIn ? (
                  <Button
                    variant="outline"
                    onClick={() => {
                      close()
                      onLogout()
                    }}
                  >
                    {headerText.logout}
                  </Button>
                ) : (
                  <Button asChild colorPalette="brand" onClick={close}>
                    <Link to="/login">{headerText.login}</Link>
                  </Button>
                )}
              </Stack>
            </Drawer.Body>
            <Drawer.CloseTrigger asChild>
              <CloseButton size="sm" />
            </Drawer.CloseTrigger>
          </Drawer.Content>
        </Drawer.Positioner>
      </Portal>
    </Drawer.Root>
  )
}
