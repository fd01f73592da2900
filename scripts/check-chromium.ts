import { execFileSync } from 'node:child_process'
import { existsSync } from 'node:fs'

// Browser tests use Debian's Chromium; Playwright cannot download its own browser here. They also
// need a Japanese font: without one Chromium draws every kanji as a narrow fallback box, so what the
// tests measure (the flow diagrams' widths, a phone's line breaks, contrast, screenshots) is not
// what a member or a product owner sees.
export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'

const hasJapaneseFont = () => {
  try {
    return execFileSync('fc-list', [':lang=ja', 'family'], { encoding: 'utf8' }).trim() !== ''
  } catch {
    return false
  }
}

export function chromiumMissingMessage(): string | null {
  if (!existsSync(chromiumPath)) {
    return `Chromium was not found at ${chromiumPath}.
The browser tests run on Debian's Chromium with a Japanese font. Install both with:

    apt-get install -y chromium fonts-noto-cjk

(or set CHROMIUM_PATH to another Chromium binary). \`npx playwright install\` cannot download browsers here.`
  }
  if (!hasJapaneseFont()) {
    return `No Japanese font is installed: Chromium would draw the pages' Japanese as fallback boxes and the
browser tests would measure something no member sees. Install Debian's Noto CJK fonts with:

    apt-get install -y fonts-noto-cjk`
  }
  return null
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const message = chromiumMissingMessage()
  if (message) {
    console.error(message)
    process.exit(1)
  }
}
