import type { Product } from '../../../contract/entities'
import { homeText } from '../../text/home'
import { formatYen } from '../../../contract/jst'
import { Anchor, type PlainLink } from '../../ui/plain-link'
import { homeClasses as css } from './home.styles.gen'

const p = homeText.purchase

/**
 * Ticket purchase cards (product.md §2 "/"): buying one starts the staff selection, like the menu
 * (`/support/staff?productId=…`, through `Link`).
 */
export function PurchaseCards({ products, Link = Anchor }: { products: Product[]; Link?: PlainLink }) {
  return (
    <div className={css.products}>
      {products.map((product) => (
        <article key={product.productId} aria-label={product.productName} className={css.card}>
          <img src={`/images/${product.minutesToSupport}-min-ticket.png`} alt={product.productName} className={css.productImage} />
          <div className={css.cardBodyGap1}>
            <p className={css.bold}>{product.productName}</p>
            <p className={css.smallMuted}>{p.maxMinutes(product.minutesToSupport)}</p>
            <p className={css.price}>
              {formatYen(product.price)}
              <span className={css.tax}>（税込）</span>
            </p>
          </div>
          <div className={css.cardFooter}>
            <Link href={`/support/staff?productId=${encodeURIComponent(product.productId)}`} className={css.buyButton} aria-label={`${product.productName}を${p.buy}`}>
              {p.buy}
            </Link>
          </div>
        </article>
      ))}
    </div>
  )
}
