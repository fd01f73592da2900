// The sandbox card fields' checks (product.md §5 card rules): a security code of 3 digits, 4
// only for American Express (numbers starting 34/37), and a whole-length number failing the
// checksum said to be not valid rather than given the length hint.
import { ChakraProvider } from '@chakra-ui/react'
import { fireEvent, render, screen } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { createSandboxCardFields, sandboxComplete } from '../../src/adapters/payment/sandbox-card-fields'
import { buyText } from '../../src/text/checkout'
import { system } from '../../src/theme'

const labels = { number: buyText.cardNumber, expiry: buyText.cardExpiry, cvc: buyText.cardCvc }
const hints = { number: buyText.cardNumberHint, expiry: buyText.cardExpiryHint, cvc: buyText.cardCvcHint }

function renderFields() {
  const onChange = vi.fn()
  const Fields = createSandboxCardFields({ number: '', expiry: '', cvc: '' })
  render(
    <ChakraProvider value={system}>
      <Fields labels={labels} hints={hints} numberInvalid={buyText.cardNumberInvalid} onChange={onChange} />
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
})
