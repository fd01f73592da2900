import { and, fromPromise, setup } from 'xstate'
import { describe, expect, it } from 'vitest'
import { renderFlow, wrap } from '../../scripts/flows'

// `npm run flows` (scripts/flows.ts): the diagram speaks the flow's Japanese words with the
// code name small beside them, and the check names every missing label and every inline and/or/not
// guard. tests/e2e/flow-diagrams.spec.ts renders the real diagrams with mermaid.

const machine = setup({
  guards: { isFormValid: () => true, hasCoupon: () => true },
  actors: { loadTicket: fromPromise(async () => 1) },
}).createMachine({
  id: 'toy',
  initial: 'editing',
  states: {
    editing: { on: { 'form.submit': [{ guard: and(['isFormValid', 'hasCoupon']), target: 'loading' }, { guard: 'isFormValid', target: 'loading' }] } },
    loading: { invoke: { src: 'loadTicket', onDone: 'toComplete', onError: 'editing' } },
    toComplete: { type: 'final' },
  },
})

const docs = {
  title: 'おもちゃ',
  purpose: '試験用',
  routes: ['/toy'],
  events: { 'form.submit': '送信する' },
  states: { editing: '入力中', loading: '読み込み中' },
  guards: { isFormValid: '入力が正しい' },
  actors: {},
}

describe('flow diagrams', () => {
  const { text, problems } = renderFlow({ flow: 'toy', file: 'toy/toy-machine.ts', machine, docs })

  it('draw Japanese labels with the code name small beside them', () => {
    expect(text).toContain('state "入力中<br/><small>editing</small>" as s_editing')
    expect(text).toMatch(/s_editing --> s_loading: 送信する<br\/><small>form\.submit<\/small>/)
    expect(text).toContain('s_loading --> s_toComplete: 完了') // the box's own call: just 完了 / 失敗
    expect(text).not.toMatch(/\[and\]|\[not\]/)
  })

  it('report every missing label and inline guard combinator', () => {
    expect(problems).toEqual([
      "flowDocs.states lacks a label for 'toComplete'",
      "flowDocs.guards lacks a label for 'hasCoupon'",
      "flowDocs.actors lacks a label for 'loadTicket'",
      expect.stringMatching(/^editing on 'form\.submit': inline combinator and\(isFormValid, hasCoupon\) — name the condition/),
    ])
  })

  it('break long Japanese labels into even lines of at most 12 characters at natural places (mermaid breaks wider ones anywhere)', () => {
    expect(wrap('［相談員を割り当てられない］')).toBe('［相談員を<br/>割り当てられない］')
    expect(wrap('完了：お支払い情報を読み込む')).toBe('完了：<br/>お支払い情報を読み込む')
    expect(wrap('→ 新しいカードで支払い中')).toBe('→ 新しいカードで<br/>支払い中')
    expect(wrap('［混雑（429）・再送3回まで］')).toBe('［混雑（429）・<br/>再送3回まで］')
    expect(wrap('入力中')).toBe('入力中')
  })
})
