import { describe, expect, it, vi } from 'vitest'
import { holdEarlyClicks } from '../../src/prerender/early-input'

// A press on a prerendered page before React has taken it over is held and pressed again once the
// page is live (the page paints seconds before its JavaScript is live).
function page() {
  document.body.innerHTML = `<div id="root" data-prerendered="page"><form><input name="email"><button type="button">生成</button><button type="submit">送信</button></form></div>`
  const root = document.getElementById('root')!
  const [generate, submit] = [...root.querySelectorAll('button')]
  return { root, generate, submit, form: root.querySelector('form')! }
}

describe('holdEarlyClicks', () => {
  it('stops a press before the page is live and presses the same button again once it is', () => {
    const { root, generate } = page()
    const live = vi.fn()
    const release = holdEarlyClicks(root)
    generate.addEventListener('click', live)
    generate.click()
    expect(live).not.toHaveBeenCalled()
    release(true)
    expect(live).toHaveBeenCalledTimes(1)
    generate.click()
    expect(live).toHaveBeenCalledTimes(2)
  })

  it('never submits the form natively before the page is live', () => {
    const { root, submit, form } = page()
    const release = holdEarlyClicks(root)
    const native = vi.fn((e: Event) => e.defaultPrevented)
    form.addEventListener('submit', native)
    form.requestSubmit(submit)
    // Stopped in the capture phase: the form's own listener never hears it, nothing is sent.
    expect(native).not.toHaveBeenCalled()
    release(false)
  })

  it('forgets the press when the app renders over the HTML instead', () => {
    const { root, generate } = page()
    const release = holdEarlyClicks(root)
    generate.click()
    const live = vi.fn()
    generate.addEventListener('click', live)
    release(false)
    expect(live).not.toHaveBeenCalled()
  })
})
