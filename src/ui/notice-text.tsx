import { Fragment, type ReactNode } from 'react'
import { noticeTextClasses as css } from './notice-text.styles.gen'
import './notice-text.styles.gen.css'
import { Anchor, type PlainLink } from './plain-link'

// A notice's text as members read it (docs/product.md §2 home, notices): paragraphs on blank
// lines, a line break on a single one, and links where the text names one — an `https:` URL or a
// path of this site (`/get-coupon?couponCode=…`, so a campaign links to its coupon). Nothing else
// becomes a link (`javascript:`, `http:`, `data:`, `//other.example` stay text), and everything is
// built as React elements: the text is never HTML. Links to other sites open in a new tab without
// handing it this page (`rel="noopener noreferrer"`).
//
// Plain React with static classes (decision 102): what Chakra renders for notice-text.specimen.tsx
// (`npm run styles`), so the home page draws its notices without Chakra's runtime; the staff
// notice editor's preview draws the same. A link inside the site goes through `Link` (the app
// passes one built on PathLink, router navigation; a plain anchor by default).

type NoticeSegment = { kind: 'text'; text: string } | { kind: 'link'; text: string; href: string; external: boolean }
type NoticeParagraph = NoticeSegment[][]

/** A URL-looking run of ASCII (Japanese text around it ends it), or a site path after a space or the line's start. */
const CANDIDATE = /[A-Za-z][A-Za-z0-9+.-]*:[^\s<>"'\u3000-\u30ff\u3400-\u9fff\uff00-\uffef]+|(?<=^|[\s(（「『])\/[^\s<>"'\u3000-\u30ff\u3400-\u9fff\uff00-\uffef]*/g
/** Sentence punctuation written right after a URL belongs to the sentence. */
const TRAILING = /[.,;:!?)\]}'"]+$/

/** The link a candidate makes on a page at `origin`, or null when it stays text. */
export function noticeLinkOf(candidate: string, origin: string): { href: string; external: boolean } | null {
  if (candidate.startsWith('/')) {
    // `//host/…` and `/\host` are another site's URL in a browser's eyes.
    if (candidate.startsWith('//') || candidate.startsWith('/\\')) return null
    try {
      const url = new URL(candidate, origin)
      return url.origin === origin ? { href: `${url.pathname}${url.search}${url.hash}`, external: false } : null
    } catch {
      return null
    }
  }
  let url: URL
  try {
    url = new URL(candidate)
  } catch {
    return null
  }
  if (url.protocol !== 'https:' || url.username || url.password) return null
  if (url.origin === origin) return { href: `${url.pathname}${url.search}${url.hash}`, external: false }
  return { href: url.href, external: true }
}

function segmentsOf(line: string, origin: string): NoticeSegment[] {
  const out: NoticeSegment[] = []
  let at = 0
  for (const m of line.matchAll(CANDIDATE)) {
    const candidate = m[0].replace(TRAILING, '')
    const link = candidate ? noticeLinkOf(candidate, origin) : null
    if (!link) continue
    if (m.index > at) out.push({ kind: 'text', text: line.slice(at, m.index) })
    out.push({ kind: 'link', text: candidate, ...link })
    at = m.index + candidate.length
  }
  if (at < line.length) out.push({ kind: 'text', text: line.slice(at) })
  return out
}

/** Paragraphs (split on blank lines), each a list of lines, each a list of segments. */
export function noticeParagraphs(content: string, origin: string): NoticeParagraph[] {
  return content
    .replace(/\r\n?/g, '\n')
    .split(/\n[ \t\u3000]*\n+/)
    .map((p) => p.replace(/^\n+|\n+$/g, ''))
    .filter((p) => p.trim() !== '')
    .map((p) => p.split('\n').map((line) => segmentsOf(line, origin)))
}

function Segment({ segment, Link }: { segment: NoticeSegment; Link: PlainLink }): ReactNode {
  if (segment.kind === 'text') return segment.text
  if (segment.external) {
    return (
      <a href={segment.href} target="_blank" rel="noopener noreferrer" className={css.noticeLink}>
        {segment.text}
      </a>
    )
  }
  return (
    <Link href={segment.href} className={css.noticeLink}>
      {segment.text}
    </Link>
  )
}

/** A notice's content as paragraphs with line breaks and links. */
export function NoticeText({ content, origin = window.location.origin, Link = Anchor }: { content: string; origin?: string; Link?: PlainLink }) {
  return (
    <div className={css.noticeText}>
      {noticeParagraphs(content, origin).map((lines, p) => (
        <p key={p} className={css.noticeParagraph} data-notice-paragraph>
          {lines.map((segments, l) => (
            <Fragment key={l}>
              {l > 0 && <br />}
              {segments.map((s, i) => (
                <Segment key={i} segment={s} Link={Link} />
              ))}
            </Fragment>
          ))}
        </p>
      ))}
    </div>
  )
}
