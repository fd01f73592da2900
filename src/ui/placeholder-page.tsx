import { Text } from '@chakra-ui/react'
import { commonText } from '../text/layout'
import { PageCard } from './page-card'

/** Stands in for a screen whose issue has not landed yet, so links and guards already work. */
export function PlaceholderPage({ title }: { title: string }) {
  return (
    <PageCard title={title}>
      <Text color="fg.muted">{commonText.comingSoon}</Text>
    </PageCard>
  )
}
