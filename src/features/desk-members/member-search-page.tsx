import { Button, chakra, Field, Heading, HStack, Input, Link as ChakraLink, NativeSelect, Stack, Text } from '@chakra-ui/react'
import { Link } from '@tanstack/react-router'
import { useMemo, useState, type FormEvent } from 'react'
import { SEARCH_MAX } from '../../../contract/desk-calls'
import { formatDateUnix } from '../../../contract/jst'
import { failureMessage } from '../../../machines/shared/api-failure'
import type { DeskApiClient } from '../../api/desk-client'
import { deskCommonText as c, deskMemberText as t } from '../../text/desk'
import { DataTable, type ColumnDef } from '../../ui/data-table'
import { useRemote } from '../../ui/use-remote'

const PAGE_SIZE = 20
type By = keyof typeof t.byOptions
type Row = { memberId: string; email: string; name: string; phoneNumber: string; createdAt: number }
export type MemberSearch = { q?: string; by?: By; page?: number }

/**
 * 会員: find a member by e-mail, phone, member id or ticket number. The search lives in the URL
 * (`?q=&by=&page=`), so a result can be reopened and the back button returns to it.
 */
export function MemberSearchPage({ deskApi, search, onSearch }: { deskApi: DeskApiClient; search: MemberSearch; onSearch: (next: MemberSearch) => void }) {
  const [query, setQuery] = useState(search.q ?? '')
  const [by, setBy] = useState<By>(search.by ?? 'ANY')
  const q = search.q?.trim() ?? ''
  const page = search.page ?? 1
  const result = useRemote(
    async () => (q ? deskApi.call('desk-members', { query: q, by: search.by ?? 'ANY', page, pageSize: PAGE_SIZE }) : null),
    [deskApi, q, search.by, page],
  )
  const submit = (e: FormEvent) => {
    e.preventDefault()
    onSearch({ q: query.trim(), by, page: 1 })
  }
  const columns = useMemo<ColumnDef<Row, unknown>[]>(
    () => [
      {
        id: 'memberId',
        header: t.columns.memberId,
        cell: ({ row }) => (
          <ChakraLink asChild colorPalette="brand">
            <Link to="/staff/members/$memberId" params={{ memberId: row.original.memberId }}>
              {row.original.memberId}
            </Link>
          </ChakraLink>
        ),
      },
      { id: 'name', header: t.columns.name, cell: ({ row }) => row.original.name },
      { id: 'email', header: t.columns.email, cell: ({ row }) => row.original.email },
      { id: 'phone', header: t.columns.phone, cell: ({ row }) => row.original.phoneNumber },
      { id: 'createdAt', header: t.columns.createdAt, cell: ({ row }) => formatDateUnix(row.original.createdAt) },
    ],
    [],
  )
  return (
    <Stack gap="5">
      <Heading as="h1" size="xl">
        {t.title}
      </Heading>
      <Text color="fg.muted">{t.lead}</Text>
      <chakra.form onSubmit={submit} role="search">
        <HStack gap="3" align="end" wrap="wrap">
          <Field.Root maxW="md">
            <Field.Label>{t.query}</Field.Label>
            <Input type="search" value={query} maxLength={SEARCH_MAX} autoComplete="off" onChange={(e) => setQuery(e.target.value)} />
          </Field.Root>
          <Field.Root w="auto">
            <Field.Label>{t.by}</Field.Label>
            <NativeSelect.Root width="64">
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
          <Button type="submit" colorPalette="brand" disabled={!query.trim()}>
            {c.search}
          </Button>
        </HStack>
      </chakra.form>
      {q ? (
        <DataTable
          caption={t.title}
          columns={columns}
          rows={result.data?.items ?? []}
          status={result.status}
          error={failureMessage(result.error)}
          onRetry={result.reload}
          paging={result.data ?? undefined}
          onPage={(p) => onSearch({ ...search, page: p })}
          rowKey={(row) => row.memberId}
        />
      ) : (
        <Text color="fg.muted">{t.prompt}</Text>
      )}
    </Stack>
  )
}
