import { Alert, Box, Button, chakra, Field, Heading, HStack, Input, Skeleton, Stack, Text, Textarea } from '@chakra-ui/react'
import { NativeSelect } from '../../../../ui/later-recipes/native-select'
import { Link } from '@tanstack/react-router'
import { useSelector } from '@xstate/react'
import type { FormEvent } from 'react'
import { CONTENT_MAX, NOTICE_TITLE_MAX } from '../../../../../contract/desk/notices'
import type { NoticePublishActorRef } from '../../../../../machines/notice-publish/notice-publish-machine'
import { noticePublishView } from '../../../../../machines/notice-publish/notice-publish-view'
import type { NoticeField } from '../../../../../machines/notice-publish/notice-rules'
import { deskCommonText as c, deskNoticeText as t } from '../../../../text/desk'
import { ConfirmDialog } from '../../../../ui/confirm-dialog'
import { ErrorBanner } from '../../../../ui/error-banner'
import { NoticeText } from '../../../../ui/notice-text'
import { PathLink } from '../../../../ui/path-link'

/** Write or edit a notice, its window, publish it; withdraw one (the notice publish chart). */
export function NoticeEditor({ actor }: { actor: NoticePublishActorRef }) {
  const isNew = useSelector(actor, (s) => s.context.noticeId === null)
  const loading = useSelector(actor, noticePublishView.isLoading)
  const loadFailed = useSelector(actor, noticePublishView.isLoadFailed)
  const values = useSelector(actor, (s) => s.context.values)
  const errors = useSelector(actor, noticePublishView.errors)
  const failure = useSelector(actor, (s) => s.context.failure)
  const status = useSelector(actor, (s) => s.context.status)
  const confirming = useSelector(actor, noticePublishView.isConfirmOpen)
  const publishing = useSelector(actor, noticePublishView.isPublishing)
  const confirmingWithdraw = useSelector(actor, noticePublishView.isWithdrawConfirmOpen)
  const withdrawing = useSelector(actor, noticePublishView.isWithdrawing)
  const canWithdraw = useSelector(actor, noticePublishView.canWithdraw)
  const withdrawn = status === 'WITHDRAWN'
  const change = (field: NoticeField) => (value: string) => actor.send({ type: 'field.change', field, value })
  const submit = (e: FormEvent) => {
    e.preventDefault()
    actor.send({ type: 'form.submit' })
  }

  return (
    <Stack gap="5" maxW="3xl">
      <Heading as="h1" size="xl">
        {isNew ? t.newTitle : t.editTitle}
      </Heading>
      {loadFailed && (
        <Box>
          <ErrorBanner title={c.loadFailed} description={failure} />
          <Button mt="2" size="sm" variant="outline" onClick={() => actor.send({ type: 'load.retry' })}>
            {c.retry}
          </Button>
        </Box>
      )}
      {!loadFailed && failure && <ErrorBanner title={failure} />}
      {withdrawn && (
        <Alert.Root status="info">
          <Alert.Indicator />
          <Alert.Title>{t.withdrawnNote}</Alert.Title>
        </Alert.Root>
      )}
      {!loadFailed && (
        <chakra.form onSubmit={submit} noValidate aria-busy={loading}>
          <Stack gap="4">
            <Skeleton loading={loading}>
              <Field.Root invalid={Boolean(errors.kind)} disabled={withdrawn}>
                <Field.Label>{t.kind}</Field.Label>
                <NativeSelect.Root>
                  <NativeSelect.Field value={values.kind} onChange={(e) => change('kind')(e.target.value)}>
                    {Object.entries(t.kinds).map(([key, text]) => (
                      <option key={key} value={key}>
                        {text}
                      </option>
                    ))}
                  </NativeSelect.Field>
                  <NativeSelect.Indicator />
                </NativeSelect.Root>
                {errors.kind && <Field.ErrorText>{errors.kind}</Field.ErrorText>}
              </Field.Root>
            </Skeleton>
            <Skeleton loading={loading}>
              <Field.Root invalid={Boolean(errors.title)} disabled={withdrawn}>
                <Field.Label>{t.noticeTitle}</Field.Label>
                <Input maxLength={NOTICE_TITLE_MAX + 20} value={values.title} onChange={(e) => change('title')(e.target.value)} />
                {errors.title ? <Field.ErrorText>{errors.title}</Field.ErrorText> : <Field.HelperText>{t.noticeTitleHint}</Field.HelperText>}
              </Field.Root>
            </Skeleton>
            <Skeleton loading={loading}>
              <Field.Root invalid={Boolean(errors.content)} disabled={withdrawn}>
                <Field.Label>{t.content}</Field.Label>
                <Textarea rows={6} maxLength={CONTENT_MAX + 100} value={values.content} onChange={(e) => change('content')(e.target.value)} />
                {errors.content ? <Field.ErrorText>{errors.content}</Field.ErrorText> : <Field.HelperText>{t.contentHint}</Field.HelperText>}
              </Field.Root>
            </Skeleton>
            <HStack gap="4" align="start" wrap="wrap">
              <Skeleton loading={loading}>
                <Field.Root invalid={Boolean(errors.publishFrom)} disabled={withdrawn}>
                  <Field.Label>{t.publishFrom}</Field.Label>
                  <Input type="datetime-local" value={values.publishFrom} onChange={(e) => change('publishFrom')(e.target.value)} />
                  {errors.publishFrom ? <Field.ErrorText>{errors.publishFrom}</Field.ErrorText> : <Field.HelperText>{t.publishFromHint}</Field.HelperText>}
                </Field.Root>
              </Skeleton>
              <Skeleton loading={loading}>
                <Field.Root invalid={Boolean(errors.publishUntil)} disabled={withdrawn}>
                  <Field.Label>{t.publishUntil}</Field.Label>
                  <Input type="datetime-local" value={values.publishUntil} onChange={(e) => change('publishUntil')(e.target.value)} />
                  {errors.publishUntil ? <Field.ErrorText>{errors.publishUntil}</Field.ErrorText> : <Field.HelperText>{t.publishUntilHint}</Field.HelperText>}
                </Field.Root>
              </Skeleton>
            </HStack>
            <HStack gap="3" wrap="wrap">
              <Button type="submit" colorPalette="brand" disabled={loading || withdrawn}>
                {t.submit}
              </Button>
              {canWithdraw && (
                <Button variant="outline" colorPalette="red" onClick={() => actor.send({ type: 'notice.withdraw' })}>
                  {t.withdraw}
                </Button>
              )}
              <Button asChild variant="ghost">
                <Link to="/staff/notices">{c.back}</Link>
              </Button>
            </HStack>
          </Stack>
        </chakra.form>
      )}
      <ConfirmDialog
        open={confirming}
        title={t.confirmTitle}
        cancelLabel={c.cancel}
        confirmLabel={t.confirm}
        busy={publishing}
        loadingText={t.publishing}
        onConfirm={() => actor.send({ type: 'modal.confirm' })}
        onCancel={() => actor.send({ type: 'modal.cancel' })}
      >
        <Stack gap="2">
          <Text fontWeight="bold">{t.kinds[values.kind]}</Text>
          <Text fontSize="xs" color="fg.muted">
            {t.preview}
          </Text>
          <Box borderWidth="1px" borderRadius="l2" p="3" bg="brand.subtle" data-notice-preview>
            {values.title.trim() && (
              <Heading as="h4" size="sm" mb="1">
                {values.title.trim()}
              </Heading>
            )}
            <NoticeText content={values.content} Link={PathLink} />
          </Box>
          <Text fontSize="sm" color="fg.muted">
            {t.window(values.publishFrom ? values.publishFrom.replace('T', ' ') : t.now, values.publishUntil ? values.publishUntil.replace('T', ' ') : t.noEnd)}
          </Text>
        </Stack>
      </ConfirmDialog>
      <ConfirmDialog
        open={confirmingWithdraw}
        title={t.withdrawTitle}
        cancelLabel={c.cancel}
        confirmLabel={t.withdraw}
        confirmColorPalette="red"
        busy={withdrawing}
        loadingText={t.withdrawing}
        onConfirm={() => actor.send({ type: 'modal.confirm' })}
        onCancel={() => actor.send({ type: 'modal.cancel' })}
      >
        <Text>{t.withdrawBody}</Text>
      </ConfirmDialog>
    </Stack>
  )
}
