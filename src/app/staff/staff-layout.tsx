import { Badge, Button, HStack, Link as ChakraLink, Text } from '@chakra-ui/react'
import { Link, Outlet, useRouterState } from '@tanstack/react-router'
import { useState } from 'react'
import { staffShellText } from '../../text/staff'
import { StaffForbidden } from './staff-forbidden'
import { StaffFrame } from './staff-frame'
import { navFor } from './staff-nav'
import { hasStaffRole, type StaffSession } from './staff-session'

/**
 * The frame of every signed-in staff page: the menu of the session's roles, who is signed in,
 * logout; the page itself only when the session holds a role the page allows
 * (`staticData.staffRoles` of the deepest matched route), else 権限がありません.
 */
export function StaffLayout({ session, signOut }: { session: StaffSession; signOut: () => Promise<void> }) {
  const allowed = useRouterState({
    select: (s) => s.matches.every((m) => !m.staticData.staffRoles || hasStaffRole(session, m.staticData.staffRoles)),
  })
  const [leaving, setLeaving] = useState(false)
  const leave = () => {
    setLeaving(true)
    void signOut().finally(() => setLeaving(false))
  }
  const isStaff = hasStaffRole(session)

  const side = (
    <HStack gap="3" wrap="wrap">
      <Text fontSize="sm" color="fg.muted">
        {session.email}
      </Text>
      {session.roles.map((role) => (
        <Badge key={role} colorPalette="brand" variant="subtle">
          {staffShellText.roles[role]}
        </Badge>
      ))}
      <Button size="sm" variant="outline" onClick={leave} loading={leaving} loadingText={staffShellText.loggingOut}>
        {staffShellText.logout}
      </Button>
    </HStack>
  )
  const nav = isStaff ? (
    <HStack as="nav" aria-label={staffShellText.mainNav} gap="5" wrap="wrap" pb="3">
      {navFor(session.roles).map((item) => (
        <ChakraLink asChild key={item.to} fontSize="sm" fontWeight="medium" _currentPage={{ color: 'brand.fg', textDecoration: 'underline' }}>
          <Link to={item.to} activeOptions={{ exact: item.exact === true }} activeProps={{ 'aria-current': 'page' }}>
            {item.label}
          </Link>
        </ChakraLink>
      ))}
    </HStack>
  ) : undefined

  return (
    <StaffFrame side={side} nav={nav}>
      {!isStaff ? <StaffForbidden noStaffRole onSignOut={leave} /> : allowed ? <Outlet /> : <StaffForbidden noStaffRole={false} />}
    </StaffFrame>
  )
}
