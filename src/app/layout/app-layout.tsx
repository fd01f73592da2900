import { Container, Flex } from '@chakra-ui/react'
import type { ReactNode } from 'react'
import type { AuthActorRef } from '../../../machines/auth/auth-machine'
import { AppToaster } from '../../ui/toaster'
import { AppFooter } from './app-footer'
import { AppHeader } from './app-header'

/**
 * The page frame. `chrome` false (query display=lp) hides header and footer; `showNav` false
 * hides the header's navigation (login, reset and signup pages) — product.md §2.
 */
export function AppLayout({
  auth,
  chrome,
  showNav,
  children,
}: {
  auth: AuthActorRef
  chrome: boolean
  showNav: boolean
  children: ReactNode
}) {
  return (
    <Flex direction="column" minH="100dvh">
      {chrome && <AppHeader auth={auth} showNav={showNav} />}
      <Container as="main" maxW="4xl" flex="1" py={{ base: '6', md: '10' }} px={{ base: '4', md: '6' }}>
        {children}
      </Container>
      {chrome && <AppFooter />}
      <AppToaster />
    </Flex>
  )
}
