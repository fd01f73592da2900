import { existsSync } from 'node:fs'

// Browser tests use Debian's Chromium; Playwright cannot download its own browser here.
export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'

export function chromiumMissingMessage(): string | null {
  if (existsSync(chromiumPath)) return null
  return `Chromium was not found at ${chromiumPath}.
The browser tests run on Debian's Chromium. Install it with:

    apt-get install -y chromium

(or set CHROMIUM_PATH to another Chromium binary). \`npx playwright install\` cannot download browsers here.`
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const message = chromiumMissingMessage()
  if (message) {
    console.error(message)
    process.exit(1)
  }
}
