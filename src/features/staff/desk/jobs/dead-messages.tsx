import { Button, Heading, Stack, Text } from '@chakra-ui/react'
import { useMemo, useState } from 'react'
import type { DeskMail } from '../../../../../contract/desk/mails'
import { formatDateTimeUnix } from '../../../../../contract/jst'
import { failureMessage } from '../../../../../machines/shared/api-failure'
import type { DeskApiClient } from '../../../../api/desk-client'
import { deskCommonText as c, deskDeadMessagesText as t } from '../../../../text/desk'
import { DataTable, type ColumnDef } from '../../../../ui/data-table'
import { ErrorBanner } from '../../../../ui/error-banner'
import { toaster } from '../../../../ui/toaster'
import { useRemote } from '../../../../ui/use-remote'

/**
 * The outbox's dead messages (docs/server.md "Outbox"): every mail given up after a day of retries,
 * whoever it was for, newest first, with its last error and one button to send it again (the
 * reset code goes with a live code; a link cannot go again and says so). The member's page shows
 * the same mails among all of theirs.
 */
export function DeadMessages({ deskApi }: { deskApi: DeskApiClient }) {
  const [page, setPage] = useState(1)
  const list = useRemote(() => deskApi.call('desk-mails', { status: 'FAILED', page, pageSize: 20 }), [deskApi, page])
  const [resending, setResending] = useState<number | null>(null)
  const [resendError, setResendError] = useState<string | null>(null)
  const resend = async (mail: DeskMail) => {
    setResending(mail.id)
    setResendError(null)
    try {
      const { mail: after } = await deskApi.call('desk-mail-resend', { id: mail.id })
      toaster.create({ id: `mail-resent-${mail.id}`, title: after.status === 'SENT' ? t.resent : t.queued, type: after.status === 'SENT' ? 'success' : 'info' })
      list.reload()
    } catch (error) {
      setResendError(failureMessage(error))
    } finally {
      setResending(null)
    }
  }
  const columns = useMemo<ColumnDef<DeskMail, unknown>[]>(
    () => [
      { id: 'createdAt', header: t.columns.createdAt, cell: ({ row }) => formatDateTimeUnix(row.original.createdAt) },
      { id: 'to', header: t.columns.to, cell: ({ row }) => row.original.toAddress },
      { id: 'subject', header: t.columns.subject, cell: ({ row }) => row.original.subject },
      { id: 'error', header: t.columns.error, cell: ({ row }) => <Text fontSize="sm" color="fg.error" whiteSpace="pre-wrap">{row.original.lastError ?? ''}</Text> },
      { id: 'attempts', header: t.columns.attempts, cell: ({ row }) => row.original.attempts },
      {
        id: 'actions',
        header: t.columns.actions,
        cell: ({ row }) =>
          row.original.resendable ? (
            <Button size="xs" variant="outline" loading={resending === row.original.id} aria-label={`${t.resend}：${row.original.subject}`} onClick={() => void resend(row.original)}>
              {t.resend}
            </Button>
          ) : (
            <Text fontSize="xs" color="fg.muted">
              {t.notResendable}
            </Text>
          ),
      },
    ],
    [resending],
  )
  return (
    <Stack gap="4">
      <Heading as="h2" size="lg">
        {t.title}
      </Heading>
      <Text color="fg.muted">{t.lead}</Text>
      {resendError && <ErrorBanner title={resendError} />}
      <DataTable
        caption={t.title}
        columns={columns}
        rows={list.data?.items ?? []}
        status={list.status === 'failed' && list.data ? 'ready' : list.status}
        error={list.status === 'failed' ? <ErrorBanner title={c.loadFailed} description={failureMessage(list.error)} /> : undefined}
        onRetry={list.reload}
        emptyText={t.empty}
        paging={list.data ? { page: list.data.page, pageSize: list.data.pageSize, total: list.data.total } : undefined}
        onPage={setPage}
        rowKey={(m) => String(m.id)}
      />
    </Stack>
  )
}
