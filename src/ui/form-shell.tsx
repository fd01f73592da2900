import { chakra, Stack, Text } from '@chakra-ui/react'
import type { FormEvent, ReactNode } from 'react'

/**
 * The frame of every chart-driven form: submitting sends `form.submit` to the chart (the browser's
 * own validation is off: the chart validates with the shared schemas), an optional lead text, and
 * the fields stacked below.
 */
export function FormShell({ onSubmit, lead, children }: { onSubmit: () => void; lead?: ReactNode; children: ReactNode }) {
  const submit = (event: FormEvent) => {
    event.preventDefault()
    onSubmit()
  }
  return (
    <chakra.form onSubmit={submit} noValidate w="full">
      <Stack gap="5">
        {lead && <Text color="fg.muted">{lead}</Text>}
        {children}
      </Stack>
    </chakra.form>
  )
}
