import { asc, count, desc, eq, sql } from 'drizzle-orm'
import type { DeskCallInput } from '../../../contract/desk-calls'
import { couponClaimPath, type DeskCoupon } from '../../../contract/desk/coupons'
import { deskMessages as dm } from '../../../contract/desk-messages'
import type { Tx } from '../../db/client'
import { isUniqueViolation } from '../../db/constraints'
import { coupons, memberCoupons, members, products } from '../../db/schema'
import { invalid, conflict, notFound } from '../../domain/errors'
import type { Deps } from '../deps'
import type { AuditActor } from '../../infra/audit'
import { audited, checkVersion, offsetOf, pageOf, unix, unixOrNull, type Page } from './common'

type CouponRow = typeof coupons.$inferSelect
type Counts = { claimCount: number; useCount: number }

// Coupons (docs/product.md §3 Coupon): made, edited and stopped by an operator. Members claim them
// from the link /get-coupon?couponCode=… (services/member/coupon-claim.ts holds the claim limit), see them
// on home while held, unused, unexpired and not stopped, and use each once at payment (the member
// coupon's used_at; a used coupon is never offered or accepted again).

export function couponState(c: CouponRow, n: Counts, now: Date): DeskCoupon['state'] {
  if (c.stoppedAt) return 'STOPPED'
  if (c.expire <= now) return 'EXPIRED'
  if (c.maxClaims !== null && n.claimCount >= c.maxClaims) return 'FULL'
  return 'ACTIVE'
}

const toDeskCoupon = (c: CouponRow, n: Counts, now: Date): DeskCoupon => ({
  couponCode: c.couponCode,
  couponName: c.couponName,
  discountPrice: c.discountPrice,
  expire: unix(c.expire),
  availableProductList: c.availableProductList,
  maxClaims: c.maxClaims,
  claimCount: n.claimCount,
  useCount: n.useCount,
  stoppedAt: unixOrNull(c.stoppedAt),
  state: couponState(c, n, now),
  claimPath: couponClaimPath(c.couponCode),
  version: c.version,
})

const snapshot = (c: CouponRow) => ({
  couponName: c.couponName,
  discountPrice: c.discountPrice,
  expire: c.expire,
  availableProductList: c.availableProductList,
  maxClaims: c.maxClaims,
  stoppedAt: c.stoppedAt,
  version: c.version,
})

async function countsOf(db: Tx, code: string): Promise<Counts> {
  const [r] = await db
    .select({ claimCount: count(), useCount: count(memberCoupons.usedAt) })
    .from(memberCoupons)
    .where(eq(memberCoupons.couponCode, code))
  return { claimCount: Number(r?.claimCount ?? 0), useCount: Number(r?.useCount ?? 0) }
}

/**
 * Every coupon with its claims and uses, newest expiry first. The state filter is applied after
 * the counts (FULL depends on them); a business has tens or hundreds of coupons, not millions.
 */
export async function listCoupons(deps: Deps, input: { state?: DeskCoupon['state'] } & Page) {
  const now = deps.clock.now()
  const claims = deps.db
    .select({ code: memberCoupons.couponCode, claimCount: count().as('claim_count'), useCount: count(memberCoupons.usedAt).as('use_count') })
    .from(memberCoupons)
    .groupBy(memberCoupons.couponCode)
    .as('claims')
  const rows = await deps.db
    .select({ c: coupons, claimCount: claims.claimCount, useCount: claims.useCount })
    .from(coupons)
    .leftJoin(claims, eq(claims.code, coupons.couponCode))
    .orderBy(desc(coupons.expire), asc(coupons.couponCode))
  const all = rows.map((r) => toDeskCoupon(r.c, { claimCount: Number(r.claimCount ?? 0), useCount: Number(r.useCount ?? 0) }, now))
  const chosen = input.state ? all.filter((c) => c.state === input.state) : all
  return pageOf(chosen.slice(offsetOf(input), offsetOf(input) + input.pageSize), chosen.length, input)
}

/** Each fitting product must exist: a type sold, and minutes that type is sold with (null: any). */
async function checkProducts(db: Tx, list: DeskCallInput<'desk-coupon-save'>['availableProductList']) {
  const sold = await db.select({ productType: products.productType, minutes: products.minutesToSupport }).from(products)
  for (const item of list) {
    const fits = sold.some((p) => p.productType === item.productType && (item.minutesToSupport === null || p.minutes === item.minutesToSupport))
    if (!fits) throw invalid(dm.couponProductUnknown)
  }
}

export async function saveCoupon(deps: Deps, actor: AuditActor, input: DeskCallInput<'desk-coupon-save'>) {
  const now = deps.clock.now()
  const fields = {
    couponName: input.couponName,
    discountPrice: input.discountPrice,
    expire: new Date(input.expire * 1000),
    availableProductList: input.availableProductList,
    maxClaims: input.maxClaims,
  }
  try {
    const row = await audited(deps, actor, async (tx, audit) => {
      await checkProducts(tx, input.availableProductList)
      // A coupon is never made already expired; an edit may keep a past expiry as it was (the rest
      // of an expired coupon can still be corrected) but not move it into the past.
      const expirePast = fields.expire <= now
      if (input.version === undefined) {
        if (expirePast) throw invalid(dm.couponExpirePast)
        const [created] = await tx.insert(coupons).values({ couponCode: input.couponCode, ...fields, createdAt: now }).onConflictDoNothing().returning()
        if (!created) throw conflict(dm.couponExists)
        await audit({ action: 'coupon-create', targetType: 'coupon', targetId: created.couponCode, after: snapshot(created) })
        return created
      }
      const [before] = await tx.select().from(coupons).where(eq(coupons.couponCode, input.couponCode)).for('update')
      if (!before) throw notFound(dm.couponNotFound)
      checkVersion(before.version, input.version)
      if (before.stoppedAt) throw conflict(dm.couponStopped)
      if (expirePast && before.expire.getTime() !== fields.expire.getTime()) throw invalid(dm.couponExpirePast)
      const [after] = await tx.update(coupons).set({ ...fields, version: sql`${coupons.version} + 1` }).where(eq(coupons.couponCode, input.couponCode)).returning()
      await audit({ action: 'coupon-update', targetType: 'coupon', targetId: after.couponCode, before: snapshot(before), after: snapshot(after) })
      return after
    })
    return { coupon: toDeskCoupon(row, await countsOf(deps.db, row.couponCode), now) }
  } catch (e) {
    if (isUniqueViolation(e)) throw conflict(dm.couponExists)
    throw e
  }
}

/** A stopped coupon is no longer claimed, listed or applied; claims and uses before stay on record. */
export async function stopCoupon(deps: Deps, actor: AuditActor, input: { couponCode: string; version: number }) {
  const now = deps.clock.now()
  const row = await audited(deps, actor, async (tx, audit) => {
    const [before] = await tx.select().from(coupons).where(eq(coupons.couponCode, input.couponCode)).for('update')
    if (!before) throw notFound(dm.couponNotFound)
    checkVersion(before.version, input.version)
    if (before.stoppedAt) return before
    const [after] = await tx.update(coupons).set({ stoppedAt: now, version: sql`${coupons.version} + 1` }).where(eq(coupons.couponCode, input.couponCode)).returning()
    await audit({ action: 'coupon-stop', targetType: 'coupon', targetId: after.couponCode, before: snapshot(before), after: snapshot(after) })
    return after
  })
  return { coupon: toDeskCoupon(row, await countsOf(deps.db, row.couponCode), now) }
}

export async function couponClaims(deps: Deps, input: { couponCode: string } & Page) {
  const [coupon] = await deps.db.select({ c: coupons.couponCode }).from(coupons).where(eq(coupons.couponCode, input.couponCode))
  if (!coupon) throw notFound(dm.couponNotFound)
  const where = eq(memberCoupons.couponCode, input.couponCode)
  const [{ total }] = await deps.db.select({ total: count() }).from(memberCoupons).where(where)
  const rows = await deps.db
    .select({ mc: memberCoupons, m: members })
    .from(memberCoupons)
    .leftJoin(members, eq(members.memberId, memberCoupons.memberId))
    .where(where)
    .orderBy(desc(memberCoupons.claimedAt), asc(memberCoupons.memberId))
    .limit(input.pageSize)
    .offset(offsetOf(input))
  return pageOf(
    rows.map(({ mc, m }) => ({
      memberId: mc.memberId,
      memberName: m ? `${m.memberLastname} ${m.memberFirstname}` : '',
      email: m?.email ?? '',
      claimedAt: unix(mc.claimedAt),
      usedAt: unixOrNull(mc.usedAt),
      usedTicketNumber: mc.usedTicketNumber,
    })),
    total,
    input,
  )
}
