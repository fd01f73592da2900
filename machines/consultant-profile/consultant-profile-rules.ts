/**
 * A consultant's public profile as members see it in the schedule grid (docs/product.md §2 staff
 * rows: nickname, age, gender, image). The server checks the same bounds and, for the image, its
 * content (not its name), then resizes it; the size is checked here first so nobody waits for an
 * upload the server will refuse.
 */

export const NICKNAME_MAX = 20
export const AGE_MIN = 18
export const AGE_MAX = 99
export const PROFILE_IMAGE_MAX_BYTES = 2 * 1024 * 1024
export const PROFILE_IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const

export type Gender = 'MALE' | 'FEMALE'
export type ProfileValues = { nickname: string; age: string; gender: Gender | '' }
export type ProfileField = keyof ProfileValues
export type ProfileErrorCode = 'required' | 'tooLong' | 'notWhole' | 'outOfRange'
export type ProfileErrors = Partial<Record<ProfileField, ProfileErrorCode>>

/** A picked file as the chart knows it: the view keeps the bytes (`file`) and the preview URL. */
export type PickedImage = { file: unknown; name: string; size: number; type: string; previewUrl: string }
export type ImageProblem = 'tooLarge' | 'notPicture'

const halfWidth = (s: string) => s.replace(/[０-９]/g, (c) => String.fromCharCode(c.charCodeAt(0) - 0xfee0)).trim()

export function profileErrors(values: ProfileValues): ProfileErrors {
  const errors: ProfileErrors = {}
  const nickname = values.nickname.trim()
  if (!nickname) errors.nickname = 'required'
  else if (nickname.length > NICKNAME_MAX) errors.nickname = 'tooLong'
  const age = halfWidth(values.age)
  if (!age) errors.age = 'required'
  else if (!/^\d+$/.test(age)) errors.age = 'notWhole'
  else if (Number(age) < AGE_MIN || Number(age) > AGE_MAX) errors.age = 'outOfRange'
  if (!values.gender) errors.gender = 'required'
  return errors
}

export const ageOf = (values: ProfileValues) => Number(halfWidth(values.age))

export function imageProblem(image: Pick<PickedImage, 'size' | 'type'>): ImageProblem | null {
  if (image.size > PROFILE_IMAGE_MAX_BYTES) return 'tooLarge'
  return (PROFILE_IMAGE_TYPES as readonly string[]).includes(image.type) ? null : 'notPicture'
}
