/**
 * The browser's session storage behind a small port, so flows and tests share one list of keys.
 * Logout clears it all (product.md §4); some error pages clear one key (product.md §2 RESERVATION_TIMEOUT).
 */
export const sessionKeys = {
  /** The cached purchase list (payment history). */
  purchaseList: 'mypage.purchaseList',
  /** The slot chosen on /support/staff, read by /buy (JSON PurchaseState; booking → checkout handoff). */
  purchaseState: 'mypage.purchaseState',
} as const
export type SessionKey = (typeof sessionKeys)[keyof typeof sessionKeys] | `mypage.${string}`

export type SessionStore = {
  get(key: SessionKey): string | null
  set(key: SessionKey, value: string): void
  remove(key: SessionKey): void
  clear(): void
}

export function createSessionStore(storage: Storage = window.sessionStorage): SessionStore {
  return {
    get: (key) => storage.getItem(key),
    set: (key, value) => storage.setItem(key, value),
    remove: (key) => storage.removeItem(key),
    clear: () => storage.clear(),
  }
}

export function createMemorySessionStore(): SessionStore {
  const items = new Map<string, string>()
  return {
    get: (key) => items.get(key) ?? null,
    set: (key, value) => void items.set(key, value),
    remove: (key) => void items.delete(key),
    clear: () => items.clear(),
  }
}
