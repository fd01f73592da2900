import { Box, Button, CloseButton, Drawer, IconButton, Link as ChakraLink, Portal, Stack, Text } from '@chakra-ui/react'
import { Link } from '@tanstack/react-router'
import { useState } from 'react'
import { externalLinks } from '../../external-links'
import { headerText } from '../../text/layout'
import { navLinks } from './nav-links'

/** The narrow-screen menu (spec §2): the header's links plus the member ID. */
export function MobileMenu({
  signedIn,
  memberId,
  onLogout,
}: {
  signedIn: boolean
  memberId: string | null
  onLogout: () => void
}) {
  // Open/closed is view state only: no flow depends on it.
  const [open, setOpen] = useState(false)
  const close = () => setOpen(false)

  return (
    <Drawer.Root open={open} onOpenChange={(e) => setOpen(e.open)} placement="end">
      <Drawer.Trigger asChild>
        <IconButton variant="ghost" aria-label={headerText.openMenu}>
          <MenuIcon />
        </IconButton>
      </Drawer.Trigger>
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

function MenuIcon() {
  return (
    <svg width="24" height="24" viewBox="0 0 24 24" aria-hidden="true">
      <path d="M3 6h18M3 12h18M3 18h18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
    </svg>
  )
}
