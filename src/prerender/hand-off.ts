/**
 * A page drawn by a start of its own and then handed to the app (the home's own start,
 * src/app/home-start.tsx, decision 103). Until the app has taken the page over, its links and
 * buttons belong to no router and no chart: a press on one is held and the hand-over started at
 * once; the app's first render is the same markup (the same components, the same data), so the
 * press is given to the element at the same place in it, as is the focus. A link whose place
 * changed is followed by the router instead. Links to other sites, `tel:` and new tabs stay the
 * browser's.
 */

/** An element's place under `root`: the index among its siblings of each element on the way down. */
export function placeOf(el: Element, root: Element): number[] | null {
  const place: number[] = []
  for (let node: Element = el; node !== root; ) {
    const parent = node.parentElement
    if (!parent) return null
    place.unshift(Array.prototype.indexOf.call(parent.children, node) as number)
    node = parent
  }
  return place
}

export function elementAt(root: Element, place: number[]): Element | null {
  let node: Element | null = root
  for (const i of place) node = node?.children[i] ?? null
  return node
}

type Held = { place: number[]; tag: string; text: string; href: string | null }

const describe = (el: Element, root: Element): Held | null => {
  const place = placeOf(el, root)
  if (!place) return null
  const url = el instanceof HTMLAnchorElement ? new URL(el.href) : null
  const href = url ? `${url.pathname}${url.search}${url.hash}` : null
  return { place, tag: el.tagName, text: el.textContent ?? '', href }
}

const sameAt = (root: Element, held: Held): HTMLElement | null => {
  const el = elementAt(root, held.place)
  return el instanceof HTMLElement && el.tagName === held.tag && (el.textContent ?? '') === held.text ? el : null
}

/** The in-app link or button a click is for, or null when the browser handles it as it is. */
function heldTarget(e: MouseEvent, root: HTMLElement): HTMLElement | null {
  if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return null
  const target = e.target instanceof Element ? e.target.closest<HTMLElement>('a[href], button') : null
  if (!target || !root.contains(target)) return null
  if (target instanceof HTMLAnchorElement) {
    if (target.target || target.hasAttribute('download')) return null
    return new URL(target.href).origin === window.location.origin ? target : null
  }
  return target instanceof HTMLButtonElement && target.disabled ? null : target
}

/** The pressed element marked busy (dimmed, `aria-busy`) until `restore`. */
function showHeld(el: HTMLElement): { restore(): void } {
  const opacity = el.style.opacity
  const busy = el.getAttribute('aria-busy')
  el.style.opacity = '0.6'
  el.setAttribute('aria-busy', 'true')
  return {
    restore() {
      el.style.opacity = opacity
      if (busy === null) el.removeAttribute('aria-busy')
      else el.setAttribute('aria-busy', busy)
    },
  }
}

/**
 * Holds presses on `root` until `release`: `onPress` runs at each (the page starts its hand-over).
 * `release(navigate)` runs once the app has rendered the page: the last press is given to the same
 * element, or its link followed with `navigate`; the focus goes back to where it was.
 */
export function holdForHandOff(root: HTMLElement, onPress: () => void) {
  let shown: { restore(): void } | null = null
  let pressed: Held | null = null
  let focused: Held | null = null
  const onClick = (e: MouseEvent) => {
    const target = heldTarget(e, root)
    if (!target) return
    e.preventDefault()
    e.stopPropagation()
    pressed = describe(target, root)
    // Said on the page while the press waits for the app: the QA replay counts the page busy then
    // (tests/e2e/drivers/flow-driver.ts), as it does while a request is in flight.
    root.dataset.pressHeld = ''
    // And shown: the pressed element dims and says it is busy, so a tap on a slow phone is seen to
    // have been taken. The app's render replaces the element; a page the app never takes keeps
    // its look back at `release`.
    shown?.restore()
    shown = showHeld(target)
    onPress()
  }
  const onFocusIn = (e: FocusEvent) => {
    focused = e.target instanceof Element && root.contains(e.target) ? describe(e.target, root) : null
  }
  // Focus that left for nothing (a tap on the page's background) is not given back; focus lost
  // because the element left the document (the app's render) is.
  const onFocusOut = (e: FocusEvent) => {
    const el = e.target
    queueMicrotask(() => {
      if (el instanceof Element && el.isConnected && !root.contains(document.activeElement)) focused = null
    })
  }
  document.addEventListener('click', onClick, true)
  document.addEventListener('focusin', onFocusIn, true)
  document.addEventListener('focusout', onFocusOut, true)
  return {
    release(navigate: (href: string) => void) {
      document.removeEventListener('click', onClick, true)
      document.removeEventListener('focusin', onFocusIn, true)
      document.removeEventListener('focusout', onFocusOut, true)
      if (focused && (document.activeElement === document.body || document.activeElement === null)) sameAt(root, focused)?.focus({ preventScroll: true })
      const press = pressed
      pressed = null
      delete root.dataset.pressHeld
      shown?.restore()
      shown = null
      if (!press) return
      const el = sameAt(root, press)
      if (el) el.click()
      else if (press.href) navigate(press.href)
    },
  }
}
