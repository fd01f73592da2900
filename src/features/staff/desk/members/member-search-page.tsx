import { Badge, Box, Button, chakra, Field, Flex, Heading, Input, Link as ChakraLink, Stack, Text } from '@chakra-ui/react'
import { NativeSelect } from '../../../../ui/later-recipes/native-select'
import { Link } from '@tanstack/react-router'
import { useMemo, useState, type FormEvent } from 'react'
import { SEARCH_MAX } from '../../../../../contract/desk/common'
import { formatDateUnix } from '../../../../../contract/jst'
import { failureMessage } from '../../../../../machines/shared/api-failure'
import type { DeskApiClient } from '../../../../api/desk-client'
import { deskCommonText as c, deskMemberText as t } from '../../../../text/desk'
import { DataTable, Pager, type ColumnDef } from '../../../../ui/data-table'
import { useRemote } from '../../../../ui/use-remote'

const PAGE_SIZE = 20
type By = keyof typeof t.byOptions
type Row = { memberId: string; email: string; name: string; phoneNumber: string; createdAt: number; cancelled: boolean }
export type MemberSearch = { q?: string; by?: By; page?: number }

/**
 * 会員: find a member by name (kana-insensitive), e-mail, phone, member id or ticket number, or
 * list them all (newest first) with an empty query. The search lives in the URL
 * (`?q=&by=&page=`), so a result can be reopened and the back button returns to it. A cancelled
 * member is listed as 退会済み, without personal data (the server sends none).
 */
export function MemberSearchPage({ deskApi, search, onSearch }: { deskApi: DeskApiClient; search: MemberSearch; onSearch: (next: MemberSearch) => void }) {
  const [query, setQuery] = useState(search.q ?? '')
  const [by, setBy] = useState<By>(search.by ?? 'ANY')
  const q = search.q?.trim() ?? ''
  const page = search.page ?? 1
  const result = useRemote(() => deskApi.call('desk-members', { query: q, by: search.by ?? 'ANY', page, pageSize: PAGE_SIZE }), [deskApi, q, search.by, page])
  const submit = (e: FormEvent) => {
    e.preventDefault()
    onSearch({ q: query.trim() || undefined, by, page: 1 })
  }
  const columns = useMemo<ColumnDef<Row, unknown>[]>(
    () => [
      { id: 'memberId', header: t.columns.memberId, cell: ({ row }) => <MemberLink row={row.original} /> },
      { id: 'name', header: t.columns.name, cell: ({ row }) => <Name row={row.original} /> },
      { id: 'email', header: t.columns.email, cell: ({ row }) => row.original.email || '—' },
      { id: 'phone', header: t.columns.phone, cell: ({ row }) => row.original.phoneNumber || '—' },
      { id: 'createdAt', header: t.columns.createdAt, cell: ({ row }) => formatDateUnix(row.original.createdAt) },
    ],
    [],
  )
  const rows = result.data?.items ?? []
  return (
    <Stack gap="5">
      <Heading as="h1" size="xl">
        {t.title}
      </Heading>
      <Text color="fg.muted">{t.lead}</Text>
      <chakra.form onSubmit={submit} role="search">
        <Flex gap="3" align="end" wrap="wrap">
          <Field.Root maxW={{ base: 'full', md: 'md' }}>
            <Field.Label>{t.query}</Field.Label>
            <Input type="search" value={query} maxLength={SEARCH_MAX} autoComplete="off" onChange={(e) => setQuery(e.target.value)} />
          </Field.Root>
          <Field.Root w={{ base: 'full', md: 'auto' }}>
            <Field.Label>{t.by}</Field.Label>
            <NativeSelect.Root width={{ base: 'full', md: '64' }}>
              <NativeSelect.Field value={by} onChange={(e) => setBy(e.target.value as By)}>
                {Object.entries(t.byOptions).map(([key, text]) => (
                  <option key={key} value={key}>
                    {text}
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
          </Field.Root>
          <Button type="submit" colorPalette="brand">
            {c.search}
          </Button>
        </Flex>
      </chakra.form>
      {!q && (
        <Heading as="h2" size="sm" color="fg.muted">
          {t.listAll}
        </Heading>
      )}
      {/* Wide screens: the table. Phones: one card per member. */}
      <Box hideBelow="md">
        <DataTable
          caption={t.title}
          columns={columns}
          rows={rows}
          status={result.status}
          error={failureMessage(result.error)}
          onRetry={result.reload}
          paging={result.data ?? undefined}
          onPage={(p) => onSearch({ ...search, page: p })}
          rowKey={(row) => row.memberId}
          rowData={(row) => ({ 'data-member-id': row.memberId })}
        />
      </Box>
      <Box hideFrom="md">
        {result.status === 'failed' ? (
          <Stack gap="2" align="start">
            <Text color="fg.error">{failureMessage(result.error) ?? c.loadFailed}</Text>
            <Button size="sm" variant="outline" onClick={result.reload}>
              {c.retry}
            </Button>
          </Stack>
        ) : rows.length === 0 ? (
          <Text color="fg.muted">{result.status === 'loading' ? c.loading : c.empty}</Text>
        ) : (
          <Stack as="ul" gap="3" listStyleType="none" aria-label={t.title} aria-busy={result.status === 'loading'}>
            {rows.map((m) => (
              <Box as="li" key={m.memberId} data-member-id={m.memberId} bg="bg" borderWidth="1px" borderRadius="md" p="3">
                <Flex justify="space-between" gap="2" align="start">
                  <Name row={m} />
                  <MemberLink row={m} />
                </Flex>
                {!m.cancelled && (
                  <Text fontSize="sm" wordBreak="break-all">
                    {m.email}・{m.phoneNumber}
                  </Text>
                )}
                <Text fontSize="xs" color="fg.muted">
                  {t.columns.createdAt} {formatDateUnix(m.createdAt)}
                </Text>
              </Box>
            ))}
          </Stack>
        )}
        {result.data && result.data.total > result.data.pageSize && (
          <Pager paging={{ page, pageSize: result.data.pageSize, total: result.data.total }} busy={result.status === 'loading'} onPage={(next) => onSearch({ ...search, page: next })} />
        )}
      </Box>
    </Stack>
  )
}

function MemberLink({ row }: { row: Row }) {
  return (
    <ChakraLink asChild colorPalette="brand" fontFamily="mono" fontSize="sm">
      <Link to="/staff/members/$memberId" params={{ memberId: row.memberId }}>
        {row.memberId}
      </Link>
    </ChakraLink>
  )
}

function Name({ row }: { row: Row }) {
  return row.cancelled ? (
    <Badge colorPalette="refunded" variant="subtle">
      {t.cancelled}
    </Badge>
  ) : (
    <Text as="span" fontWeight="medium">
      {row.name}
    </Text>
  )
}
