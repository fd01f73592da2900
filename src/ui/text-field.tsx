import { Field, Input, type InputProps } from '@chakra-ui/react'
import type { ReactNode } from 'react'

/** A labelled input with its product.md §5 error under it (getByLabel finds it by the label text). */
export function TextField({
  label,
  error,
  hint,
  onValue,
  ...input
}: { label: string; error?: string | null; hint?: ReactNode; onValue: (value: string) => void } & Omit<InputProps, 'onChange'>) {
  return (
    <Field.Root invalid={Boolean(error)}>
      <Field.Label>{label}</Field.Label>
      <Input {...input} onChange={(e) => onValue(e.target.value)} />
      {hint && !error && <Field.HelperText>{hint}</Field.HelperText>}
      {error && <Field.ErrorText>{error}</Field.ErrorText>}
    </Field.Root>
  )
}
