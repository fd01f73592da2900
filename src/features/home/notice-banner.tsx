import type { Notice } from '../../../contract/entities'
import { homeText } from '../../text/home'
import { formatDateUnix } from '../../../contract/jst'
import { NoticeText } from '../../ui/notice-text'
import type { PlainLink } from '../../ui/plain-link'
import { homeClasses as css } from './home.styles.gen'

const n = homeText.notices

function NoticeList({ title, items, Link }: { title: string; items: Notice[]; Link?: PlainLink }) {
  return (
    <section aria-label={title}>
      <h3 className={css.noticeListTitle}>{title}</h3>
      {items.length === 0 ? (
        <p className={css.smallMuted}>{n.empty}</p>
      ) : (
        <ul role="list" className={css.noticeList}>
          {items.map((item) => (
            <li key={`${item.updateTime}-${item.title ?? ''}-${item.content}`} className={css.notice} data-notice>
              <p className={css.noticeDate}>{formatDateUnix(item.updateTime)}</p>
              {item.title && <h4 className={css.noticeTitle}>{item.title}</h4>}
              <NoticeText content={item.content} Link={Link} />
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}

/** product.md §2 "/": notice banner with the お知らせ and キャンペーン lists; links inside the site go through `Link`. */
export function NoticeBanner({ information, campaign, Link }: { information: Notice[]; campaign: Notice[]; Link?: PlainLink }) {
  return (
    <div className={css.notices}>
      <div className={css.noticeColumns}>
        <NoticeList title={n.information} items={information} Link={Link} />
        <NoticeList title={n.campaign} items={campaign} Link={Link} />
      </div>
    </div>
  )
}
