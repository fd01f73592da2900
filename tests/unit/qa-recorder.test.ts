import { describe, expect, it } from 'vitest'
import { createActor, fromCallback, fromPromise, type InspectionEvent } from 'xstate'
import { authMachine, type AuthEvent, type SignedInUser } from '../../machines/auth/auth-machine'
import type { Member } from '../../src/contract/calls'
import { couponClaimMachine } from '../../machines/coupon-claim/coupon-claim-machine'
import { recordingsFrom, toPathFile } from '../../src/adapters/flow-recorder'
import { parsePathFile } from '../e2e/qa/path-file'

// The recorder's conversion of XState inspection events into path-file steps (issue 7).
const settle = () => new Promise((r) => setTimeout(r, 0))

describe('flow recorder', () => {
  it('records what the page sent, with the state the actor rested in after its own results', async () => {
    const events: InspectionEvent[] = []
    const member = { memberId: 'u1', email: 'a@example.com', memberLastname: '山田', memberFirstname: '太郎', phoneNumber: '0312345678', useFreeInterviewTime: null }
    const actor = createActor(
      authMachine.provide({
        actors: {
          // The identity watcher reports "nobody" at once: an event from a child, not a step.
          watchIdentity: fromCallback<AuthEvent>(({ sendBack }) => { sendBack({ type: 'identity.changed', user: null }) }),
          callLogin: fromPromise(async () => {}),
          signIn: fromPromise<SignedInUser, { email: string; password: string }>(async () => ({ uid: 'u1', email: 'a@example.com' })),
          loadMember: fromPromise<Member>(async () => member),
          signOut: fromPromise(async () => {}),
        },
      }),
      { inspect: (e) => events.push(e) },
    )
    actor.start()
    await settle()
    actor.send({ type: 'form.change', field: 'email', value: 'a@example.com' })
    actor.send({ type: 'form.change', field: 'password', value: 'pw123456' })
    actor.send({ type: 'form.submit' })
    await settle()
    await settle()
    actor.send({ type: 'logout.request' })

    const [rec] = recordingsFrom(events, () => '/login')
    expect(rec.flow).toBe('auth')
    expect(rec.startRoute).toBe('/login')
    expect(rec.steps).toEqual([
      { event: { type: 'form.change', field: 'email', value: 'a@example.com' }, expectedState: 'signedOut.idle' },
      { event: { type: 'form.change', field: 'password', value: 'pw123456' }, expectedState: 'signedOut.idle' },
      { event: { type: 'form.submit' }, expectedState: 'signedIn.active' },
      { event: { type: 'logout.request' }, expectedState: 'signedIn.confirmingLogout' },
    ])
    // The download is a valid path file.
    expect(parsePathFile(JSON.stringify(toPathFile(rec, 'fresh'))).steps).toHaveLength(4)
  })

  it('keeps one recording per flow actor', async () => {
    const events: InspectionEvent[] = []
    const inspect = (e: InspectionEvent) => events.push(e)
    const coupon = createActor(couponClaimMachine.provide({ actors: { claimCoupon: fromPromise<{ alreadyCompleted: boolean }, { couponCode: string }>(async () => { throw new Error('DENY') }), reloadUserData: fromPromise(async () => {}) } }), { inspect })
    coupon.start()
    coupon.send({ type: 'link.open', couponCode: 'CAMPAIGN2000', signedIn: true })
    await settle()
    const other = createActor(couponClaimMachine, { inspect })
    other.start()
    other.send({ type: 'link.open', couponCode: null, signedIn: true })
    const recs = recordingsFrom(events)
    expect(recs.map((r) => r.steps.map((s) => s.expectedState))).toEqual([['failed'], ['missingCode']])
  })
})
