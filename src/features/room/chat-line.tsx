import { Box, Button, HStack, Link, Text } from '@chakra-ui/react'
import { useState } from 'react'
import type { ChatLine } from '../../../machines/room/room-machine'
import { roomText as t } from '../../text/room'

/*
 * One chat line of the room (docs/product.md "The online consultation room"): who said it, the
 * text with its line breaks, `http:` and `https:` addresses as links that open in a new tab (a
 * router's page is often `http://192.168.…`), a button that copies the line (a serial number, a
 * command), and for one's own line whether it is still on its way or could not be sent, with why
 * and a button to send it again.
 */

/** An address written in the text: http or https, up to a space or Japanese text. */
const URL_RUN = /https?:\/\/[^\s<>"'\u3000-\u30ff\u3400-\u9fff\uff00-\uffef]+/g
/** Sentence punctuation written right after an address belongs to the sentence. */
const TRAILING = /[.,;:!?)\]}'"]+$/

type Segment = { text: string; href?: string }

/** The text cut into plain runs and links (only http/https without credentials become links). */
export function chatSegments(text: string): Segment[] {
  const out: Segment[] = []
  let at = 0
  for (const m of text.matchAll(URL_RUN)) {
    const candidate = m[0].replace(TRAILING, '')
    let href: string | null = null
    try {
      const url = new URL(candidate)
      href = (url.protocol === 'https:' || url.protocol === 'http:') && !url.username && !url.password ? url.href : null
    } catch {
      href = null
    }
    if (!href) continue
    if (m.index > at) out.push({ text: text.slice(at, m.index) })
    out.push({ text: candidate, href })
    at = m.index + candidate.length
  }
  if (at < text.length) out.push({ text: text.slice(at) })
  return out
}

export function ChatLineView({ line, who, mine, onRetry }: { line: ChatLine; who: string; mine: boolean; onRetry: () => void }) {
  const [copied, setCopied] = useState(false)
  const copy = () => {
    void navigator.clipboard?.writeText(line.text).then(
      () => {
        setCopied(true)
        setTimeout(() => setCopied(false), 2000)
      },
      () => setCopied(false),
    )
  }
  return (
    <Box py="1" data-from={line.from} data-state={line.state} data-testid="room-chat-line" borderBottomWidth="1px" borderColor="border.muted">
      <HStack justify="space-between" align="start" gap="2">
        <Text fontSize="sm" whiteSpace="pre-wrap" wordBreak="break-word" userSelect="text" minW="0">
          <Text as="span" fontWeight="bold">{who}</Text>：
          {chatSegments(line.text).map((s, i) =>
            s.href ? (
              <Link key={i} href={s.href} target="_blank" rel="noopener noreferrer" color="brand.fg" textDecoration="underline">
                {s.text}
              </Link>
            ) : (
              <span key={i}>{s.text}</span>
            ),
          )}
        </Text>
        <Button size="2xs" variant="ghost" onClick={copy} aria-label={t.copyLine(line.text)} flexShrink={0}>
          {copied ? t.copied : t.copy}
        </Button>
      </HStack>
      {mine && line.state === 'sending' && <Text fontSize="xs" color="fg.muted">{t.sending}</Text>}
      {mine && line.state === 'failed' && (
        <HStack gap="2" role="alert">
          <Text fontSize="xs" color="fg.error">{t.sendFailed(line.error ?? '')}</Text>
          <Button size="2xs" variant="outline" onClick={onRetry}>{t.resend}</Button>
        </HStack>
      )}
    </Box>
  )
}
