import { Box, Button, HStack, Skeleton, Text } from '@chakra-ui/react'
import { flexRender, getCoreRowModel, useReactTable, type ColumnDef } from '@tanstack/react-table'
import type { ReactNode } from 'react'
import { deskCommonText as t } from '../text/desk'
import { ErrorBanner } from './error-banner'
import { StaffTable } from './staff-table'

export type { ColumnDef } from '@tanstack/react-table'

/** The server's page of a paged list (contract/desk/common.ts `paged`). */
export type ServerPage = { page: number; pageSize: number; total: number }

/**
 * A staff table: TanStack Table (headless) draws the columns into Chakra's table; paging and
 * filtering are the server's (`manualPagination`), so the table shows exactly the rows it was
 * given and asks for another page by `onPage`. While loading it keeps the last rows under a
 * skeleton row; a failure says so with a retry; an empty answer says so. Drawn with `StaffTable`:
 * below the `md` breakpoint each row is a card with the column names in front of the values.
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
      <StaffTable.Root label={caption} aria-busy={status === 'loading'}>
        <StaffTable.Caption srOnly>{caption}</StaffTable.Caption>
        <StaffTable.Header>
          {table.getHeaderGroups().map((group) => (
            <StaffTable.HeaderRow key={group.id}>
              {group.headers.map((header) => (
                <StaffTable.ColumnHeader key={header.id} scope="col" whiteSpace="nowrap">
                  {header.isPlaceholder ? null : flexRender(header.column.columnDef.header, header.getContext())}
                </StaffTable.ColumnHeader>
              ))}
            </StaffTable.HeaderRow>
          ))}
        </StaffTable.Header>
        <StaffTable.Body>
          {loadingFirst &&
            [0, 1, 2].map((i) => (
              <StaffTable.Row key={`skeleton-${i}`} aria-hidden="true">
                <StaffTable.WideCell colSpan={columns.length}>
                  <Skeleton height="4" />
                </StaffTable.WideCell>
              </StaffTable.Row>
            ))}
          {!loadingFirst && rows.length === 0 && status !== 'failed' && (
            <StaffTable.Row>
              <StaffTable.WideCell colSpan={columns.length}>
                <Text color="fg.muted" py="4" textAlign="center">
                  {emptyText}
                </Text>
              </StaffTable.WideCell>
            </StaffTable.Row>
          )}
          {table.getRowModel().rows.map((row) => (
            <StaffTable.Row key={row.id} opacity={status === 'loading' ? 0.6 : 1} {...rowData?.(row.original)}>
              {row.getVisibleCells().map((cell) => {
                const header = cell.column.columnDef.header
                return (
                  <StaffTable.Cell key={cell.id} label={typeof header === 'string' ? header : null}>
                    {flexRender(cell.column.columnDef.cell, cell.getContext())}
                  </StaffTable.Cell>
                )
              })}
            </StaffTable.Row>
          ))}
        </StaffTable.Body>
      </StaffTable.Root>
      {status === 'loading' && (
        <Text srOnly role="status">
          {t.loading}
        </Text>
      )}
      {paging && onPage && paging.total > 0 && <Pager paging={paging} busy={status === 'loading'} onPage={onPage} />}
    </Box>
  )
}

/** The server's pages of a list: previous, "page n of m (total)", next; both buttons wait while `busy`. */
export function Pager({ paging, busy, onPage }: { paging: ServerPage; busy: boolean; onPage: (page: number) => void }) {
  const pages = Math.max(1, Math.ceil(paging.total / paging.pageSize))
  return (
    <HStack as="nav" aria-label={t.pager} justify="space-between" mt="3" wrap="wrap">
      <Button size="sm" variant="outline" disabled={paging.page <= 1 || busy} onClick={() => onPage(paging.page - 1)}>
        {t.prevPage}
      </Button>
      <Text fontSize="sm" aria-live="polite">
        {t.pageOf(paging.page, pages, paging.total)}
      </Text>
      <Button size="sm" variant="outline" disabled={paging.page >= pages || busy} onClick={() => onPage(paging.page + 1)}>
        {t.nextPage}
      </Button>
    </HStack>
  )
}
