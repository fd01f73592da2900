/**
 * What a visitor types into a prerendered page before React has taken it over. The form
 * is painted from HTML and editable before the JavaScript arrives, but React hydrates a controlled
 * field with its own (empty) state and never hears of text already in it: the text would stay on
 * screen while the form's chart saw nothing (a login button that stays disabled).
 *
 * So the build writes a public page's text fields read-only (`data-hydrating`), and
 * `holdEarlyInput` runs just before `hydrateRoot`: it notes each field whose value still differs
 * from the HTML's (a browser's autofill, a checkbox), puts the HTML's back (hydration then finds
 * what it rendered) and keeps the text fields read-only while React hydrates. The function it returns
 * runs once the page is hydrated: per field, an `input` event first makes React hydrate that part
 * at once if it has not yet (a discrete event on markup not yet hydrated does), the field becomes
 * editable again, and the visitor's value is entered again the way a browser enters it, so the
 * form's own onChange receives it. A production React does not compare attributes when it
 * hydrates (the only kind that hydrates here); only the fields held are made editable again, so
 * the DOM is then exactly what React rendered.
 */
type Field = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement

const valueSetter = (el: HTMLInputElement | HTMLTextAreaElement) =>
  Object.getOwnPropertyDescriptor(Object.getPrototypeOf(el) as object, 'value')!.set!

export function holdEarlyInput(root: HTMLElement): () => void {
  const replays: (() => void)[] = []
  const held: (HTMLInputElement | HTMLTextAreaElement)[] = []
  for (const el of root.querySelectorAll<Field>('input, textarea, select')) {
    if (el instanceof HTMLSelectElement) {
      const defaultIndex = [...el.options].findIndex((o) => o.defaultSelected)
      if (el.selectedIndex === Math.max(defaultIndex, 0)) continue
      const value = el.value
      for (const option of el.options) option.selected = option.defaultSelected
      replays.push(() => {
        el.value = value
        el.dispatchEvent(new Event('change', { bubbles: true }))
      })
    } else if (el instanceof HTMLInputElement && (el.type === 'checkbox' || el.type === 'radio')) {
      if (el.checked === el.defaultChecked) continue
      el.checked = el.defaultChecked
      replays.push(() => el.click())
    } else {
      // The build wrote the text fields read-only (`data-hydrating`, scripts/vite/prerender.ts).
      if (el.hasAttribute('data-hydrating') || !el.readOnly) {
        el.readOnly = true
        held.push(el)
      }
      if (el.value === el.defaultValue) continue
      const value = el.value
      el.value = el.defaultValue
      replays.push(() => {
        // The prototype's setter is the browser's own, which React's value tracking does not see.
        valueSetter(el).call(el, value)
        el.dispatchEvent(new Event('input', { bubbles: true }))
      })
    }
  }
  return () => {
    // Hydrates each field's part of the page now if it is not yet (no value has changed: no onChange).
    for (const el of root.querySelectorAll<Field>('input, textarea, select')) el.dispatchEvent(new Event('input', { bubbles: true }))
    for (const el of held) {
      el.readOnly = false
      el.removeAttribute('data-hydrating')
    }
    for (const replay of replays) replay()
  }
}

/**
 * A button pressed on a prerendered page before React has taken it over: the page is
 * painted and looks ready seconds before its JavaScript is live, and a press then (パスワードを自動生成,
 * a submit) would do nothing, or submit the form natively. Held from the entry's first line on: the
 * press is stopped and remembered (the last one), and `release(true)` presses the same button again
 * once the page is live; `release(false)` (the app rendered over the HTML instead) forgets it.
 */
export function holdEarlyClicks(root: HTMLElement): (replay: boolean) => void {
  let pressed: number | null = null
  const buttons = () => [...root.querySelectorAll('button')]
  const onClick = (e: MouseEvent) => {
    const button = e.target instanceof Element ? e.target.closest('button') : null
    if (!button || !root.contains(button)) return
    e.preventDefault()
    e.stopPropagation()
    pressed = buttons().indexOf(button)
  }
  // A submit by the Enter key in a field submits natively too: held the same way.
  const onSubmit = (e: SubmitEvent) => {
    if (!(e.target instanceof HTMLFormElement) || !root.contains(e.target)) return
    e.preventDefault()
    e.stopPropagation()
    const submitter = e.submitter ?? e.target.querySelector('button[type=submit]')
    pressed = submitter instanceof HTMLButtonElement ? buttons().indexOf(submitter) : pressed
  }
  document.addEventListener('click', onClick, true)
  document.addEventListener('submit', onSubmit, true)
  return (replay) => {
    document.removeEventListener('click', onClick, true)
    document.removeEventListener('submit', onSubmit, true)
    const button = pressed === null ? undefined : buttons()[pressed]
    pressed = null
    if (replay && button && !button.disabled) button.click()
  }
}
