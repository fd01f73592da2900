import type { Page, WebSocketRoute } from '@playwright/test'
import { chromiumArgs } from '../../playwright.config'
import { freePort, stopAll } from '../../scripts/stack/processes'
import { startServer } from '../../scripts/stack/services'
import { roomText } from '../../src/text/room'
import { DEMO_CONSULTANT, staffLogin } from './drivers/staff'
import { apiUrl, createMember, expect, signIn, test } from './fixtures'

// The online consultation room on the stack (docs/product.md "The online consultation room"): the
// member and the demo consultant join the same room from two browser contexts with Chromium's fake
// camera, microphone and screen (the same flags make getDisplayMedia answer a fake 16:9 screen
// without a picker), and the one test checks what only browsers can: media both ways (the peer
// connections' own statistics), a chat line, the member's screen share reaching the consultant (the
// picture arriving turns from the camera's 4:3 to the screen's 16:9), a dropped signalling socket
// that comes back by itself while the page says so, and the stays on the consultant's day. On
// PostgreSQL (TEST_DATABASE_URL) the consultant uses a second replica of the server started on the
// same database, so the signalling crosses replicas (decisions 92, 97); on PGlite there is one
// server and tests/api/room.test.ts covers the replicas. A third party refused, the room's hours
// and the relay log are checked there too, and the chart's rules in its spec rules.

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

/** What arrives on the newest open peer connection: bytes of audio and video, and the picture's size. */
const received = (page: Page) =>
  page.evaluate(async () => {
    const pcs = (window as unknown as { __pcs: RTCPeerConnection[] }).__pcs.filter((p) => p.connectionState !== 'closed')
    const pc = pcs.at(-1)
    const out = { audio: 0, video: 0, width: 0, height: 0 }
    if (!pc) return out
    ;(await pc.getStats()).forEach((s: { type: string; kind?: 'audio' | 'video'; bytesReceived?: number; frameWidth?: number; frameHeight?: number }) => {
      if (s.type !== 'inbound-rtp' || !s.kind) return
      out[s.kind] += s.bytesReceived ?? 0
      if (s.kind === 'video' && s.frameWidth && s.frameHeight) Object.assign(out, { width: s.frameWidth, height: s.frameHeight })
    })
    return out
  })
const mediaBothWays = async (page: Page) => {
  const r = await received(page)
  return Math.min(r.audio, r.video)
}
/** Width over height of the picture arriving (0 before one arrived). */
const pictureShape = async (page: Page) => {
  const r = await received(page)
  return r.height ? r.width / r.height : 0
}

/**
 * A second replica of the server on the stack's PostgreSQL database, serving the same build (null
 * on PGlite: one process only). Stopped with this worker's other children at the end.
 */
async function secondReplica(): Promise<string | null> {
  const of = JSON.parse(process.env.MYPAGE_REPLICA_OF ?? 'null') as { staticDir: string; smtpUrl: string; databaseUrl: string | null } | null
  if (!of?.databaseUrl) return null
  const port = await freePort()
  const url = `http://127.0.0.1:${port}`
  await startServer({
    port, authEmulatorHost: process.env.MYPAGE_AUTH_EMULATOR_HOST!, smtpUrl: of.smtpUrl, appOrigin: url, staticDir: of.staticDir, databaseUrl: of.databaseUrl, testRoutes: true, compiled: true,
  })
  return url
}

test('the member and the consultant meet in the room: media both ways, chat, an outsider refused, a shared screen, a drop mended, across replicas', async ({ browser, baseURL }) => {
  const replica = secondReplica() // starts while the member signs in
  try {
    // A demo member's booking moved to now with the demo consultant, as an ONLINE one (test route).
    const member = await createMember('demo')
    const memberContext = await browser.newContext({ baseURL, permissions: ['camera', 'microphone'] })
    await memberContext.addInitScript(keepPeerConnections)
    // The member's signalling socket passes through the test, which can cut it and refuse it for a
    // while, as a network drop would.
    let down = false
    const sockets: { page: WebSocketRoute; server: WebSocketRoute }[] = []
    await memberContext.routeWebSocket(/\/api\/room-socket/, (ws) => {
      if (down) return void ws.close({ code: 1013, reason: 'offline' })
      sockets.push({ page: ws, server: ws.connectToServer() })
    })
    const m = await memberContext.newPage()
    await signIn(m, member, '/')
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

    // The consultant enters from their day, on the second replica when there is one.
    const replicaUrl = await replica
    test.info().annotations.push({ type: 'servers', description: replicaUrl ? `consultant on a second replica (${replicaUrl})` : 'one server (PGlite)' })
    const staffContext = await browser.newContext({ baseURL: replicaUrl ?? baseURL, permissions: ['camera', 'microphone'] })
    await staffContext.addInitScript(keepPeerConnections)
    const s = await staffContext.newPage()
    await s.goto('/staff')
    await staffLogin(s, DEMO_CONSULTANT)
    await s.locator(`article[data-ticket-number="${ticketNumber}"]`).getByRole('link', { name: roomText.enterStaff }).click()
    await s.waitForURL(new RegExp(`/staff/room/${ticketNumber}$`))
    if (replicaUrl) expect(new URL(s.url()).origin).not.toBe(new URL(m.url()).origin)
    await s.getByRole('button', { name: roomText.joinVideo }).click()

    // Connected on both sides, with audio and video arriving at each.
    for (const page of [m, s]) {
      await expect(page.getByTestId('room-status')).toContainText('つながっています', { timeout: 30_000 })
      await expect.poll(() => mediaBothWays(page), { timeout: 30_000 }).toBeGreaterThan(0)
    }
    // The camera's 4:3 picture reaches the consultant.
    await expect.poll(() => pictureShape(s), { timeout: 30_000 }).toBeCloseTo(4 / 3, 1)

    // Another member with the room's link is refused by the server, while the two are inside.
    const outsiderContext = await browser.newContext({ baseURL })
    const outsider = await outsiderContext.newPage()
    await signIn(outsider, await createMember('fresh'), `/room/${ticketNumber}`)
    await expect(outsider.getByText(roomText.refusedTitle)).toBeVisible({ timeout: 20_000 })
    await expect(outsider.getByRole('button', { name: roomText.joinVideo })).toHaveCount(0)
    await outsiderContext.close()

    // A chat line from the member reaches the consultant.
    await m.getByLabel(roomText.chatLabel).fill('画面が固まってしまいます')
    await m.getByRole('button', { name: roomText.chatSend }).click()
    await expect(s.getByRole('log')).toContainText('画面が固まってしまいます')

    // The member shares their screen: the consultant's picture becomes the screen's 16:9.
    await m.getByRole('button', { name: roomText.shareStart }).click()
    await expect(m.getByRole('button', { name: roomText.shareStop })).toHaveAttribute('aria-pressed', 'true')
    await expect.poll(() => pictureShape(s), { timeout: 30_000 }).toBeCloseTo(16 / 9, 1)

    // The member's connection drops and stays down: the page says it is reconnecting. Back up, it
    // comes back by itself, says so, and media (the shared screen still) flow again.
    down = true
    for (const ws of sockets.splice(0)) {
      await ws.server.close({ code: 1001, reason: 'network' })
      await ws.page.close({ code: 1001, reason: 'network' })
    }
    await expect(m.getByTestId('room-status')).toContainText(roomText.reconnecting)
    down = false
    await expect(m.getByTestId('room-status')).toContainText('つながっています', { timeout: 30_000 })
    await expect(m.getByTestId('room-status')).toContainText(roomText.reconnected(1))
    await expect(s.getByTestId('room-status')).toContainText('つながっています', { timeout: 30_000 })
    await expect.poll(() => mediaBothWays(s), { timeout: 30_000 }).toBeGreaterThan(0)
    await expect.poll(() => pictureShape(s), { timeout: 30_000 }).toBeCloseTo(16 / 9, 1)

    // The consultant leaves: the member is told, and the consultant's day shows both stays.
    await s.getByRole('button', { name: roomText.leave }).click()
    await expect(s.getByText(roomText.endedTitle)).toBeVisible()
    await expect(m.getByTestId('room-status')).toContainText('入室を待っています')
    await s.goto('/staff')
    await expect(s.locator(`article[data-ticket-number="${ticketNumber}"]`).getByTestId('room-stays')).toContainText('相談員')
    await memberContext.close()
    await staffContext.close()
  } finally {
    await replica.catch(() => null)
    await stopAll() // the second replica, if this worker started one
  }
})
