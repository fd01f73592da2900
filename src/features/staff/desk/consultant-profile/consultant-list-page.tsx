import { Badge, Button, Heading, HStack, Image, Link as ChakraLink, Stack, Text } from '@chakra-ui/react'
import { Link } from '@tanstack/react-router'
import { useMemo, useState } from 'react'
import type { DeskConsultant } from '../../../../../contract/desk/consultants'
import { failureMessage } from '../../../../../machines/shared/api-failure'
import type { DeskApiClient } from '../../../../api/desk-client'
import { deskCommonText as c, deskConsultantText as t } from '../../../../text/desk'
import { ConfirmDialog } from '../../../../ui/confirm-dialog'
import { DataTable, type ColumnDef } from '../../../../ui/data-table'
import { ErrorBanner } from '../../../../ui/error-banner'
import { useRemote } from '../../../../ui/use-remote'

/**
 * 相談員: every consultant, their profile link and whether they take bookings, and 相談員を追加. Turning one off
 * while they hold bookings from now on is refused by the server with the bookings' ticket
 * numbers: they are reassigned first (the assignments page).
 */
export function ConsultantListPage({ deskApi }: { deskApi: DeskApiClient }) {
  const list = useRemote(() => deskApi.call('desk-consultants', {}), [deskApi])
  const [toggling, setToggling] = useState<DeskConsultant | null>(null)
  const [busy, setBusy] = useState(false)
  const [refusal, setRefusal] = useState<string | null>(null)
  const toggle = async (consultant: DeskConsultant) => {
    setBusy(true)
    setRefusal(null)
    try {
      await deskApi.call('desk-consultant-active', { staffId: consultant.staffId, version: consultant.version, active: !consultant.active })
    } catch (e) {
      setRefusal(failureMessage(e))
    } finally {
      setBusy(false)
      setToggling(null)
      list.reload()
    }
  }
  const columns = useMemo<ColumnDef<DeskConsultant, unknown>[]>(
    () => [
      { id: 'image', header: t.columns.image, cell: ({ row }) => (row.original.staffImageUrl ? <Image src={row.original.staffImageUrl} alt="" w="10" h="10" borderRadius="full" objectFit="cover" /> : '—') },
      {
        id: 'nickname',
        header: t.columns.nickname,
        cell: ({ row }) => (
          <ChakraLink asChild colorPalette="brand">
            <Link to="/staff/consultants/$staffId" params={{ staffId: row.original.staffId }}>
              {row.original.staffNickname}
            </Link>
          </ChakraLink>
        ),
      },
      { id: 'age', header: t.columns.age, cell: ({ row }) => row.original.staffAge },
      { id: 'gender', header: t.columns.gender, cell: ({ row }) => t.genders[row.original.staffGender] },
      { id: 'bookings', header: t.columns.bookings, cell: ({ row }) => row.original.upcomingBookings },
      { id: 'active', header: t.columns.active, cell: ({ row }) => <Badge colorPalette={row.original.active ? 'completed' : 'refunded'}>{row.original.active ? t.active : t.inactive}</Badge> },
      {
        id: 'actions',
        header: t.columns.actions,
        cell: ({ row }) => (
          <Button size="xs" variant="outline" colorPalette={row.original.active ? 'red' : 'brand'} aria-label={`${row.original.active ? t.deactivate : t.activate}：${row.original.staffNickname}`} onClick={() => setToggling(row.original)}>
            {row.original.active ? t.deactivate : t.activate}
          </Button>
        ),
      },
    ],
    [],
  )
  return (
    <Stack gap="5">
      <HStack justify="space-between" align="center" wrap="wrap" gap="3">
        <Heading as="h1" size="xl">
          {t.title}
        </Heading>
        <Button asChild colorPalette="brand" size="sm">
          <Link to="/staff/consultants/new">{t.add}</Link>
        </Button>
      </HStack>
      <Text color="fg.muted">{t.lead}</Text>
      {refusal && (
        <Stack gap="2">
          <ErrorBanner title={refusal} description={t.reassignFirst} />
          <HStack>
            <ChakraLink asChild colorPalette="brand">
              <Link to="/staff/assignments">{t.toAssignments}</Link>
            </ChakraLink>
          </HStack>
        </Stack>
      )}
      <DataTable caption={t.title} columns={columns} rows={list.data?.items ?? []} status={list.status} error={failureMessage(list.error)} onRetry={list.reload} rowKey={(s) => s.staffId} />
      <ConfirmDialog
        open={toggling !== null}
        title={toggling ? (toggling.active ? t.deactivateTitle(toggling.staffNickname) : t.activateTitle(toggling.staffNickname)) : ''}
        cancelLabel={c.cancel}
        confirmLabel={toggling?.active ? t.deactivate : t.activate}
        confirmColorPalette={toggling?.active ? 'red' : 'brand'}
        busy={busy}
        onConfirm={() => toggling && void toggle(toggling)}
        onCancel={() => !busy && setToggling(null)}
      >
        <Text>{toggling?.active ? t.deactivateBody : t.activateBody}</Text>
      </ConfirmDialog>
    </Stack>
  )
}
