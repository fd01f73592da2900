import { randomBytes } from 'node:crypto'
import sharp, { type OutputInfo } from 'sharp'
import { eq } from 'drizzle-orm'
import type { DeskCallInput } from '../../../contract/desk-calls'
import { IMAGE_MAX_BYTES } from '../../../contract/desk/catalog'
import { IMAGE_PATH_PREFIX } from '../../../contract/file-calls'
import { deskMessages as dm } from '../../../contract/desk-messages'
import type { Tx } from '../../db/client'
import { uploadedImages } from '../../db/schema'
import { invalid } from '../../domain/errors'
import type { Deps } from '../deps'
import type { AuditActor } from '../../infra/audit'
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

const sizes = {
  // The grid shows a square face.
  STAFF: { width: 400, height: 400, fit: 'cover' as const },
  MENU: { width: 800, height: 800, fit: 'inside' as const },
}

export async function uploadImage(deps: Deps, actor: AuditActor, input: DeskCallInput<'desk-image-upload'>) {
  const bytes = Buffer.from(input.dataBase64, 'base64')
  if (bytes.length === 0) throw invalid(dm.imageDataInvalid)
  if (bytes.length > IMAGE_MAX_BYTES) throw invalid(dm.imageTooLarge)
  let format: string | undefined
  let width = 0
  let height = 0
  try {
    const meta = await sharp(bytes, { limitInputPixels: false }).metadata()
    format = meta.format
    width = meta.width ?? 0
    height = meta.height ?? 0
  } catch {
    throw invalid(dm.imageTypeInvalid)
  }
  if (!format || !ACCEPTED.has(format)) throw invalid(dm.imageTypeInvalid)
  if (width * height > MAX_INPUT_PIXELS) throw invalid(dm.imageTooManyPixels)
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
    throw invalid(dm.imageTypeInvalid)
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
  if (!row) throw invalid(dm.imageNotFound)
}

/** An uploaded image by its id (contract/file-calls.ts 'image'); null when none. */
export async function imageById(deps: Deps, id: string): Promise<{ bytes: Uint8Array<ArrayBuffer>; contentType: string } | null> {
  const [row] = await deps.db.select().from(uploadedImages).where(eq(uploadedImages.imageId, id))
  return row ? { bytes: new Uint8Array(row.bytes), contentType: row.contentType } : null
}
