import { IMAGE_MAX_BYTES } from '../../contract/desk/catalog'
import { DeskConsultantSaveRequest, type DeskConsultant } from '../../contract/desk/consultants'
import { deskMessages as dm } from '../../contract/desk-messages'
import { formErrors } from '../shared/form-errors'
import { typedWholeNumber } from '../shared/jst-input'

/**
 * A consultant's public profile as members see it in the schedule grid (docs/product.md §2 staff
 * rows: nickname, age, gender, image), judged with the server's request schema. The server checks
 * an image by its content and resizes it; the size and the declared type are checked here first so
 * nobody waits for an upload the server will refuse.
 */

export type Gender = 'MALE' | 'FEMALE'
/**
 * `email`: where the consultant's mails go ('' = none of their own: their staff account's address);
 * `sortOrder`: their place in the grid ('' = after the others when added, unchanged on an edit);
 * `active`: only when adding one (an edit switches it on the list, which checks their bookings).
 */
export type ProfileValues = { nickname: string; age: string; gender: Gender | ''; email: string; sortOrder: string; active: boolean }
export type ProfileField = keyof ProfileValues
export type ProfileErrors = Partial<Record<Exclude<ProfileField, 'active'>, string>>

/** A picked file as the chart knows it: the view keeps the bytes (`file`) and the preview URL. */
export type PickedImage = { file: unknown; name: string; size: number; type: string; previewUrl: string }

export const PROFILE_IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/gif'] as const

export const profileRequestFields = (values: ProfileValues) => ({
  staffNickname: values.nickname,
  staffAge: typedWholeNumber(values.age),
  staffGender: values.gender as Gender,
  email: values.email.trim() === '' ? null : values.email,
  ...(values.sortOrder.trim() === '' ? {} : { sortOrder: typedWholeNumber(values.sortOrder) }),
})

const fieldOf: Record<string, keyof ProfileErrors> = { staffNickname: 'nickname', staffAge: 'age', staffGender: 'gender', email: 'email', sortOrder: 'sortOrder' }

export function profileErrors(values: ProfileValues): ProfileErrors {
  const errors: ProfileErrors = {}
  for (const [key, message] of Object.entries(formErrors<string>(DeskConsultantSaveRequest, profileRequestFields(values)))) {
    if (fieldOf[key] && message) errors[fieldOf[key]] = message
  }
  return errors
}

export const profileValuesOf = (c: DeskConsultant): ProfileValues => ({
  nickname: c.staffNickname,
  age: String(c.staffAge),
  gender: c.staffGender,
  email: c.email ?? '',
  sortOrder: String(c.sortOrder),
  active: c.active,
})

/** The message for a picked file the server would refuse, null when it may go up. */
export function imageProblem(image: Pick<PickedImage, 'size' | 'type'>): string | null {
  if (image.size > IMAGE_MAX_BYTES) return dm.imageTooLarge
  return (PROFILE_IMAGE_TYPES as readonly string[]).includes(image.type) ? null : dm.imageTypeInvalid
}
