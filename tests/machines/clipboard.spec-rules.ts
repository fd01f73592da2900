// Spec rules of the clipboard, the signup's child chart (product.md §2 signup page 「パスワードを
// コピー」, §9 the tooltip resets after 2 s): a copy asked with a password copies exactly that
// password, once at a time; a copy done shows 「コピーしました」 until 2 s have passed; a failed copy
// shows nothing. Written against the call, the tag and what can be asked — no state names.
import { clipboardMachine } from '../../machines/signup/clipboard-machine'
import { expectSent, type ChartSpec, type Observation, type SpecRules } from './observe'

/** What the page shows after this trail: a copy running, the tooltip shown. */
function page(trail: Observation[]) {
  let copying = false
  let copied = false
  for (const o of trail) {
    if (o.event.type === 'copy' && !copying) { copying = true; copied = false }
    if (o.reply?.call === 'copyPassword') { copying = false; copied = o.reply.ok }
    if (o.event.type.startsWith('xstate.after.')) copied = false
  }
  return { copying, copied }
}

export const rules: SpecRules = {
  afterStep({ event, after, trail }) {
    const v: string[] = []
    const was = page(trail.slice(0, -1))
    const now = page(trail)
    if (event.type === 'copy') {
      const expected = was.copying ? [] : [{ call: 'copyPassword', input: { password: (event as unknown as { password: string }).password } }]
      v.push(...expectSent(after, expected, 'a copy copies the password it was given, one at a time'))
    } else v.push(...expectSent(after, [], event.type))
    if (after.tags.includes('copied') !== now.copied) v.push(`the "copied" tooltip must ${now.copied ? '' : 'not '}show`)
    if (after.can.includes('copy') === now.copying) v.push(`a copy must ${now.copying ? 'not be taken while one runs' : 'be taken'}`)
    if (after.done) v.push('the clipboard never ends (it lives with the page)')
    return v
  },
}

export const spec: ChartSpec = {
  configs: [
    {
      machine: clipboardMachine,
      events: { copy: [{ password: 'Ab3$efgh' }] },
      outcomes: { copyPassword: { done: [undefined], error: [new Error('clipboard denied')] } },
    },
  ],
  rules,
}
