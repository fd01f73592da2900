import { randomBytes } from 'node:crypto'
import { and, asc, eq, sql } from 'drizzle-orm'
import type { DeskCallInput } from '../../../contract/desk-calls'
import type { DeskMenu, DeskProduct } from '../../../contract/desk/catalog'
import { deskMessages as dm } from '../../../contract/desk-messages'
import { products, reservationMenus } from '../../db/schema'
import { invalid, notFound } from '../../domain/errors'
import type { Deps } from '../deps'
import type { AuditActor } from '../../infra/audit'
import { audited, checkVersion } from './common'
import { checkImagePath } from './images'

type ProductRow = typeof products.$inferSelect
type MenuRow = typeof reservationMenus.$inferSelect

// Products and reservation menu items (docs/product.md §3 Sale product, Reservation menu item).
// A price change applies to purchases from then on: a purchase is priced when it is made and keeps
// its own amount (purchases.amount, tickets.price, and an attempt in flight its priced plan), so no
// purchase already made — or being paid — changes. Members read products and menus from the
// database on every request (no cache to invalidate).

const toDeskProduct = (p: ProductRow): DeskProduct => ({
  productId: p.productId,
  productType: p.productType,
  productName: p.productName,
  price: p.price,
  minutesToSupport: p.minutesToSupport,
  showOnMypage: p.showOnMypage,
  sortOrder: p.sortOrder,
  version: p.version,
})
const productSnapshot = (p: ProductRow) => ({ productName: p.productName, price: p.price, showOnMypage: p.showOnMypage, version: p.version })

export async function listProducts(deps: Deps, input: { productType?: ProductRow['productType'] }) {
  const rows = await deps.db
    .select()
    .from(products)
    .where(input.productType ? eq(products.productType, input.productType) : undefined)
    .orderBy(asc(products.sortOrder), asc(products.productId))
  return { items: rows.map(toDeskProduct) }
}

export async function saveProduct(deps: Deps, actor: AuditActor, input: DeskCallInput<'desk-product-save'>) {
  const row = await audited(deps, actor, async (tx, audit) => {
    const [before] = await tx.select().from(products).where(eq(products.productId, input.productId)).for('update')
    if (!before) throw notFound(dm.productNotFound)
    checkVersion(before.version, input.version)
    const [after] = await tx
      .update(products)
      .set({ productName: input.productName, price: input.price, showOnMypage: input.showOnMypage, version: sql`${products.version} + 1` })
      .where(eq(products.productId, input.productId))
      .returning()
    await audit({ action: 'product-update', targetType: 'product', targetId: after.productId, before: productSnapshot(before), after: productSnapshot(after) })
    return after
  })
  return { product: toDeskProduct(row) }
}

const toDeskMenu = (m: MenuRow): DeskMenu => ({ menuId: m.menuId, menuTitle: m.menuTitle, imageUrl: m.imageUrl, estimatedMinute: m.estimatedMinute, sortOrder: m.sortOrder, version: m.version })
const menuSnapshot = (m: MenuRow) => ({ menuTitle: m.menuTitle, imageUrl: m.imageUrl, estimatedMinute: m.estimatedMinute, sortOrder: m.sortOrder, version: m.version })

export async function listMenus(deps: Deps, input: { estimatedMinute?: number }) {
  const rows = await deps.db
    .select()
    .from(reservationMenus)
    .where(input.estimatedMinute !== undefined ? eq(reservationMenus.estimatedMinute, input.estimatedMinute) : undefined)
    .orderBy(asc(reservationMenus.estimatedMinute), asc(reservationMenus.sortOrder), asc(reservationMenus.menuId))
  return { items: rows.map(toDeskMenu) }
}

/**
 * Menu items belong to a support length (reservation-menu-list by minutes): there must be a
 * SUPPORT product of those minutes. Tickets keep a copy of the items chosen, so an edit or a removal
 * changes what later purchases may choose, never a ticket.
 */
export async function saveMenu(deps: Deps, actor: AuditActor, input: DeskCallInput<'desk-menu-save'>) {
  const row = await audited(deps, actor, async (tx, audit) => {
    const [support] = await tx
      .select({ id: products.productId })
      .from(products)
      .where(and(eq(products.productType, 'SUPPORT'), eq(products.minutesToSupport, input.estimatedMinute)))
      .limit(1)
    if (!support) throw invalid(dm.menuMinutesUnknown)
    await checkImagePath(tx, input.imageUrl)
    const fields = { menuTitle: input.menuTitle, imageUrl: input.imageUrl, estimatedMinute: input.estimatedMinute, sortOrder: input.sortOrder }
    if (input.menuId === undefined) {
      const menuId = `MENU-${input.estimatedMinute}-${randomBytes(4).toString('hex').toUpperCase()}`
      const [created] = await tx.insert(reservationMenus).values({ menuId, ...fields }).returning()
      await audit({ action: 'menu-create', targetType: 'menu', targetId: menuId, after: menuSnapshot(created) })
      return created
    }
    const [before] = await tx.select().from(reservationMenus).where(eq(reservationMenus.menuId, input.menuId)).for('update')
    if (!before) throw notFound(dm.menuNotFound)
    checkVersion(before.version, input.version!)
    const [after] = await tx.update(reservationMenus).set({ ...fields, version: sql`${reservationMenus.version} + 1` }).where(eq(reservationMenus.menuId, input.menuId)).returning()
    await audit({ action: 'menu-update', targetType: 'menu', targetId: after.menuId, before: menuSnapshot(before), after: menuSnapshot(after) })
    return after
  })
  return { menu: toDeskMenu(row) }
}

export async function deleteMenu(deps: Deps, actor: AuditActor, input: { menuId: string; version: number }) {
  await audited(deps, actor, async (tx, audit) => {
    const [before] = await tx.select().from(reservationMenus).where(eq(reservationMenus.menuId, input.menuId)).for('update')
    if (!before) throw notFound(dm.menuNotFound)
    checkVersion(before.version, input.version)
    await tx.delete(reservationMenus).where(eq(reservationMenus.menuId, input.menuId))
    await audit({ action: 'menu-delete', targetType: 'menu', targetId: before.menuId, before: menuSnapshot(before) })
  })
  return {}
}
