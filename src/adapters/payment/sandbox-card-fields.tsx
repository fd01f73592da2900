import { Field, Input, SimpleGrid } from '@chakra-ui/react'
import { useState, type ComponentType } from 'react'
import type { CardElementName, CardFieldsProps } from './payment-port'

export type SandboxCardValues = Record<CardElementName, string>

const digits = (s: string) => s.replace(/\D/g, '')

function luhn(number: string) {
  let sum = 0
  for (let i = 0; i < number.length; i++) {
    let d = Number(number[number.length - 1 - i])
    if (i % 2 === 1) d = d * 2 > 9 ? d * 2 - 9 : d * 2
    sum += d
  }
  return sum % 10 === 0
}

/** product.md §5: American Express numbers start with 34 or 37; only they have a 4-digit security code. */
export const isAmex = (number: string) => /^3[47]/.test(digits(number))

/** A whole `MM/YY` as month and year, or null. */
const expiryOf = (v: string) => {
  const m = /^(\d{2})\s*\/\s*(\d{2})$/.exec(v.trim())
  return m && Number(m[1]) >= 1 && Number(m[1]) <= 12 ? { month: Number(m[1]), year: 2000 + Number(m[2]) } : null
}

/** A whole expiry date before the current month: the provider refuses the card (as the sandbox provider counts months). */
export const isExpiryPast = (v: string, now = new Date()): boolean => {
  const e = expiryOf(v)
  return !!e && e.year * 12 + e.month < now.getUTCFullYear() * 12 + now.getUTCMonth() + 1
}

/** Completeness as Stripe's elements report it: a whole, plausible value (product.md §5 card rules); an expiry already past is not complete. The security code depends on the number's brand. */
export const sandboxComplete: Record<CardElementName, (v: string, all?: SandboxCardValues) => boolean> = {
  number: (v) => /^\d{14,16}$/.test(digits(v)) && luhn(digits(v)),
  expiry: (v) => expiryOf(v) !== null && !isExpiryPast(v),
  cvc: (v, all) => (all && isAmex(all.number) ? /^\d{4}$/ : /^\d{3}$/).test(v),
}

/** A number of a whole length that fails the checksum: not valid, rather than the length hint. */
const failsChecksum = (v: string) => /^\d{14,16}$/.test(digits(v)) && !luhn(digits(v))

/** Formats what the member types the way card fields do: `4242 4242 …`, `MM/YY`. */
const format: Record<CardElementName, (v: string) => string> = {
  number: (v) => digits(v).slice(0, 16).replace(/(\d{4})(?=\d)/g, '$1 '),
  expiry: (v) => { const d = digits(v).slice(0, 4); return d.length > 2 ? `${d.slice(0, 2)}/${d.slice(2)}` : d },
  cvc: (v) => digits(v).slice(0, 4),
}

const inputProps: Record<CardElementName, { autoComplete: string; placeholder: string; name: string }> = {
  number: { autoComplete: 'cc-number', placeholder: '1234 1234 1234 1234', name: 'cardnumber' },
  expiry: { autoComplete: 'cc-exp', placeholder: 'MM/YY', name: 'exp-date' },
  cvc: { autoComplete: 'cc-csc', placeholder: 'CVC', name: 'cvc' },
}

/** The sandbox's three card elements; values stay in the port (like Stripe's iframes), not in the page. */
export function createSandboxCardFields(values: SandboxCardValues): ComponentType<CardFieldsProps> {
  return function SandboxCardFields({ onChange, labels, hints, numberInvalid, expired, disabled }: CardFieldsProps) {
    const message = (name: CardElementName, v: string) =>
      name === 'number' && numberInvalid && failsChecksum(v) ? numberInvalid : name === 'expiry' && expired && isExpiryPast(v) ? expired : hints[name]
    // An expiry already past is said as soon as it is whole, like Stripe's element does: not at pay.
    const pastNow = (name: CardElementName, v: string) => name === 'expiry' && isExpiryPast(v)
    // A new page starts empty, like a freshly mounted Stripe element.
    const [shown, setShown] = useState<SandboxCardValues>(() => {
      values.number = values.expiry = values.cvc = ''
      return { ...values }
    })
    const [touched, setTouched] = useState<Record<CardElementName, boolean>>({ number: false, expiry: false, cvc: false })
    const field = (name: CardElementName) => {
      const invalid = (touched[name] || pastNow(name, shown[name])) && shown[name] !== '' && !sandboxComplete[name](shown[name], shown)
      return (
        <Field.Root key={name} invalid={invalid} gridColumn={name === 'number' ? { base: 'auto', sm: 'span 2' } : undefined}>
          <Field.Label>{labels[name]}</Field.Label>
          <Input
            {...inputProps[name]}
            inputMode="numeric"
            disabled={disabled}
            value={shown[name]}
            onChange={(e) => {
              const value = format[name](e.target.value)
              values[name] = value
              setShown((s) => ({ ...s, [name]: value }))
              onChange({ element: name, complete: sandboxComplete[name](value, values), error: pastNow(name, value) ? message(name, value) : null })
              // The number decides the security code's length (Amex 4, else 3): report the code again.
              if (name === 'number' && values.cvc !== '') onChange({ element: 'cvc', complete: sandboxComplete.cvc(values.cvc, values), error: null })
            }}
            onBlur={() => {
              setTouched((t) => ({ ...t, [name]: true }))
              const complete = sandboxComplete[name](values[name], values)
              onChange({ element: name, complete, error: values[name] !== '' && !complete ? message(name, values[name]) : null })
            }}
          />
          {invalid ? <Field.ErrorText>{message(name, shown[name])}</Field.ErrorText> : <Field.HelperText>{hints[name]}</Field.HelperText>}
        </Field.Root>
      )
    }
    return <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">{(['number', 'expiry', 'cvc'] as const).map(field)}</SimpleGrid>
  }
}
