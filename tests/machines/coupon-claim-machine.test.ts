import { describe, expect, it } from 'vitest'
import { createActor, fromPromise, waitFor } from 'xstate'
import { ApiError } from '../../src/api/api-error'
import { couponClaimMachine } from '../../machines/coupon-claim/coupon-claim-machine'

function start({ claim = async () => ({ alreadyCompleted: false }) }: { claim?: () => Promise<{ alreadyCompleted: boolean }> } = {}) {
  const log: string[] = []
  const actor = createActor(
    couponClaimMachine.provide({
      actors: {
        claimCoupon: fromPromise<{ alreadyCompleted: boolean }, { couponCode: string }>(async ({ input }) => {
          log.push(`claim ${input.couponCode}`)
          return claim()
        }),
      },
      actions: {
        goToNotFound: () => void log.push('→ /error?code=404'),
        goToLogin: () => void log.push('→ /login'),
        goToClaimError: () => void log.push('→ /error?code=getCoupon'),
        goHome: () => void log.push('→ /'),
      },
    }),
  ).start()
  return { actor, log }
}

describe('coupon claim chart (product.md §4 /get-coupon)', () => {
  it('claims, then goes home (where the member\'s data is read again)', async () => {
    const { actor, log } = start()
    actor.send({ type: 'link.open', couponCode: 'WELCOME500', signedIn: true })
    await waitFor(actor, (s) => s.status === 'done')
    expect(actor.getSnapshot().value).toBe('toHome')
    expect(log).toEqual(['claim WELCOME500', '→ /'])
  })

  it('a missing code goes to error 404 without calling the server', async () => {
    const { actor, log } = start()
    actor.send({ type: 'link.open', couponCode: '', signedIn: true })
    expect(actor.getSnapshot().value).toBe('toNotFound')
    expect(log).toEqual(['→ /error?code=404'])
  })

  it('a visitor who is not logged in goes to /login', () => {
    const { actor, log } = start()
    actor.send({ type: 'link.open', couponCode: 'WELCOME500', signedIn: false })
    expect(actor.getSnapshot().value).toBe('toLogin')
    expect(log).toEqual(['→ /login'])
  })

  it('product.md §8: a failed claim goes to error getCoupon', async () => {
    const { actor, log } = start({ claim: async () => { throw new ApiError(400, 'COUPON_ALREADY_OBTAINED') } })
    actor.send({ type: 'link.open', couponCode: 'WELCOME500', signedIn: true })
    await waitFor(actor, (s) => s.status === 'done')
    expect(actor.getSnapshot().value).toBe('toClaimError')
    expect(log).toEqual(['claim WELCOME500', '→ /error?code=getCoupon'])
  })

  it('a coupon the member already holds is a success page, not the failure page', async () => {
    const { actor, log } = start({ claim: async () => ({ alreadyCompleted: true }) })
    actor.send({ type: 'link.open', couponCode: 'WELCOME500', signedIn: true })
    await waitFor(actor, (s) => s.status === 'done')
    expect(actor.getSnapshot().value).toBe('alreadyHeld')
    expect(log).toEqual(['claim WELCOME500'])
  })
})
