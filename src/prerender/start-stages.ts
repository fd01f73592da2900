
// The steps of a page's start shared by the app's entry (src/main.tsx) and /login's own
// (src/login-main.tsx): wait for the first paint, fetch the start's chunks, then evaluate them in
// stages, each a task of its own (docs/performance.md "Loading in stages", decision 52).

/**
 * After the browser has shown the page: the first contentful paint and the first largest-contentful-
 * paint candidate reported (a prerendered page paints whole, so that candidate is its LCP), then a
 * task later. Reported, not merely a frame requested: a frame's paint reaches the screen a little
 * after its `requestAnimationFrame`, and on a slow or busy device the chunks' requests then started
 * before the page was on screen (Lighthouse's simulation charged them to the paint: `/login`'s LCP
 * 0.9 or 2.8 s from one run to the next). Only for a prerendered page or frame: the bare index.html
 * (the dev server's) holds no content to report. A browser that reports neither: one frame, as
 * before; a hidden tab paints nothing: at once.
 */
export function afterFirstPaint(contentful: boolean): Promise<void> {
  return new Promise((resolve) => {
    const next = () => setTimeout(resolve, 0)
    if (document.visibilityState === 'hidden') return next()
    const types = (contentful && typeof PerformanceObserver === 'function' ? PerformanceObserver.supportedEntryTypes : undefined) ?? []
    const waitFor = (['paint', 'largest-contentful-paint'] as const).filter((t) => types.includes(t))
    if (!waitFor.length) return requestAnimationFrame(next)
    let pending = waitFor.length
    let done = false
    const finish = () => {
      if (done) return
      done = true
      next()
    }
    for (const type of waitFor) {
      const observer = new PerformanceObserver((list) => {
        if (type === 'paint' && !list.getEntriesByName('first-contentful-paint').length) return
        observer.disconnect()
        if (--pending === 0) finish()
      })
      observer.observe({ type, buffered: true })
    }
    // Sent to the background before it painted, or a paint never reported: the app still starts.
    document.addEventListener('visibilitychange', finish, { once: true })
    setTimeout(finish, 3000)
  })
}

const PRELOADS_PER_TASK = 8

/** Ends the current task: the browser handles input and paints before the next step runs. */
export const pause = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 0))

/** One stage of the start: its import, measured, then a yield to the browser. */
export async function stage<T>(name: string, load: () => Promise<T>): Promise<T> {
  const started = performance.now()
  const loaded = await load()
  performance.measure(`mypage:stage ${name}`, { start: started })
  await pause()
  return loaded
}

/**
 * The start's chunks, fetched all at once after the first paint (scripts/vite/prerender.ts lists
 * them, inert, in the page): not before the paint, and not one round trip after another as each
 * stage asks. A few links a task: all of /login's at once were one task of up to ≈ 40 ms in
 * Lighthouse's traces.
 */
export async function fetchPreloads(id = 'app-preloads') {
  const preloads = document.getElementById(id)
  if (!(preloads instanceof HTMLTemplateElement)) return
  const links = [...preloads.content.children]
  for (let i = 0; i < links.length; i += PRELOADS_PER_TASK) {
    document.head.append(...links.slice(i, i + PRELOADS_PER_TASK))
    await pause()
  }
}

/** After the work already queued (React's slices among it), or after 2 s at the latest. */
export function whenIdle(run: () => void) {
  if (typeof requestIdleCallback === 'function') requestIdleCallback(run, { timeout: 2000 })
  else setTimeout(run, 50)
}

/**
 * The visitor's first touch of the page (a focus, a press or a key), noted from the entry's first
 * line: /login loads the identity SDK then (src/app/login-start.tsx), the home's own start renders
 * the app over the drawn page then (src/app/home-start.tsx).
 */
export function firstTouch(): Promise<void> {
  return new Promise<void>((resolve) => {
    for (const type of ['focusin', 'pointerdown', 'keydown']) document.addEventListener(type, () => resolve(), { capture: true, once: true })
  })
}

let fetchingApp: Promise<void> | undefined

/**
 * The app's chunks a page with a start of its own lists for later (`<template id="app-prefetch">`,
 * written by the build): put into <head> a few links a task, as the start's own (`fetchPreloads`),
 * so the browser fetches them. All of the home's two dozen at once were one task of 13–23 ms in
 * Lighthouse's traces, × 4 on its phone: blocking time. /login's are the page after the login's
 * (prefetched into the cache), the home's the app it hands the page to (preloaded). Once only: a
 * second call waits for the first.
 */
export function fetchAppForLater(): Promise<void> {
  fetchingApp ??= fetchPreloads('app-prefetch')
  return fetchingApp
}
