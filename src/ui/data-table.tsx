import { Box, Button, HStack, Skeleton, Table, Text } from '@chakra-ui/react'
import { flexRender, getCoreRowModel, useReactTable, type ColumnDef } from '@tanstack/react-table'
import type { ReactNode } from 'react'
import { deskCommonText as t } from '../text/desk'
import { ErrorBanner } from './error-banner'

export type { ColumnDef } from '@tanstack/react-table'

/** The server's page of a paged list (contract/desk-calls.ts `paged`). */
export type ServerPage = { page: number; pageSize: number; total: number }

/**
 * A staff table: TanStack Table (headless) draws the columns into Chakra's table; paging and
 * filtering are the server's (`manualPagination`), so the table shows exactly the rows it was
 * given and asks for another page by `onPage`. While loading it keeps the last rows under a
 * skeleton row; a failure says so with a retry; an empty answer says so.
 */
export function DataTable<T>({
  caption,
  columns,
  rows,
  status,
  error,
  onRetry,
  emptyText = t.empty,
  paging,
  onPage,
  rowKey,
  rowData,
}: {
  caption: string
  columns: ColumnDef<T, unknown>[]
  rows: T[]
  status: 'loading' | 'ready' | 'failed'
  error?: ReactNode
  onRetry?: () => void
  emptyText?: string
  paging?: ServerPage
  onPage?: (page: number) => void
  rowKey: (row: T) => string
  /** `data-*` attributes of a row (what tests and people find a row by: its ticket number…). */
  rowData?: (row: T) => Record<`data-${string}`, string>
}) {
  const pages = paging ? Math.max(1, Math.ceil(paging.total / paging.pageSize)) : 1
  const table = useReactTable({
    data: rows,
    columns,
    getCoreRowModel: getCoreRowModel(),
    getRowId: rowKey,
    manualPagination: true,
    manualFiltering: true,
    pageCount: pages,
  })
  const loadingFirst = status === 'loading' && rows.length === 0
  return (
    <Box>
      {status === 'failed' && (
        <Box mb="3">
          <ErrorBanner title={t.loadFailed} description={error} />
          {onRetry && (
            <Button mt="2" size="sm" variant="outline" onClick={onRetry}>
              {t.retry}
            </Button>
          )}
        </Box>
      )}
      <Table.ScrollArea borderWidth="1px" borderRadius="l2" bg="bg">
        <Table.Root size="sm" aria-busy={status === 'loading'}>
          <Table.Caption srOnly>{caption}</Table.Caption>
          <Table.Header>
            {table.getHeaderGroups().map((group) => (
              <Table.Row key={group.id}>
                {group.headers.map((header) => (
                  <Table.ColumnHeader key={header.id} scope="col" whiteSpace="nowrap">
                    {header.isPlaceholder ? null : flexRender(header.column.columnDef.header, header.getContext())}
                  </Table.ColumnHeader>
                ))}
              </Table.Row>
            ))}
          </Table.Header>
          <Table.Body>
            {loadingFirst &&
              [0, 1, 2].map((i) => (
                <Table.Row key={`skeleton-${i}`} aria-hidden="true">
                  {columns.map((_, c) => (
                    <Table.Cell key={c}>
                      <Skeleton height="4" />
                    </Table.Cell>
                  ))}
                </Table.Row>
              ))}
            {!loadingFirst && rows.length === 0 && status !== 'failed' && (
              <Table.Row>
                <Table.Cell colSpan={columns.length}>
                  <Text color="fg.muted" py="4" textAlign="center">
                    {emptyText}
                  </Text>
                </Table.Cell>
              </Table.Row>
            )}
            {table.getRowModel().rows.map((row) => (
              <Table.Row key={row.id} opacity={status === 'loading' ? 0.6 : 1} {...rowData?.(row.original)}>
                {row.getVisibleCells().map((cell) => (
                  <Table.Cell key={cell.id} verticalAlign="top">
                    {flexRender(cell.column.columnDef.cell, cell.getContext())}
                  </Table.Cell>
                ))}
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      </Table.ScrollArea>
      {status === 'loading' && (
        <Text srOnly role="status">
          {t.loading}
        </Text>
      )}
      {paging && onPage && paging.total > 0 && (
        <HStack as="nav" aria-label={t.pager} justify="space-between" mt="3" wrap="wrap">
          <Button size="sm" variant="outline" disabled={paging.page <= 1 || status === 'loading'} onClick={() => onPage(paging.page - 1)}>
            {t.prevPage}
          </Button>
          <Text fontSize="sm" aria-live="polite">
            {t.pageOf(paging.page, pages, paging.total)}
          </Text>
          <Button size="sm" variant="outline" disabled={paging.page >= pages || status === 'loading'} onClick={() => onPage(paging.page + 1)}>
            {t.nextPage}
          </Button>
        </HStack>
      )}
    </Box>
  )
}
