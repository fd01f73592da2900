import { Button, Stack, Text } from '@chakra-ui/react'
import { Link } from '@tanstack/react-router'
import { staffForbiddenText } from '../../text/staff'
import { PageCard } from '../../ui/page-card'

/**
 * 権限がありません: a signed-in member on a staff page (`noStaffRole`), or a staff member on a page
 * of another role. No data of the page is loaded.
 */
export function StaffForbidden({ noStaffRole, onSignOut }: { noStaffRole: boolean; onSignOut?: () => void }) {
  return (
    <PageCard title={staffForbiddenText.title} maxW="2xl" mx="auto">
      <Stack gap="6">
        <Text>{noStaffRole ? staffForbiddenText.body : staffForbiddenText.bodyRole}</Text>
        {noStaffRole && (
          <Stack direction={{ base: 'column', sm: 'row' }} gap="3">
            <Button asChild colorPalette="brand">
              <Link to="/">{staffForbiddenText.toMember}</Link>
            </Button>
            {onSignOut && (
              <Button variant="outline" onClick={onSignOut}>
                {staffForbiddenText.toStaffLogin}
              </Button>
            )}
          </Stack>
        )}
      </Stack>
    </PageCard>
  )
}
