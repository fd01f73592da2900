import { Alert } from '@chakra-ui/react'
import type { ReactNode } from 'react'

/** The error message of a form or page, announced to screen readers (role="alert"). */
export function ErrorBanner({ title, description }: { title: ReactNode; description?: ReactNode }) {
  return (
    <Alert.Root status="error" role="alert">
      <Alert.Indicator />
      {description ? (
        <Alert.Content>
          <Alert.Title>{title}</Alert.Title>
          <Alert.Description>{description}</Alert.Description>
        </Alert.Content>
      ) : (
        <Alert.Title>{title}</Alert.Title>
      )}
    </Alert.Root>
  )
}
