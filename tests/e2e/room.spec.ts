import type { Page } from '@playwright/test'
import { chromiumArgs } from '../../playwright.config'
import { roomText } from '../../src/text/room'
import { DEMO_CONSULTANT, staffLogin } from './drivers/staff'
import { apiUrl, createMember, expect, login, test } from './fixtures'

// The online consultation room on the stack (docs/product.md "The online consultation room"): the
// member and the demo consultant join the same room from two browser contexts with Chromium's fake
// camera and microphone, media flows both ways (the peer connections' own statistics) and a chat
// line arrives. Everything else of the room is checked in tests/api/room.test.ts and the chart's
// spec rules.

// The config's own Chromium and flags, with a fake camera and microphone that need no permission prompt.
test.use({
  launchOptions: {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [...chromiumArgs, '--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream'],
  },
})
test.describe.configure({ timeout: 180_000 })

/** Every RTCPeerConnection the page makes, kept for the test to read its statistics. */
const keepPeerConnections = () => {
  const w = window as unknown as { __pcs: RTCPeerConnection[]; RTCPeerConnection: typeof RTCPeerConnection }
  w.__pcs = []
  const Original = w.RTCPeerConnection
  w.RTCPeerConnection = class extends Original {
    constructor(config?: RTCConfiguration) {
      super(config)
      w.__pcs.push(this)
    }
  }
}

/** Bytes of audio and video received on the newest open peer connection. */
const bytesReceived = (page: Page) =>
  page.evaluate(async () => {
    const pcs = (window as unknown as { __pcs: RTCPeerConnection[] }).__pcs.filter((p) => p.connectionState !== 'closed')
    const pc = pcs.at(-1)
    if (!pc) return { audio: 0, video: 0 }
    const out = { audio: 0, video: 0 }
    ;(await pc.getStats()).forEach((s: { type: string; kind?: 'audio' | 'video'; bytesReceived?: number }) => {
      if (s.type === 'inbound-rtp' && s.kind) out[s.kind] += s.bytesReceived ?? 0
    })
    return out
  })

test('the member and the consultant meet in the room: media both ways and a chat line', async ({ browser, baseURL }) => {
  // A demo member's booking moved to now with the demo consultant, as an ONLINE one (test route).
  const member = await createMember('demo')
  const memberContext = await browser.newContext({ baseURL, permissions: ['camera', 'microphone'] })
  await memberContext.addInitScript(keepPeerConnections)
  const m = await memberContext.newPage()
  await login(m, member, '/')
  const card = m.getByRole('article').filter({ hasText: 'サポート予約済み' }).first()
  await expect(card).toBeVisible({ timeout: 20_000 })
  const ticketNumber = (await card.getAttribute('data-ticket-number'))!
  const moved = await fetch(`${apiUrl()}/api/__test/consultation-started`, {
    method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ ticketNumber, staffId: DEMO_CONSULTANT.staffId, supportType: 'ONLINE', underWay: true }),
  })
  expect(moved.status).toBe(200)

  // The member enters from their ticket card.
  await m.reload()
  await m.locator(`article[data-ticket-number="${ticketNumber}"]`).getByRole('link', { name: roomText.enter }).click()
  await m.waitForURL(new RegExp(`/room/${ticketNumber}$`))
  await expect(m.getByRole('meter', { name: roomText.level })).toBeVisible({ timeout: 20_000 })
  await m.getByRole('button', { name: roomText.joinVideo }).click()

  // The consultant enters from their day.
  const staffContext = await browser.newContext({ baseURL, permissions: ['camera', 'microphone'] })
  await staffContext.addInitScript(keepPeerConnections)
  const s = await staffContext.newPage()
  await s.goto('/staff')
  await staffLogin(s, DEMO_CONSULTANT)
  await s.locator(`article[data-ticket-number="${ticketNumber}"]`).getByRole('link', { name: roomText.enterStaff }).click()
  await s.waitForURL(new RegExp(`/staff/room/${ticketNumber}$`))
  await s.getByRole('button', { name: roomText.joinVideo }).click()

  // Connected on both sides, with audio and video arriving at each.
  for (const page of [m, s]) {
    await expect(page.getByTestId('room-status')).toContainText('つながっています', { timeout: 30_000 })
    await expect.poll(async () => Math.min(...Object.values(await bytesReceived(page))), { timeout: 30_000 }).toBeGreaterThan(0)
  }

  // A chat line from the member reaches the consultant.
  await m.getByLabel(roomText.chatLabel).fill('画面が固まってしまいます')
  await m.getByRole('button', { name: roomText.chatSend }).click()
  await expect(s.getByRole('log')).toContainText('画面が固まってしまいます')

  // The consultant leaves: the member is told, and the consultant's day shows both stays.
  await s.getByRole('button', { name: roomText.leave }).click()
  await expect(s.getByText(roomText.endedTitle)).toBeVisible()
  await expect(m.getByTestId('room-status')).toContainText('入室を待っています')
  await s.goto('/staff')
  await expect(s.locator(`article[data-ticket-number="${ticketNumber}"]`).getByTestId('room-stays')).toContainText('相談員')
  await memberContext.close()
  await staffContext.close()
})
