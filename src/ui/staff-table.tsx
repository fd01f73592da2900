import { chakra, Text, type TableCellProps, type TableRootProps, type TableRowProps } from '@chakra-ui/react'
import { Table } from './later-recipes/table'
import type { ReactNode } from 'react'

/**
 * The staff pages' tables (decisions.md 67): a table from the `md`
 * breakpoint up; below it every row becomes a card, one line per column with the column's name in
 * front, so nothing (担当, 操作…) sits off-screen at 390 px. The markup stays a table at every width
 * (its rows, headers and `data-*` are what people's tools and the tests find). Draw a staff table
 * with these parts (or with `DataTable`, which does): `StaffTable.Root` → `Header` (hidden on a
 * phone) → `Body` → `Row` → `Cell label=…`.
 */

const cardRow = {
  display: { base: 'block', md: 'table-row' },
  py: { base: '2', md: '0' },
  px: { base: '3', md: '0' },
  borderBottomWidth: { base: '1px', md: '0' },
} as const

const cardCell = {
  display: { base: 'grid', md: 'table-cell' },
  // The table keeps its cells on one line (its recipe); a card's lines wrap within the phone.
  whiteSpace: { base: 'normal', md: 'inherit' },
  gridTemplateColumns: '6.5rem minmax(0, 1fr)',
  alignItems: 'baseline',
  columnGap: '3',
  borderBottomWidth: { base: '0', md: '1px' },
  px: { base: '0', md: '3' },
  py: { base: '1', md: '2' },
} as const

function Root({ label, children, ...props }: { label: string; children: ReactNode } & Omit<TableRootProps, 'children'>) {
  return (
    <Table.ScrollArea borderWidth="1px" borderRadius="l2" bg="bg">
      <Table.Root size="sm" aria-label={label} display={{ base: 'block', md: 'table' }} {...props}>
        {children}
      </Table.Root>
    </Table.ScrollArea>
  )
}

function Header({ children }: { children: ReactNode }) {
  return <Table.Header hideBelow="md">{children}</Table.Header>
}

function Body({ children }: { children: ReactNode }) {
  return <Table.Body display={{ base: 'block', md: 'table-row-group' }}>{children}</Table.Body>
}

function Row(props: TableRowProps) {
  return <Table.Row {...cardRow} {...props} />
}

/** A cell; `label` is its column's name, shown in front of the value on a phone only. */
function Cell({ label, children, ...props }: { label: ReactNode } & TableCellProps) {
  return (
    <Table.Cell verticalAlign="top" {...cardCell} {...props}>
      <Text as="span" hideFrom="md" fontSize="xs" color="fg.muted">
        {label}
      </Text>
      {/* A span, not a div: what a cell held stays the cell's first block (tests/e2e/drivers read it so).
          On a phone a value that cannot wrap (a ticket or receipt number, an address) breaks where it
          must rather than run off the card; a table's columns keep their own widths. */}
      <chakra.span display="block" minW="0" overflowWrap={{ base: 'anywhere', md: 'normal' }}>
        {children}
      </chakra.span>
    </Table.Cell>
  )
}

/** A cell across the whole row (empty, loading): a plain block on a phone. */
function WideCell({ colSpan, children }: { colSpan: number; children: ReactNode }) {
  return (
    <Table.Cell colSpan={colSpan} display={{ base: 'block', md: 'table-cell' }}>
      {children}
    </Table.Cell>
  )
}

export const StaffTable = { Root, Header, Body, Row, Cell, WideCell, ColumnHeader: Table.ColumnHeader, HeaderRow: Table.Row, Caption: Table.Caption }
