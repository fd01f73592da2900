import { act, render, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { RecorderPanel } from '../../src/features/qa/recorder-panel'

// The QA recorder panel (docs/qa.md): Alt+Shift+R pressed on the painted page before the panel
// has loaded opens it once it has (recorder.spec.ts pressed it too early once and found no panel).
const press = () => window.dispatchEvent(new KeyboardEvent('keydown', { altKey: true, shiftKey: true, code: 'KeyR' }))
const props = { recordings: () => [], toFile: () => ({}), clear: () => {} }

describe('RecorderPanel', () => {
  it('opens at once when the shortcut was pressed before it listened, and still toggles after', () => {
    render(<RecorderPanel {...props} takeEarlyPresses={() => true} />)
    expect(screen.getByRole('region', { name: 'QA path recorder' })).toBeTruthy()
    act(press)
    expect(screen.queryByRole('region', { name: 'QA path recorder' })).toBeNull()
  })

  it('stays closed when no press came early (or an even number: opened and closed again)', () => {
    render(<RecorderPanel {...props} takeEarlyPresses={() => false} />)
    expect(screen.queryByRole('region', { name: 'QA path recorder' })).toBeNull()
    act(press)
    expect(screen.getByRole('region', { name: 'QA path recorder' })).toBeTruthy()
  })
})
