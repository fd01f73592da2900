// A notice's text on the member's home (src/ui/notice-text.tsx): paragraphs and line breaks kept,
// https: URLs and this site's paths as links, anything else (javascript:, http:, //host) as text,
// never HTML. Plain React with static classes (decision 102): no Chakra provider needed.
import { render, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { noticeLinkOf, noticeParagraphs, NoticeText } from '../../src/ui/notice-text'

const ORIGIN = 'https://mypage.example'

describe('notice text', () => {
  it('keeps paragraphs and line breaks, links https: to other sites in a new tab, leaves javascript: as text', () => {
    const content = [
      '年末年始の営業についてのお知らせです。',
      '12/29〜1/3はお休みします。',
      '',
      '詳しくは https://example.com/info をご覧ください。',
      'javascript:alert(document.cookie) と http://plain.example/ と <b>太字</b> は文字のまま',
    ].join('\n')
    const { container } = render(<NoticeText content={content} origin={ORIGIN} />)
    const paragraphs = container.querySelectorAll('p')
    expect(paragraphs).toHaveLength(2)
    expect(paragraphs[0].querySelectorAll('br')).toHaveLength(1)
    expect(paragraphs[0].textContent).toBe('年末年始の営業についてのお知らせです。12/29〜1/3はお休みします。')
    const links = screen.getAllByRole('link')
    expect(links).toHaveLength(1)
    expect(links[0].getAttribute('href')).toBe('https://example.com/info')
    expect(links[0].getAttribute('target')).toBe('_blank')
    expect(links[0].getAttribute('rel')).toBe('noopener noreferrer')
    expect(links[0].textContent).toBe('https://example.com/info')
    expect(paragraphs[1].textContent).toContain('javascript:alert(document.cookie) と http://plain.example/ と <b>太字</b> は文字のまま')
    expect(container.querySelector('b')).toBeNull()
  })

  it('links this site\'s paths (a campaign to its coupon) without a new tab, and only those', () => {
    const [[line]] = noticeParagraphs('クーポンは /get-coupon?couponCode=NEWYEAR-2026 から。', ORIGIN)
    expect(line).toEqual([
      { kind: 'text', text: 'クーポンは ' },
      { kind: 'link', text: '/get-coupon?couponCode=NEWYEAR-2026', href: '/get-coupon?couponCode=NEWYEAR-2026', external: false },
      { kind: 'text', text: ' から。' },
    ])
    expect(noticeLinkOf(`${ORIGIN}/get-coupon?couponCode=A`, ORIGIN)).toEqual({ href: '/get-coupon?couponCode=A', external: false })
    for (const stays of ['//evil.example/x', '/\\evil.example', 'javascript:alert(1)', 'JAVASCRIPT:alert(1)', 'data:text/html,<script>1</script>', 'http://example.com/', 'https://user:pw@example.com/', 'vbscript:x']) {
      expect(noticeLinkOf(stays, ORIGIN), stays).toBeNull()
    }
    // Sentence punctuation after a URL is not part of it; Japanese text ends it.
    const [[end]] = noticeParagraphs('こちら：https://example.com/a.（詳細）', ORIGIN)
    expect(end.filter((s) => s.kind === 'link').map((s) => s.text)).toEqual(['https://example.com/a'])
  })
})
