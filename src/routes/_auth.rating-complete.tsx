import { Button, Stack, Text } from '@chakra-ui/react'
import { createFileRoute, Link, useRouter } from '@tanstack/react-router'
import { useEffect } from 'react'
import { ratingCompleteText as t } from '../text/rating'
import { PageCard } from '../ui/page-card'

/** product.md §2 /rating-complete: thanks; reloads user data (the ticket now shows as rated); home button. */
export const Route = createFileRoute('/_auth/rating-complete')({
  component: RatingComplete,
})

function RatingComplete() {
  const router = useRouter()
  // Drop every cached route load so home reads the member's tickets afresh.
  useEffect(() => void router.invalidate(), [router])
  return (
    <PageCard title={t.title} maxW="2xl" mx="auto">
      <Stack gap="4">
        <Text>{t.body}</Text>
        <Button asChild colorPalette="brand" alignSelf="center">
          <Link to="/">{t.home}</Link>
        </Button>
      </Stack>
    </PageCard>
  )
}
