import { Button, Heading, Skeleton, Stack } from '@chakra-ui/react'
import { staffCommonText } from '../text/staff'
import { ErrorBanner } from './error-banner'

/** A staff page while its data loads: its heading and grey blocks where the rows will be. */
export function StaffPageSkeleton({ title, rows = 3 }: { title: string; rows?: number }) {
  return (
    <Stack gap="6" role="status" aria-label={`${title} ${staffCommonText.loading}`}>
      <Heading as="h1" size="xl">
        {title}
      </Heading>
      {Array.from({ length: rows }, (_, i) => (
        <Skeleton key={i} h="24" borderRadius="md" />
      ))}
    </Stack>
  )
}

/** A staff page whose data could not be read: the server's message and a retry. */
export function StaffLoadError({ title, error, onRetry }: { title: string; error: unknown; onRetry: () => void }) {
  return (
    <Stack gap="4">
      <Heading as="h1" size="xl">
        {title}
      </Heading>
      <ErrorBanner title={staffCommonText.loadFailed} description={error instanceof Error ? error.message : undefined} />
      <Button alignSelf="start" variant="outline" onClick={onRetry}>
        {staffCommonText.retry}
      </Button>
    </Stack>
  )
}
