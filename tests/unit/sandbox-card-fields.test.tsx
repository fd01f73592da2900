// The sandbox card fields' checks (product.md §5 card rules): a security code of 3 digits, 4
// only for American Express (numbers starting 34/37), and a whole-length number failing the
// checksum said to be not valid rather than given the length hint.
import { ChakraProvider } from '@chakra-ui/react'
import { fireEvent, render, screen } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { createSandboxCardFields, isExpiryPast, sandboxComplete } from '../../src/adapters/payment/sandbox-card-fields'
import { buyText } from '../../src/text/checkout'
import { system } from '../../src/theme'

const labels = { number: buyText.cardNumber, expiry: buyText.cardExpiry, cvc: buyText.cardCvc }
const hints = { number: buyText.cardNumberHint, expiry: buyText.cardExpiryHint, cvc: buyText.cardCvcHint }

function renderFields() {
  const onChange = vi.fn()
  const Fields = createSandboxCardFields({ number: '', expiry: '', cvc: '' })
  render(
    <ChakraProvider value={system}>
      <Fields labels={labels} hints={hints} numberInvalid={buyText.cardNumberInvalid} expired={buyText.cardExpired} onChange={onChange} />
    </ChakraProvider>,
  )
  const type = (label: string, value: string) => {
    const input = screen.getByLabelText(label)
    fireEvent.change(input, { target: { value } })
    fireEvent.blur(input)
  }
  return { onChange, type }
}

describe('sandbox card fields (product.md §5)', () => {
  it('security code: 3 digits, 4 only for American Express', () => {
    expect(sandboxComplete.cvc('123', { number: '4242 4242 4242 4242', expiry: '', cvc: '' })).toBe(true)
    expect(sandboxComplete.cvc('1234', { number: '4242 4242 4242 4242', expiry: '', cvc: '' })).toBe(false)
    expect(sandboxComplete.cvc('1234', { number: '3782 822463 10005', expiry: '', cvc: '' })).toBe(true)
    expect(sandboxComplete.cvc('123', { number: '3714 496353 98431', expiry: '', cvc: '' })).toBe(false)
  })

  it('a 4-digit code with a Visa number is not complete, and becomes complete when the number is an Amex', () => {
    const { onChange, type } = renderFields()
    type(buyText.cardNumber, '4242424242424242')
    type(buyText.cardCvc, '1234')
    expect(onChange).toHaveBeenLastCalledWith({ element: 'cvc', complete: false, error: buyText.cardCvcHint })
    type(buyText.cardNumber, '378282246310005')
    expect(onChange).toHaveBeenCalledWith({ element: 'cvc', complete: true, error: null })
  })

  it('a 16-digit number failing the checksum says the number is not valid', () => {
    const { onChange, type } = renderFields()
    type(buyText.cardNumber, '4242424242424241')
    expect(onChange).toHaveBeenLastCalledWith({ element: 'number', complete: false, error: buyText.cardNumberInvalid })
    expect(screen.getByText(buyText.cardNumberInvalid)).toBeTruthy()
    type(buyText.cardNumber, '4242')
    expect(onChange).toHaveBeenLastCalledWith({ element: 'number', complete: false, error: buyText.cardNumberHint })
  })

  it('an expiry date already past is said as soon as it is whole, before any blur or pay', () => {
    const { onChange } = renderFields()
    const now = new Date()
    const last = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1))
    const mmyy = (d: Date) => `${String(d.getUTCMonth() + 1).padStart(2, '0')}${String(d.getUTCFullYear() % 100).padStart(2, '0')}`
    // Typed, not left: only the change event.
    fireEvent.change(screen.getByLabelText(buyText.cardExpiry), { target: { value: mmyy(last) } })
    expect(onChange).toHaveBeenLastCalledWith({ element: 'expiry', complete: false, error: buyText.cardExpired })
    expect(screen.getByText(buyText.cardExpired)).toBeTruthy()
    // This month is still valid.
    fireEvent.change(screen.getByLabelText(buyText.cardExpiry), { target: { value: mmyy(now) } })
    expect(onChange).toHaveBeenLastCalledWith({ element: 'expiry', complete: true, error: null })
    expect(screen.queryByText(buyText.cardExpired)).toBeNull()
  })

  it('past means before the current month', () => {
    const now = new Date(Date.UTC(2026, 10, 25))
    expect(isExpiryPast('10/26', now)).toBe(true)
    expect(isExpiryPast('11/26', now)).toBe(false)
    expect(isExpiryPast('01/27', now)).toBe(false)
    expect(isExpiryPast('12/25', now)).toBe(true)
    expect(isExpiryPast('1/2', now)).toBe(false)
  })
})
