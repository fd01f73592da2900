import { Box, Button, Link as ChakraLink, Skeleton, Stack, Text } from '@chakra-ui/react'
import { Link } from '@tanstack/react-router'
import { useState } from 'react'
import { failureMessage } from '../../../machines/shared/api-failure'
import type { DeskApiClient } from '../../api/desk-client'
import { deskCommonText as c } from '../../text/desk'
import { receiptText as t } from '../../text/receipt'
import { ErrorBanner } from '../../ui/error-banner'
import { useRemote } from '../../ui/use-remote'
import { PrintBar, ReceiptDocument, type Paper } from './receipt-document'

/**
 * A member's receipt opened on the desk for a member who phones (docs/product.md "Receipts"): the
 * same sheet as theirs, printed or saved as PDF here. Opening it is an issue (audited); this page
 * view's key keeps a repeated request of the same view one issue.
 */
export function DeskReceiptPage({ deskApi, receiptNumber, memberId }: { deskApi: DeskApiClient; receiptNumber: string; memberId: string }) {
  const [viewId] = useState(() => crypto.randomUUID())
  const [paper, setPaper] = useState<Paper>('A4')
  const record = useRemote(() => deskApi.call('desk-receipt', { receiptNumber, viewId }), [deskApi, receiptNumber, viewId])
  return (
    <Stack gap="5">
      {memberId && (
        <ChakraLink asChild color="brand.fg" alignSelf="start">
          <Link to="/staff/members/$memberId" params={{ memberId }}>
            {t.deskBack}
          </Link>
        </ChakraLink>
      )}
      <Text fontSize="sm" color="fg.muted">
        {t.deskNote}
      </Text>
      {record.status === 'failed' ? (
        <Box>
          <ErrorBanner title={c.loadFailed} description={failureMessage(record.error)} />
          <Button mt="2" size="sm" variant="outline" onClick={record.reload}>
            {c.retry}
          </Button>
        </Box>
      ) : record.data ? (
        <>
          <PrintBar paper={paper} onPaper={setPaper} />
          <ReceiptDocument receipt={record.data} paper={paper} />
        </>
      ) : (
        <Skeleton minH="96" aria-label={t.loading} />
      )}
    </Stack>
  )
}
