import { Alert, Button, Field, Heading, HStack, Input, Stack, Text } from '@chakra-ui/react'
import { useState } from 'react'
import type { StaffApiClient } from '../../../../api/staff-client'
import { calendarFeedText as t } from '../../../../text/staff'
import { ConfirmDialog } from '../../../../ui/confirm-dialog'
import { toaster } from '../../../../ui/toaster'
import { formatDateTimeUnix } from '../../../../../contract/jst'

type Feed = { active: boolean; url: string | null; createdUnixTime: number | null }

/**
 * カレンダー連携 (consultants): the private iCalendar URL of their bookings. The server keeps only
 * its hash, so the URL is shown once, right after it is made (ROTATE); making a new one stops the
 * old, and REVOKE stops it without a new one.
 */
export function CalendarFeedPage({ staffApi, feed: initial }: { staffApi: StaffApiClient; feed: Feed }) {
  const [feed, setFeed] = useState(initial)
  const [busy, setBusy] = useState(false)
  const [confirming, setConfirming] = useState<'ROTATE' | 'REVOKE' | null>(null)

  const act = async (action: 'ROTATE' | 'REVOKE') => {
    setBusy(true)
    try {
      setFeed(await staffApi.call('calendar-feed', { action }))
      if (action === 'REVOKE') toaster.create({ id: 'calendar-feed', title: t.revoked, type: 'success' })
      setConfirming(null)
    } catch (error) {
      toaster.create({ id: 'calendar-feed', title: t.failed, description: error instanceof Error ? error.message : undefined, type: 'error' })
    } finally {
      setBusy(false)
    }
  }
  const copy = async () => {
    if (!feed.url) return
    try {
      await navigator.clipboard.writeText(feed.url)
      toaster.create({ id: 'calendar-copy', title: t.copied, type: 'success' })
    } catch {
      // Without clipboard access the URL is selected for the consultant to copy.
      document.getElementById('calendar-feed-url')?.focus()
    }
  }

  return (
    <Stack gap="6" maxW="3xl">
      <Heading as="h1" size="xl">
        {t.title}
      </Heading>
      <Text>{t.lead}</Text>
      {feed.url ? (
        <Stack gap="2">
          <Field.Root>
            <Field.Label>{t.urlLabel}</Field.Label>
            <HStack w="full">
              <Input id="calendar-feed-url" readOnly value={feed.url} onFocus={(e) => e.target.select()} />
              <Button onClick={() => void copy()}>{t.copy}</Button>
            </HStack>
            <Field.HelperText>{t.shownOnce}</Field.HelperText>
          </Field.Root>
        </Stack>
      ) : feed.active ? (
        <Alert.Root status="info">
          <Alert.Indicator />
          <Alert.Title>{t.active(feed.createdUnixTime ? formatDateTimeUnix(feed.createdUnixTime) : '')}</Alert.Title>
        </Alert.Root>
      ) : (
        <Text color="fg.muted">{t.none}</Text>
      )}
      <HStack gap="3" wrap="wrap">
        {feed.active ? (
          <>
            <Button variant="outline" onClick={() => setConfirming('ROTATE')}>
              {t.rotate}
            </Button>
            <Button variant="outline" colorPalette="red" onClick={() => setConfirming('REVOKE')}>
              {t.revoke}
            </Button>
          </>
        ) : (
          <Button colorPalette="brand" loading={busy} loadingText={t.working} onClick={() => void act('ROTATE')}>
            {t.create}
          </Button>
        )}
      </HStack>
      <ConfirmDialog
        open={confirming !== null}
        title={confirming === 'REVOKE' ? t.revoke : t.rotate}
        cancelLabel={t.cancel}
        confirmLabel={confirming === 'REVOKE' ? t.revoke : t.rotate}
        confirmColorPalette={confirming === 'REVOKE' ? 'red' : 'brand'}
        busy={busy}
        loadingText={t.working}
        onConfirm={() => confirming && void act(confirming)}
        onCancel={() => !busy && setConfirming(null)}
      >
        <Text>{confirming === 'REVOKE' ? t.revokeHint : t.rotateHint}</Text>
      </ConfirmDialog>
    </Stack>
  )
}
