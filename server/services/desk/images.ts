import { randomBytes } from 'node:crypto'
import sharp, { type OutputInfo } from 'sharp'
import { eq } from 'drizzle-orm'
import type { Hono } from 'hono'
import { IMAGE_MAX_BYTES, type DeskCallInput } from '../../../contract/desk-calls'
import { deskMessages as dm } from '../../../contract/desk-messages'
import type { Tx } from '../../db/client'
import { uploadedImages } from '../../db/schema'
import { badRequest } from '../../http/errors'
import type { Deps } from '../../http/handler'
import type { AuditActor } from '../audit'
import { audited } from './common'

// Images of the operator's desk: a consultant's photo, a menu item's picture. The type is decided by
// the bytes (sharp reads the file's own header), never by its name or a declared type; anything but
// JPEG, PNG, WebP or GIF is refused (an SVG can carry script; a renamed text file is no image). The
// stored image is new pixels: resized, re-encoded as WebP, without the original's metadata (a
// phone photo's location). Served same-origin from /api/images/<id>, which the app's CSP
// (img-src 'self') allows, and from the database, so every replica serves it.

const ACCEPTED = new Set(['jpeg', 'png', 'webp', 'gif'])
/** A decompression bomb (a small file of huge dimensions) is refused before it is decoded. */
export const MAX_INPUT_PIXELS = 40_000_000
export const IMAGE_PATH_PREFIX = '/api/images/'

const sizes = {
  // The grid shows a square face.
  STAFF: { width: 400, height: 400, fit: 'cover' as const },
  MENU: { width: 800, height: 800, fit: 'inside' as const },
}

export async function uploadImage(deps: Deps, actor: AuditActor, input: DeskCallInput<'desk-image-upload'>) {
  const bytes = Buffer.from(input.dataBase64, 'base64')
  if (bytes.length === 0) throw badRequest(dm.imageDataInvalid)
  if (bytes.length > IMAGE_MAX_BYTES) throw badRequest(dm.imageTooLarge)
  let format: string | undefined
  let width = 0
  let height = 0
  try {
    const meta = await sharp(bytes, { limitInputPixels: false }).metadata()
    format = meta.format
    width = meta.width ?? 0
    height = meta.height ?? 0
  } catch {
    throw badRequest(dm.imageTypeInvalid)
  }
  if (!format || !ACCEPTED.has(format)) throw badRequest(dm.imageTypeInvalid)
  if (width * height > MAX_INPUT_PIXELS) throw badRequest(dm.imageTooManyPixels)
  let out: { data: Buffer; info: OutputInfo }
  try {
    const size = sizes[input.purpose]
    out = await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' })
      .rotate()
      .resize({ ...size, withoutEnlargement: size.fit === 'inside' })
      .webp({ quality: 82 })
      .toBuffer({ resolveWithObject: true })
  } catch {
    // A header that looked like an image over a broken body.
    throw badRequest(dm.imageTypeInvalid)
  }
  const imageId = randomBytes(16).toString('hex')
  await audited(deps, actor, async (tx, audit) => {
    await tx.insert(uploadedImages).values({ imageId, contentType: 'image/webp', width: out.info.width, height: out.info.height, bytes: out.data, createdBy: actor.uid, createdAt: deps.clock.now() })
    await audit({
      action: 'image-upload',
      targetType: 'image',
      targetId: imageId,
      after: { purpose: input.purpose, fileName: input.fileName ?? null, sourceFormat: format, sourceBytes: bytes.length, width: out.info.width, height: out.info.height, bytes: out.data.length },
    })
  })
  return { imageId, imageUrl: `${IMAGE_PATH_PREFIX}${imageId}`, contentType: 'image/webp', width: out.info.width, height: out.info.height }
}

/** An uploaded image named by a site path must exist (a typo would show the fallback for ever). */
export async function checkImagePath(db: Tx, path: string | null | undefined): Promise<void> {
  if (!path || !path.startsWith(IMAGE_PATH_PREFIX)) return
  const id = path.slice(IMAGE_PATH_PREFIX.length)
  const [row] = /^[0-9a-f]{32}$/.test(id) ? await db.select({ id: uploadedImages.imageId }).from(uploadedImages).where(eq(uploadedImages.imageId, id)) : []
  if (!row) throw badRequest(dm.imageNotFound)
}

/** GET /api/images/<id>: public (members' <img> carry no token), immutable (an id is never reused). */
export function mountImages(app: Hono, deps: Deps): void {
  app.get(`${IMAGE_PATH_PREFIX}:imageId`, async (c) => {
    const id = c.req.param('imageId')
    if (!/^[0-9a-f]{32}$/.test(id)) return c.json({ message: 'Not Found' }, 404)
    const [row] = await deps.db.select().from(uploadedImages).where(eq(uploadedImages.imageId, id))
    if (!row) return c.json({ message: 'Not Found' }, 404)
    return c.body(new Uint8Array(row.bytes), 200, {
      'content-type': row.contentType,
      'cache-control': 'public, max-age=31536000, immutable',
      'content-disposition': 'inline',
    })
  })
}
