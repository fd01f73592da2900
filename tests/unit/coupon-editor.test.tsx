// The coupon wizard's confirmation (docs/product.md §10 "The operator's desk", coupons): it states
// the expiry the way the coupon list and the coupon's page state it (2026/12/31), not as the date
// field holds it (2026-12-31): one date format on the desk.
import { ChakraProvider } from '@chakra-ui/react'
import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from '@tanstack/react-router'
import { render, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { createActor } from 'xstate'
import { formatDateUnix } from '../../contract/jst'
import { couponEditMachine } from '../../machines/coupon-edit/coupon-edit-machine'
import { jstDayEndToUnix } from '../../machines/shared/jst-input'
import { CouponEditor } from '../../src/features/staff/desk/coupon-edit/coupon-editor'
import { deskCouponText as t } from '../../src/text/desk'
import { system } from '../../src/theme'

describe('coupon wizard', () => {
  it('confirms the expiry as 2026/12/31, as the list and the coupon page show it', async () => {
    const actor = createActor(couponEditMachine, { input: { couponCode: null } }).start()
    for (const [field, value] of [['couponCode', 'NEWYEAR-300'], ['couponName', '年末300円OFF'], ['discountPrice', '300']] as const) actor.send({ type: 'field.change', field, value })
    actor.send({ type: 'step.next' })
    actor.send({ type: 'fit.toggle', fit: { productType: 'SUPPORT', minutesToSupport: null } })
    actor.send({ type: 'field.change', field: 'expireDate', value: '2026-12-31' })
    actor.send({ type: 'step.next' })
    const rootRoute = createRootRoute({ component: () => <CouponEditor actor={actor} products={[]} /> })
    const router = createRouter({ routeTree: rootRoute, history: createMemoryHistory({ initialEntries: ['/'] }) })
    render(
      <ChakraProvider value={system}>
        <RouterProvider router={router} />
      </ChakraProvider>,
    )
    expect(await screen.findByRole('button', { name: t.submit })).toBeTruthy()
    expect(screen.getByText('2026/12/31')).toBeTruthy()
    expect(screen.queryByText('2026-12-31')).toBeNull()
    // The same text as the coupon's own page gives the saved coupon's expiry.
    expect(formatDateUnix(jstDayEndToUnix('2026-12-31'))).toBe('2026/12/31')
  })
})
