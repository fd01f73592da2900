import type { Coupon } from '../../../contract/entities'
import { homeText } from '../../text/home'
import { formatDateTimeUnix, formatYen } from '../../../contract/jst'
import { homeClasses as css } from './home.styles.gen'

const c = homeText.coupons

const targetOf = (coupon: Coupon) =>
  coupon.availableProductList
    .map((p) => `${homeText.productTypes[p.productType]}（${p.minutesToSupport === null ? c.anyMinutes : `${p.minutesToSupport}分`}）`)
    .join('、')

/** product.md §2 "/": coupon list with the usage guide; `クーポンはありません` when none (product.md §8). */
export function CouponList({ coupons }: { coupons: Coupon[] }) {
  return (
    <div className={css.stack4}>
      {coupons.length === 0 ? (
        <p className={css.muted}>{c.empty}</p>
      ) : (
        <ul aria-label={c.title} className={css.coupons}>
          {coupons.map((coupon) => (
            <li key={coupon.couponCode} aria-label={coupon.couponName} data-coupon-code={coupon.couponCode} className={css.card}>
              <div className={css.cardBodyGap1}>
                <p className={css.bold}>
                  {coupon.couponName} <span className={css.couponBadge}>{c.discount(formatYen(coupon.discountPrice))}</span>
                </p>
                <p className={css.small}>
                  {c.target}: {targetOf(coupon)}
                </p>
                <p className={css.smallMuted}>
                  {c.expire}: {formatDateTimeUnix(coupon.expire)}
                </p>
              </div>
            </li>
          ))}
        </ul>
      )}
      <div className={css.guide}>
        <h3 className={css.guideTitle}>{c.guideTitle}</h3>
        <ol role="list" className={css.guideList}>
          {c.guide.map((line) => (
            <li key={line} className={css.guideItem}>
              {line}
            </li>
          ))}
        </ol>
      </div>
    </div>
  )
}
