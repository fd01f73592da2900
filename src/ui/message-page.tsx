import { Button, Stack, Text } from '@chakra-ui/react'
import { Link } from '@tanstack/react-router'
import type { ReactNode } from 'react'
import { PageCard } from './page-card'

/** A done/sent page of the account flows: title, text and one button. */
export function MessagePage({
  title,
  children,
  action,
  to,
  before,
}: {
  title: string
  children: ReactNode
  action?: string
  to?: '/login' | '/' | '/settings'
  before?: ReactNode
}) {
  return (
    <PageCard title={title} maxW="2xl" mx="auto">
      {before}
      {/* Japanese lines break between phrases, never inside a word (「メールアド / レス」). */}
      <Stack gap="6" wordBreak="auto-phrase">
        {typeof children === 'string' ? <Text>{children}</Text> : children}
        {action && to && (
          <Button asChild colorPalette="brand" size="lg" alignSelf="center">
            <Link to={to}>{action}</Link>
          </Button>
        )}
      </Stack>
    </PageCard>
  )
}
