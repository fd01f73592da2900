import { describe, expect, it } from 'vitest'
import { createActor, fromCallback, fromPromise, type InspectionEvent } from 'xstate'
import { authMachine, type AuthEvent, type SignedInUser } from '../../machines/auth/auth-machine'
import type { Member } from '../../contract/calls'
import { couponClaimMachine } from '../../machines/coupon-claim/coupon-claim-machine'
import { recordingsFrom, redactEvent, toPathFile } from '../../src/adapters/flow-recorder'
import { resolveEvent } from '../e2e/drivers/flow-driver'
import { parsePathFile } from '../e2e/qa/path-file'

// The recorder's conversion of XState inspection events into path-file steps.
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
      // The password is redacted at recording; replay types the account's own (${password}).
      { event: { type: 'form.change', field: 'password', value: '${password}' }, expectedState: 'signedOut.idle' },
      { event: { type: 'form.submit' }, expectedState: 'signedIn.active' },
      { event: { type: 'logout.request' }, expectedState: 'signedIn.confirmingLogout' },
    ])
    // The download is a valid path file.
    expect(parsePathFile(JSON.stringify(toPathFile(rec, 'fresh'))).steps).toHaveLength(4)
  })

  it('keeps one recording per flow actor', async () => {
    const events: InspectionEvent[] = []
    const inspect = (e: InspectionEvent) => events.push(e)
    const coupon = createActor(couponClaimMachine.provide({ actors: { claimCoupon: fromPromise<{ alreadyCompleted: boolean }, { couponCode: string }>(async () => { throw new Error('DENY') }) } }), { inspect })
    coupon.start()
    coupon.send({ type: 'link.open', couponCode: 'CAMPAIGN2000', signedIn: true })
    await settle()
    const other = createActor(couponClaimMachine, { inspect })
    other.start()
    other.send({ type: 'link.open', couponCode: null, signedIn: true })
    const recs = recordingsFrom(events)
    expect(recs.map((r) => r.steps.map((s) => s.expectedState))).toEqual([['toClaimError'], ['toNotFound']])
  })

  it('redacts passwords, auth codes, link tokens and card data at recording', async () => {
    expect(redactEvent({ type: 'form.change', field: 'password', value: 'demo1234' })).toEqual({ type: 'form.change', field: 'password', value: '${password}' })
    expect(redactEvent({ type: 'field.change', field: 'newPasswordConfirm', value: 'abc123' }).value).toBe('${password}')
    expect(redactEvent({ type: 'field.change', field: 'authCode', value: '123456' }).value).toBe('{mailedCode}')
    expect(redactEvent({ type: 'password.generate', password: 'Ab3$efgh' })).toEqual({ type: 'password.generate', password: '${password}' })
    expect(redactEvent({ type: 'link.open', token: 'tok-1' })).toEqual({ type: 'link.open', token: '{mailed}' })
    expect(redactEvent({ type: 'pay', card: { cardNumber: '4242424242424242', expiry: '12/34', cvc: '123' } })).toEqual({ type: 'pay', card: { cardNumber: '${cardNumber}', expiry: '${cardExpiry}', cvc: '${cardCvc}' } })
    // Not secrets: other fields, coupon codes, an empty field, what a card element reports.
    expect(redactEvent({ type: 'field.change', field: 'email', value: 'a@example.com' }).value).toBe('a@example.com')
    expect(redactEvent({ type: 'link.open', couponCode: 'WELCOME500', signedIn: true })).toEqual({ type: 'link.open', couponCode: 'WELCOME500', signedIn: true })
    expect(redactEvent({ type: 'form.change', field: 'password', value: '' }).value).toBe('')
    expect(redactEvent({ type: 'card.change', element: 'number', complete: true })).toEqual({ type: 'card.change', element: 'number', complete: true })

    // A whole recorded login: the path file holds no password, and replay fills the account's.
    const events: InspectionEvent[] = []
    const actor = createActor(authMachine.provide({ actors: { watchIdentity: fromCallback<AuthEvent>(({ sendBack }) => { sendBack({ type: 'identity.changed', user: null }) }) } }), { inspect: (e) => events.push(e) })
    actor.start()
    await settle()
    actor.send({ type: 'form.change', field: 'email', value: 'demo@example.com' })
    actor.send({ type: 'form.change', field: 'password', value: 'demo1234' })
    actor.stop()
    const file = JSON.stringify(toPathFile(recordingsFrom(events)[0], 'demo'))
    expect(file).not.toContain('demo1234')
    const replayed = resolveEvent(JSON.parse(file).steps[1].event, { account: { email: 'x@example.com', password: 'secret99' }, startRoute: '/login', vars: {} })
    expect(replayed).toEqual({ type: 'form.change', field: 'password', value: 'secret99' })
  })
})
