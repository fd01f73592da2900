import * as v from 'valibot'
import { ProductType } from '../entities'
import { ID_MAX, LABEL_MAX } from '../fields'
import { productIdField } from '../ids'
import { deskMessages as dm } from '../desk-messages'
import type { StaffRegistry } from '../staff-calls'
import { int, Ok, PRICE_MAX, queryInt, strict, text, Version } from './common'

// The operator's desk, products and reservation menu items (docs/product.md §3 Sale product, Reservation menu item); images (consultant photos, menu images):
// its schemas and its part of the registry, which contract/desk-calls.ts composes into `deskCalls`.

/** The largest image an operator may upload, in bytes (before it is resized and re-encoded). */
export const IMAGE_MAX_BYTES = 2 * 1024 * 1024
/** Base64 of IMAGE_MAX_BYTES. */
export const IMAGE_BASE64_MAX = Math.ceil(IMAGE_MAX_BYTES / 3) * 4
/** The body limit of `desk-image-upload`: the base64 image and a little JSON around it. */
export const IMAGE_UPLOAD_BODY_MAX = IMAGE_BASE64_MAX + 4096

export const DeskProduct = v.object({
  productId: v.string(),
  productType: ProductType,
  productName: v.string(),
  /** Yen, tax included: what the next purchase pays (a purchase made keeps its own price). */
  price: v.number(),
  minutesToSupport: v.number(),
  showOnMypage: v.boolean(),
  sortOrder: v.number(),
  version: v.number(),
})
export type DeskProduct = v.InferOutput<typeof DeskProduct>
export const DeskProductsRequest = strict({ productType: v.optional(v.picklist(ProductType.options, dm.productTypeInvalid)) })
export const DeskProductsResponse = v.object({ items: v.array(DeskProduct) })
export const DeskProductSaveRequest = strict({
  productId: productIdField(dm.productNotFound),
  version: Version,
  productName: text(LABEL_MAX, dm.productNameRequired, dm.productNameTooLong),
  price: int(0, PRICE_MAX, dm.priceInvalid),
  showOnMypage: v.boolean(),
})
export type DeskProductSaveRequest = v.InferOutput<typeof DeskProductSaveRequest>
export const DeskProductResponse = v.object({ product: DeskProduct })

export const DeskMenu = v.object({
  menuId: v.string(),
  menuTitle: v.string(),
  imageUrl: v.string(),
  estimatedMinute: v.number(),
  sortOrder: v.number(),
  version: v.number(),
})
export type DeskMenu = v.InferOutput<typeof DeskMenu>
export const DeskMenusRequest = strict({ estimatedMinute: v.optional(queryInt(0, 600, dm.minutesInvalid)) })
export const DeskMenusResponse = v.object({ items: v.array(DeskMenu) })
/** A site path: `/images/…` (the app's own files) or `/api/images/<id>` (an upload). */
export const ImagePath = v.pipe(v.string(dm.imageUrlInvalid), v.maxLength(255, dm.imageUrlInvalid), v.regex(/^\/(?:images|api\/images)\/[A-Za-z0-9._/-]+$/, dm.imageUrlInvalid), v.check((s) => !s.includes('..'), dm.imageUrlInvalid))
/** Without `menuId`: a new item. With `menuId` and `version`: an edit. */
export const DeskMenuSaveRequest = v.pipe(
  strict({
    menuId: v.optional(v.pipe(v.string(dm.menuNotFound), v.nonEmpty(dm.menuNotFound), v.maxLength(ID_MAX, dm.menuNotFound))),
    version: v.optional(Version),
    menuTitle: text(LABEL_MAX, dm.menuTitleRequired, dm.menuTitleTooLong),
    imageUrl: ImagePath,
    estimatedMinute: int(30, 600, dm.minutesInvalid),
    sortOrder: v.optional(int(0, 9999, dm.sortOrderInvalid), 0),
  }),
  v.forward(v.check((x) => x.menuId === undefined || x.version !== undefined, dm.versionRequired), ['version']),
)
export type DeskMenuSaveRequest = v.InferOutput<typeof DeskMenuSaveRequest>
export const DeskMenuResponse = v.object({ menu: DeskMenu })
export const DeskMenuDeleteRequest = strict({ menuId: v.pipe(v.string(dm.menuNotFound), v.nonEmpty(dm.menuNotFound), v.maxLength(ID_MAX, dm.menuNotFound)), version: Version })

export const ImagePurpose = v.picklist(['STAFF', 'MENU'], dm.purposeInvalid)
/**
 * The file as base64 (the typed client sends JSON). The server decides the type by the bytes
 * (JPEG, PNG, WebP or GIF; never by the name or a declared type), refuses anything else, and
 * stores a resized WebP re-encoded by sharp: STAFF 400×400 (cropped square), MENU within 800×800.
 */
export const DeskImageUploadRequest = strict({
  purpose: ImagePurpose,
  fileName: v.optional(v.pipe(v.string(dm.fileNameInvalid), v.maxLength(255, dm.fileNameInvalid))),
  dataBase64: v.pipe(
    v.string(dm.imageDataInvalid),
    v.nonEmpty(dm.imageDataInvalid),
    v.maxLength(IMAGE_BASE64_MAX, dm.imageTooLarge),
    v.regex(/^[A-Za-z0-9+/]+={0,2}$/, dm.imageDataInvalid),
  ),
})
export const DeskImageUploadResponse = v.object({
  imageId: v.string(),
  /** `/api/images/<imageId>`: put it in staffImageUrl or a menu's imageUrl. */
  imageUrl: v.string(),
  contentType: v.string(),
  width: v.number(),
  height: v.number(),
})

export const catalogCalls = {
  'desk-products': { method: 'GET', role: 'operator', request: DeskProductsRequest, response: DeskProductsResponse },
  'desk-product-save': { method: 'POST', role: 'operator', request: DeskProductSaveRequest, response: DeskProductResponse },
  'desk-menus': { method: 'GET', role: 'operator', request: DeskMenusRequest, response: DeskMenusResponse },
  'desk-menu-save': { method: 'POST', role: 'operator', request: DeskMenuSaveRequest, response: DeskMenuResponse },
  'desk-menu-delete': { method: 'POST', role: 'operator', request: DeskMenuDeleteRequest, response: Ok },
  'desk-image-upload': { method: 'POST', role: 'operator', request: DeskImageUploadRequest, response: DeskImageUploadResponse, bodyLimit: IMAGE_UPLOAD_BODY_MAX },
} as const satisfies StaffRegistry
