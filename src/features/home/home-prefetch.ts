import type { ApiClient } from '../../api/client'
import { loadHome, type HomeData } from './load-home'

/**
 * The home's reads, started by a member's page start as soon as the session is restored
 * (src/app/member-session-early.ts) instead of after the member's own row: the page's guard waits
 * for that row first (the greeting needs it), so the home's six reads went out one round trip
 * later. The home's loader takes them once, if they were started in the last few seconds; a read
 * that failed is asked again by the loader, which reports it as before.
 */
const FRESH_MS = 10_000

let started: { at: number; data: Promise<HomeData> } | null = null

export function prefetchHome(api: ApiClient, now = Date.now()): void {
  const data = loadHome(api)
  data.catch(() => {}) // the loader asks again and reports
  started = { at: now, data }
}

/** The reads started early, once, while fresh; otherwise null (the loader reads). */
export function takePrefetchedHome(now = Date.now()): Promise<HomeData> | null {
  const taken = started
  started = null
  return taken && now - taken.at <= FRESH_MS ? taken.data : null
}

/**
 * The home a page drew before the app was there (the home's own start, src/app/home-start.tsx,
 * decision 103): handed to the app with the moment it was drawn for, so the app's first render of
 * `/` is the same page, not a second read that might differ from what the member already sees.
 */
let handed: { data: HomeData; now: Date } | null = null

export function handHome(data: HomeData, now: Date): void {
  handed = { data, now }
}

/** The home handed over, once; otherwise null. */
export function takeHandedHome(): { data: HomeData; now: Date } | null {
  const taken = handed
  handed = null
  return taken
}
