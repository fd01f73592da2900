// The live flow panel (src/features/qa/flow-panel.tsx): fed by the same inspection stream
// as the QA recorder, it draws a running chart from its machine object in the flow's Japanese
// words, highlights the current state and lists the events it takes now, and follows the actor.
import { act, render, screen, within } from '@testing-library/react'
import { createActor, fromPromise, type InspectionEvent } from 'xstate'
import { describe, expect, it } from 'vitest'
import { ratingMachine } from '../../machines/rating/rating-machine'
import { flowStore } from '../../src/features/qa/flow-panel-mount'
import { FlowPanel } from '../../src/features/qa/flow-panel'

describe('the live flow panel', () => {
  it('draws the running rating chart with its current state and the events it takes, and follows it', async () => {
    const listeners: Array<(e: InspectionEvent) => void> = []
    const store = flowStore((l) => listeners.push(l))
    const machine = ratingMachine.provide({
      actors: {
        // Stand-ins: only where the chart goes matters here, not what the calls return.
        loadTicket: fromPromise(async () => ({ ticketNumber: 'T1' })) as never,
        loadTips: fromPromise(async () => []) as never,
        postRating: fromPromise(async () => new Promise(() => {})) as never,
      },
    })
    const actor = createActor(machine, { input: { ticketNumber: 'T1' }, inspect: (e) => listeners.forEach((l) => l(e)) })
    render(<FlowPanel store={store} onClose={() => {}} />)
    await act(async () => {
      actor.start()
      await new Promise((r) => setTimeout(r, 20))
    })

    const chart = screen.getByRole('region', { name: /（rating）$/ })
    expect(chart.querySelector('[aria-current="true"]')?.getAttribute('data-state')).toBe('editing')
    expect(within(chart).getByTestId('current-state').textContent).toBe('評価を入力中')
    const events = within(chart).getByRole('list', { name: '今受け付ける出来事' })
    expect(events.textContent).toContain('score.change')
    expect(events.textContent).toContain('form.submit')

    await act(async () => {
      actor.send({ type: 'score.change', score: 5 })
      actor.send({ type: 'form.submit' })
    })
    expect(chart.querySelector('[aria-current="true"]')?.getAttribute('data-state')).toBe('confirming')
    expect(within(chart).getByRole('list', { name: '今受け付ける出来事' }).textContent).toContain('modal.confirm')
    actor.stop()
  })
})
