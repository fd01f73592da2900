import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { IMAGE_MAX_BYTES } from '../../contract/desk/catalog'
import { deskMessages as dm } from '../../contract/desk-messages'
import { createHarness, type Harness } from './harness'
import { staffAccount, staffGet, staffPost } from './staff-harness'

// Consultant photos and menu images: the type is the file's content (never its name), a file over
// the limit is refused, the stored image is resized and re-encoded (WebP), served same-origin, and
// shown in the member's grid once set on the profile.

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read arbitrary JSON
type T = Record<string, any>

let h: Harness
let op: Awaited<ReturnType<typeof staffAccount>>
beforeAll(async () => {
  h = await createHarness()
  op = await staffAccount(h, [{ role: 'operator' }])
}, 120_000)
afterAll(async () => h?.close())

const upload = (body: T) => staffPost(h, 'desk-image-upload', { token: op.token, body })
const b64 = (b: Buffer) => b.toString('base64')
/** A real photo-sized JPEG: 1600×1200 noise-free gradient. */
const jpeg = (w: number, hgt: number) =>
  sharp({ create: { width: w, height: hgt, channels: 3, background: { r: 200, g: 120, b: 40 } } })
    .jpeg()
    .withMetadata({ exif: { IFD0: { Copyright: 'secret-location' } } })
    .toBuffer()

describe('image upload', () => {
  it('a JPEG named .png is taken for what it is, cropped to 400×400 for a consultant, re-encoded as WebP without its metadata, and served', async () => {
    const file = await jpeg(1600, 1200)
    expect(file.includes(Buffer.from('secret-location'))).toBe(true)
    const r = await upload({ purpose: 'STAFF', fileName: 'face.png', dataBase64: b64(file) })
    expect(r.status).toBe(200)
    expect(r.body).toMatchObject({ contentType: 'image/webp', width: 400, height: 400 })
    expect(r.body.imageUrl).toBe(`/api/images/${r.body.imageId}`)

    const served = await h.app.request(r.body.imageUrl)
    expect(served.status).toBe(200)
    expect(served.headers.get('content-type')).toBe('image/webp')
    expect(served.headers.get('x-content-type-options')).toBe('nosniff')
    const bytes = Buffer.from(await served.arrayBuffer())
    const meta = await sharp(bytes).metadata()
    expect(meta).toMatchObject({ format: 'webp', width: 400, height: 400 })
    expect(meta.exif).toBeUndefined()
    expect(bytes.includes(Buffer.from('secret-location'))).toBe(false)

    // Set on a profile: the member's grid shows it.
    const c = ((await staffGet(h, 'desk-consultants', { token: op.token })).body.items as T[]).find((x) => x.staffId === 'STAFF-01')!
    const saved = await staffPost(h, 'desk-consultant-save', { token: op.token, body: { staffId: 'STAFF-01', version: c.version, staffNickname: c.staffNickname, staffAge: c.staffAge, staffGender: c.staffGender, staffImageUrl: r.body.imageUrl } })
    expect(saved.status).toBe(200)
    const m = await h.member('fresh')
    const grid = (await h.get('reservation-schedule', { token: m.token, query: { dt: '20250611', minutesToSupport: 30 } })).body.staffSchedules as T[]
    expect(grid.find((s) => s.staffId === 'STAFF-01')?.staffImageUrl).toBe(r.body.imageUrl)
  })

  it('a menu image keeps its shape within 800×800 and is never enlarged', async () => {
    const wide = await upload({ purpose: 'MENU', dataBase64: b64(await sharp({ create: { width: 2000, height: 1000, channels: 3, background: '#3366cc' } }).png().toBuffer()) })
    expect(wide.body).toMatchObject({ width: 800, height: 400 })
    const small = await upload({ purpose: 'MENU', dataBase64: b64(await sharp({ create: { width: 120, height: 90, channels: 4, background: '#ffffff00' } }).webp().toBuffer()) })
    expect(small.body).toMatchObject({ width: 120, height: 90 })
  })

  it('not an image by content — HTML, SVG or a truncated file named .jpg — is refused, nothing stored', async () => {
    const html = Buffer.from('<html><script>alert(1)</script></html>')
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>')
    const truncated = (await jpeg(400, 300)).subarray(0, 200)
    for (const [name, file] of [['photo.jpg', html], ['photo.jpg', svg], ['photo.jpg', truncated]] as const) {
      const r = await upload({ purpose: 'STAFF', fileName: name, dataBase64: b64(file) })
      expect(r, name).toEqual({ status: 400, body: { message: dm.imageTypeInvalid } })
    }
    const trail = (await staffGet(h, 'desk-audit', { token: op.token, query: { action: 'image-upload' } })).body.total
    expect(trail).toBe(2 + 1) // the two menu images and the consultant photo above
  })

  it('over 2 MB is refused (by the schema before decoding; the body limit beyond it)', async () => {
    const big = Buffer.alloc(IMAGE_MAX_BYTES + 3, 1)
    const r = await upload({ purpose: 'STAFF', dataBase64: b64(big) })
    expect(r).toEqual({ status: 400, body: { message: dm.imageTooLarge } })
    const huge = await upload({ purpose: 'STAFF', dataBase64: 'A'.repeat(4 * 1024 * 1024) })
    expect(huge.status).toBe(413)
  })

  it('an unknown image id is 404, and an id that is no id is 404 too', async () => {
    expect((await h.app.request(`/api/images/${'a'.repeat(32)}`)).status).toBe(404)
    expect((await h.app.request('/api/images/..%2F..%2Fetc%2Fpasswd')).status).toBe(404)
  })
})
