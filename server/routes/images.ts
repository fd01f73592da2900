import type { Hono } from 'hono'
import type { Deps } from '../services/deps'
import { IMAGE_PATH_PREFIX, imageById } from '../services/desk/images'

/** GET /api/images/<id>: public (members' <img> carry no token), immutable (an id is never reused). */
export function mountImages(app: Hono, deps: Deps): void {
  app.get(`${IMAGE_PATH_PREFIX}:imageId`, async (c) => {
    const image = await imageById(deps, c.req.param('imageId'))
    if (!image) return c.json({ message: 'Not Found' }, 404)
    return c.body(image.bytes, 200, {
      'content-type': image.contentType,
      'cache-control': 'public, max-age=31536000, immutable',
      'content-disposition': 'inline',
    })
  })
}
