import { Button, Heading, Stack, Text } from '@chakra-ui/react'
import { useMemo, useState } from 'react'
import type { DeskFailedJob } from '../../../../../contract/desk/mails'
import { formatDateTimeUnix } from '../../../../../contract/jst'
import { failureMessage } from '../../../../../machines/shared/api-failure'
import type { DeskApiClient } from '../../../../api/desk-client'
import { deskCommonText as c, deskJobsText as t } from '../../../../text/desk'
import { DataTable, type ColumnDef } from '../../../../ui/data-table'
import { ErrorBanner } from '../../../../ui/error-banner'
import { toaster } from '../../../../ui/toaster'
import { useRemote } from '../../../../ui/use-remote'
import { DeadMessages } from './dead-messages'

const nameOf = (job: DeskFailedJob) => t.names[job.name] ?? job.name

/**
 * The jobs that failed after their retries (server/jobs/failed.ts), newest first, each with its last
 * error and a retry: the job runs again at the next tick; the retry is in the audit trail. Below,
 * the outbox's dead mails with their resend (dead-messages.tsx).
 */
export function FailedJobsPage({ deskApi, page, onPage }: { deskApi: DeskApiClient; page: number; onPage: (page: number) => void }) {
  const list = useRemote(() => deskApi.call('desk-jobs-failed', { page, pageSize: 20 }), [deskApi, page])
  const [retrying, setRetrying] = useState<string | null>(null)
  const [retryError, setRetryError] = useState<string | null>(null)
  const retry = async (job: DeskFailedJob) => {
    setRetrying(job.id)
    setRetryError(null)
    try {
      await deskApi.call('desk-job-retry', { id: job.id })
      toaster.create({ id: `job-retried-${job.id}`, title: t.retried(nameOf(job)), type: 'success' })
      list.reload()
    } catch (error) {
      setRetryError(failureMessage(error))
    } finally {
      setRetrying(null)
    }
  }
  const columns = useMemo<ColumnDef<DeskFailedJob, unknown>[]>(
    () => [
      { id: 'name', header: t.columns.name, cell: ({ row }) => nameOf(row.original) },
      { id: 'error', header: t.columns.error, cell: ({ row }) => <Text fontSize="sm" color="fg.error" whiteSpace="pre-wrap">{row.original.error}</Text> },
      { id: 'runs', header: t.columns.runs, cell: ({ row }) => row.original.runs },
      { id: 'createdAt', header: t.columns.createdAt, cell: ({ row }) => formatDateTimeUnix(row.original.createdAt) },
      { id: 'failedAt', header: t.columns.failedAt, cell: ({ row }) => formatDateTimeUnix(row.original.failedAt) },
      {
        id: 'actions',
        header: t.columns.actions,
        cell: ({ row }) => (
          <Button size="xs" variant="outline" loading={retrying === row.original.id} aria-label={`${t.retry}：${nameOf(row.original)}`} onClick={() => void retry(row.original)}>
            {t.retry}
          </Button>
        ),
      },
    ],
    [retrying],
  )
  return (
    <Stack gap="4">
      <Heading as="h1" size="xl">
        {t.title}
      </Heading>
      <Text color="fg.muted">{t.lead}</Text>
      {retryError && <ErrorBanner title={retryError} />}
      <DataTable
        caption={t.caption}
        columns={columns}
        rows={list.data?.items ?? []}
        status={list.status === 'failed' && list.data ? 'ready' : list.status}
        error={list.status === 'failed' ? <ErrorBanner title={c.loadFailed} description={failureMessage(list.error)} /> : undefined}
        onRetry={list.reload}
        emptyText={t.empty}
        paging={list.data ? { page: list.data.page, pageSize: list.data.pageSize, total: list.data.total } : undefined}
        onPage={onPage}
        rowKey={(job) => job.id}
      />
      <DeadMessages deskApi={deskApi} />
    </Stack>
  )
}
