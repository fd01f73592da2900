import type { ApiClient } from '../../api/client'
import type { Product, ReservationMenu } from '../../../contract/entities'

export type MenuData = {
  products: Product[]
  /** Example concerns per minutes value (product.md §4 "menu lists cached per minutes value"). */
  menus: Record<number, ReservationMenu[]>
}

// Menus rarely change: one fetch per minutes value for the life of the page (product.md §4 Ticket menu).
const menuCache = new Map<number, Promise<ReservationMenu[]>>()

function menusFor(api: ApiClient, minutes: number): Promise<ReservationMenu[]> {
  let cached = menuCache.get(minutes)
  if (!cached) {
    cached = api.call('reservation-menu-list', { estimatedMinute: minutes }).then((r) => r.reservationMenuList)
    // A failed fetch must not stay cached.
    cached.catch(() => menuCache.delete(minutes))
    menuCache.set(minutes, cached)
  }
  return cached
}

/** product.md §4 Ticket menu: SUPPORT products shown on my page, and their example concerns. */
export async function loadMenu(api: ApiClient): Promise<MenuData> {
  const { productList } = await api.call('nowonsale-products', { productType: 'SUPPORT' })
  const products = productList.filter((p) => p.showOnMypage)
  const minutes = [...new Set(products.map((p) => p.minutesToSupport))]
  const lists = await Promise.all(minutes.map((m) => menusFor(api, m)))
  return { products, menus: Object.fromEntries(minutes.map((m, i) => [m, lists[i]])) }
}

/** product.md §9: the example-concerns grid has rows of 6, or 3 when the window is narrower than 769 px. */
export const rowSizeFor = (windowWidth: number): number => (windowWidth < 769 ? 3 : 6)

/** Empty cells that complete the last row to `rowSize` (0 when the list fills its rows). */
export const lastRowPadding = (count: number, rowSize: number): number => (count % rowSize === 0 ? 0 : rowSize - (count % rowSize))
