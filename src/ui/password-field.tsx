import { Button, Field, Group, Input } from '@chakra-ui/react'
import { useState, type ReactNode } from 'react'
import { accountCommon } from '../text/account'

/**
 * A password input with a show/hide button. Visibility is view state only (no flow depends on
 * it); the signup form, whose chart owns visibility, passes `visible` and `onToggle`.
 */
export function PasswordField({
  label,
  value,
  error,
  hint,
  autoComplete = 'new-password',
  onValue,
  onBlur,
  visible,
  onToggle,
  children,
  maxLength,
}: {
  label: string
  value: string
  error?: string | null
  hint?: ReactNode
  autoComplete?: string
  onValue: (value: string) => void
  onBlur?: () => void
  visible?: boolean
  onToggle?: () => void
  children?: ReactNode
  /** The rule's max (product.md §5: 12 for a new password); login leaves it open. */
  maxLength?: number
}) {
  const [shownLocally, setShownLocally] = useState(false)
  const shown = visible ?? shownLocally
  const toggle = onToggle ?? (() => setShownLocally((s) => !s))
  return (
    <Field.Root invalid={Boolean(error)}>
      <Field.Label>{label}</Field.Label>
      <Group attached w="full">
        <Input
          type={shown ? 'text' : 'password'}
          autoComplete={autoComplete}
          value={value}
          onChange={(e) => onValue(e.target.value)}
          onBlur={onBlur}
          maxLength={maxLength}
        />
        <Button variant="outline" onClick={toggle} aria-pressed={shown}>
          {shown ? accountCommon.hidePassword : accountCommon.showPassword}
        </Button>
      </Group>
      {children}
      {hint && !error && <Field.HelperText>{hint}</Field.HelperText>}
      {error && <Field.ErrorText>{error}</Field.ErrorText>}
    </Field.Root>
  )
}
