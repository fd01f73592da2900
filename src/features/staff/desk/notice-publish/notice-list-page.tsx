import { Badge, Button, Heading, HStack, Link as ChakraLink, Stack, Text } from '@chakra-ui/react'
import { Link } from '@tanstack/react-router'
import { useMemo, useState } from 'react'
import type { DeskNotice } from '../../../../../contract/desk/notices'
import { formatDateTimeUnix } from '../../../../../contract/jst'
import { failureMessage } from '../../../../../machines/shared/api-failure'
import type { DeskApiClient } from '../../../../api/desk-client'
import { deskCommonText as c, deskNoticeText as t } from '../../../../text/desk'
import { DataTable, type ColumnDef } from '../../../../ui/data-table'
import { FilterSelect } from '../../../../ui/filter-select'
import { useRemote } from '../../../../ui/use-remote'

const PAGE_SIZE = 20
type Kind = DeskNotice['kind']
type State = DeskNotice['state']
const statePalette: Record<State, string> = { SCHEDULED: 'reserved', PUBLISHED: 'completed', ENDED: 'refunded', WITHDRAWN: 'expired' }

export const noticeWindow = (n: Pick<DeskNotice, 'publishFrom' | 'publishUntil'>) =>
  t.window(n.publishFrom === null ? t.now : formatDateTimeUnix(n.publishFrom), n.publishUntil === null ? t.noEnd : formatDateTimeUnix(n.publishUntil))

/** お知らせ / キャンペーン: the list, filtered and paged by the server. */
export function NoticeListPage({ deskApi }: { deskApi: DeskApiClient }) {
  const [kind, setKind] = useState<Kind | ''>('')
  const [state, setState] = useState<State | ''>('')
  const [page, setPage] = useState(1)
  const list = useRemote(
    () => deskApi.call('desk-notices', { page, pageSize: PAGE_SIZE, ...(kind ? { kind } : {}), ...(state ? { state } : {}) }),
    [deskApi, page, kind, state],
  )
  const columns = useMemo<ColumnDef<DeskNotice, unknown>[]>(
    () => [
      { id: 'kind', header: t.columns.kind, cell: ({ row }) => t.kinds[row.original.kind] },
      {
        id: 'content',
        header: t.columns.content,
        cell: ({ row }) => (
          <ChakraLink asChild colorPalette="brand" lineClamp={2} maxW="md">
            <Link to="/staff/notices/$noticeId" params={{ noticeId: String(row.original.id) }}>
              {row.original.title ? <strong>{row.original.title}</strong> : null}
              {row.original.title ? ' ' : null}
              {row.original.content}
            </Link>
          </ChakraLink>
        ),
      },
      { id: 'window', header: t.columns.window, cell: ({ row }) => <Text whiteSpace="nowrap">{noticeWindow(row.original)}</Text> },
      { id: 'state', header: t.columns.state, cell: ({ row }) => <Badge colorPalette={statePalette[row.original.state]}>{t.states[row.original.state]}</Badge> },
    ],
    [],
  )
  return (
    <Stack gap="5">
      <HStack justify="space-between" wrap="wrap">
        <Heading as="h1" size="xl">
          {t.title}
        </Heading>
        <Button asChild colorPalette="brand">
          <Link to="/staff/notices/new">{t.create}</Link>
        </Button>
      </HStack>
      <Text color="fg.muted">{t.lead}</Text>
      <HStack gap="4" wrap="wrap" role="group" aria-label={c.filter}>
        <FilterSelect label={t.kindFilter} value={kind} options={t.kinds} onChange={(v) => (setKind(v as Kind | ''), setPage(1))} />
        <FilterSelect label={t.stateFilter} value={state} options={t.states} onChange={(v) => (setState(v as State | ''), setPage(1))} />
      </HStack>
      <DataTable
        caption={t.title}
        columns={columns}
        rows={list.data?.items ?? []}
        status={list.status}
        error={failureMessage(list.error)}
        onRetry={list.reload}
        paging={list.data ?? undefined}
        onPage={setPage}
        rowKey={(n) => String(n.id)}
        rowData={(n) => ({ 'data-notice-id': String(n.id) })}
      />
    </Stack>
  )
}
