import { Button, Link as ChakraLink, HStack, Spinner, Stack, Text } from '@chakra-ui/react'
import { Link } from '@tanstack/react-router'
import { useSelector } from '@xstate/react'
import { useState } from 'react'
import type { ReceiptActorRef } from '../../../machines/receipt/receipt-machine'
import { receiptView } from '../../../machines/receipt/receipt-view'
import { receiptText as t } from '../../text/receipt'
import { ErrorBanner } from '../../ui/error-banner'
import { TextField } from '../../ui/text-field'
import { PrintBar, ReceiptDocument, type Paper } from './receipt-document'

/** The member's receipt of one payment (docs/product.md "Receipts"): print it, change its addressee once. */
export function ReceiptPage({ actor }: { actor: ReceiptActorRef }) {
  const receipt = useSelector(actor, (s) => s.context.receipt)
  const draft = useSelector(actor, (s) => s.context.draft)
  const fieldError = useSelector(actor, (s) => s.context.fieldError)
  const refusal = useSelector(actor, (s) => s.context.refusal)
  const saved = useSelector(actor, (s) => s.context.saved)
  const loading = useSelector(actor, receiptView.isLoading)
  const editing = useSelector(actor, receiptView.isEditing)
  const saving = useSelector(actor, receiptView.isSaving)
  const canEdit = useSelector(actor, receiptView.canEdit)
  const canSubmit = useSelector(actor, receiptView.canSubmit)
  const [paper, setPaper] = useState<Paper>('A4')

  if (loading || !receipt) {
    return (
      <Stack align="center" py="10" role="status" aria-label={t.loading}>
        <Spinner color="brand.solid" />
      </Stack>
    )
  }
  return (
    <Stack gap="5">
      <ChakraLink asChild color="brand.fg" alignSelf="start">
        <Link to="/purchase-list">{t.back}</Link>
      </ChakraLink>
      <PrintBar paper={paper} onPaper={setPaper} />
      {editing ? (
        <Stack
          as="form"
          gap="3"
          maxW="md"
          onSubmit={(e) => {
            e.preventDefault()
            actor.send({ type: 'addressee.submit' })
          }}
        >
          <TextField label={t.addressee} value={draft} error={fieldError} hint={t.addresseeHint} autoComplete="organization" onValue={(value) => actor.send({ type: 'addressee.change', value })} />
          {refusal && <ErrorBanner title={refusal} />}
          <HStack>
            <Button type="submit" colorPalette="brand" loading={saving} disabled={!canSubmit && !saving}>
              {t.save}
            </Button>
            <Button variant="outline" disabled={saving} onClick={() => actor.send({ type: 'addressee.cancel' })}>
              {t.cancel}
            </Button>
          </HStack>
        </Stack>
      ) : canEdit ? (
        <Button alignSelf="start" variant="outline" size="sm" onClick={() => actor.send({ type: 'addressee.edit' })}>
          {t.edit}
        </Button>
      ) : (
        <Text fontSize="sm" color="fg.muted" role={saved ? 'status' : undefined}>
          {saved ? t.saved : t.locked}
        </Text>
      )}
      <ReceiptDocument receipt={receipt} paper={paper} />
    </Stack>
  )
}
