import { Button, chakra, Field, Heading, HStack, Input, Stack, Text } from '@chakra-ui/react'
import { NativeSelect } from '../../../../ui/later-recipes/native-select'
import { useMemo, useState, type FormEvent } from 'react'
import { auditActionNames, auditRoleNames, auditTargetNames } from '../../../../../contract/audit-names'
import { formatDateTimeUnix } from '../../../../../contract/jst'
import { failureMessage } from '../../../../../machines/shared/api-failure'
import type { DeskApiClient } from '../../../../api/desk-client'
import { deskAuditText as t, deskCommonText as c } from '../../../../text/desk'
import { DataTable, type ColumnDef } from '../../../../ui/data-table'
import { useRemote } from '../../../../ui/use-remote'
import { AuditChange } from './audit-change'

const PAGE_SIZE = 50
type Entry = {
  id: number
  at: number
  actorUid: string
  actorEmail: string
  actorRole: string
  action: string
  targetType: string
  targetId: string
  before: unknown
  after: unknown
  actionName: string
  actorName: string | null
  targetName: string | null
  names: Record<string, string>
}
/** The filters as the URL keeps them; dates `YYYY-MM-DD` (Japan), as date inputs give them. */
export type AuditSearch = { actor?: string; action?: string; targetType?: string; targetId?: string; from?: string; to?: string; page?: number }
type FilterKey = Exclude<keyof AuditSearch, 'page'>

const ymd = (day: string | undefined) => (day ? day.replaceAll('-', '') : undefined)

/** 監査ログ: every staff write, read only, filtered and paged by the server. */
export function AuditLogPage({ deskApi, search, onSearch }: { deskApi: DeskApiClient; search: AuditSearch; onSearch: (next: AuditSearch) => void }) {
  const [draft, setDraft] = useState<Record<FilterKey, string>>({
    actor: search.actor ?? '',
    action: search.action ?? '',
    targetType: search.targetType ?? '',
    targetId: search.targetId ?? '',
    from: search.from ?? '',
    to: search.to ?? '',
  })
  const page = search.page ?? 1
  const list = useRemote(
    () =>
      deskApi.call('desk-audit', {
        page,
        pageSize: PAGE_SIZE,
        ...(search.actor ? { actor: search.actor } : {}),
        ...(search.action ? { action: search.action } : {}),
        ...(search.targetType ? { targetType: search.targetType } : {}),
        ...(search.targetId ? { targetId: search.targetId } : {}),
        ...(search.from ? { from: ymd(search.from) } : {}),
        ...(search.to ? { to: ymd(search.to) } : {}),
      }),
    [deskApi, page, search.actor, search.action, search.targetType, search.targetId, search.from, search.to],
  )
  const submit = (e: FormEvent) => {
    e.preventDefault()
    const next: AuditSearch = { page: 1 }
    for (const [key, value] of Object.entries(draft) as [FilterKey, string][]) if (value.trim()) next[key] = value.trim()
    onSearch(next)
  }
  const clear = () => {
    setDraft({ actor: '', action: '', targetType: '', targetId: '', from: '', to: '' })
    onSearch({})
  }
  const columns = useMemo<ColumnDef<Entry, unknown>[]>(
    () => [
      { id: 'at', header: t.columns.at, cell: ({ row }) => <Text whiteSpace="nowrap">{formatDateTimeUnix(row.original.at)}</Text> },
      {
        id: 'actor',
        header: t.columns.actor,
        cell: ({ row }) => (
          <Text>
            {row.original.actorName ?? row.original.actorEmail}
            <Text as="span" display="block" fontSize="xs" color="fg.muted">
              {auditRoleNames[row.original.actorRole] ?? row.original.actorRole}
              {row.original.actorName ? `・${row.original.actorEmail}` : ''}
            </Text>
          </Text>
        ),
      },
      { id: 'action', header: t.columns.action, cell: ({ row }) => <Text fontWeight="semibold">{row.original.actionName}</Text> },
      {
        id: 'target',
        header: t.columns.target,
        cell: ({ row }) => (
          <Text fontSize="sm">
            {auditTargetNames[row.original.targetType] ?? row.original.targetType}
            {row.original.targetName ? `：${row.original.targetName}` : ''}
            <Text as="span" display="block" fontFamily="mono" fontSize="xs" color="fg.muted" wordBreak="break-all">
              {row.original.targetId}
            </Text>
          </Text>
        ),
      },
      { id: 'change', header: t.columns.change, cell: ({ row }) => <AuditChange before={row.original.before} after={row.original.after} names={row.original.names} /> },
    ],
    [],
  )
  const choice = (key: 'action' | 'targetType', label: string, options: Record<string, string>, all: string) => (
    <Field.Root w={{ base: 'full', md: '56' }}>
      <Field.Label>{label}</Field.Label>
      <NativeSelect.Root size="sm">
        <NativeSelect.Field value={draft[key]} onChange={(e) => setDraft((d) => ({ ...d, [key]: e.target.value }))}>
          <option value="">{all}</option>
          {Object.entries(options).map(([code, name]) => (
            <option key={code} value={code}>
              {name}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </Field.Root>
  )
  const field = (key: FilterKey, label: string, type = 'text') => (
    <Field.Root w={{ base: 'full', md: type === 'date' ? '44' : '56' }}>
      <Field.Label>{label}</Field.Label>
      <Input size="sm" type={type} autoComplete="off" maxLength={128} value={draft[key]} onChange={(e) => setDraft((d) => ({ ...d, [key]: e.target.value }))} />
    </Field.Root>
  )
  return (
    <Stack gap="5">
      <Heading as="h1" size="xl">
        {t.title}
      </Heading>
      <Text color="fg.muted">{t.lead}</Text>
      <chakra.form onSubmit={submit} aria-label={c.filter}>
        <HStack gap="3" align="end" wrap="wrap">
          {field('actor', t.actor)}
          {choice('action', t.action, auditActionNames, t.allActions)}
          {choice('targetType', t.targetType, auditTargetNames, t.allTargets)}
          {field('targetId', t.targetId)}
          {field('from', t.from, 'date')}
          {field('to', t.to, 'date')}
          <Button type="submit" size="sm" colorPalette="brand">
            {c.filter}
          </Button>
          <Button size="sm" variant="outline" onClick={clear}>
            {c.clear}
          </Button>
        </HStack>
      </chakra.form>
      <DataTable
        caption={t.title}
        columns={columns}
        rows={list.data?.items ?? []}
        status={list.status}
        error={failureMessage(list.error)}
        onRetry={list.reload}
        paging={list.data ?? undefined}
        onPage={(p) => onSearch({ ...search, page: p })}
        rowKey={(row) => String(row.id)}
        rowData={(row) => ({ 'data-action': row.action, 'data-target-id': row.targetId })}
      />
    </Stack>
  )
}
