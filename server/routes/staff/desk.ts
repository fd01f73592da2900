import type { deskCalls } from '../../../contract/desk-calls'
import type { FileHandler } from '../../http/files'
import type { StaffHandlers } from '../../http/staff'
import { readAudit } from '../../services/desk/audit-trail'
import { searchBookings } from '../../services/desk/bookings'
import { deleteMenu, listMenus, listProducts, saveMenu, saveProduct } from '../../services/desk/catalog'
import { listConsultants, saveConsultant, setConsultantActive } from '../../services/desk/consultants'
import { couponClaims, listCoupons, saveCoupon, stopCoupon } from '../../services/desk/coupons'
import { imageById, uploadImage } from '../../services/desk/images'
import { resendMail } from '../../services/desk/mails'
import { listMails, memberDetail, searchMembers } from '../../services/desk/members'
import { listNotices, saveNotice, withdrawNotice } from '../../services/desk/notices'
import { refundPurchase } from '../../services/desk/refunds'
import { deskReceipt } from '../../services/desk/receipts'
import { deskToday } from '../../services/desk/today'
import { deskNumbers } from '../../services/desk/numbers'
import { deskExport } from '../../services/desk/exports'
import { listFailedJobs, retryFailedJob } from '../../jobs/failed'

// The operator's desk (contract/desk-calls.ts, mounted by server/http/staff.ts): every call is for
// the operator role; every write goes with its audit row (services/desk/common.ts `audited`).

export const deskHandlers: StaffHandlers<typeof deskCalls> = {
  'desk-notices': ({ deps, input }) => listNotices(deps, input),
  'desk-notice-save': ({ deps, input, actor }) => saveNotice(deps, actor(), input),
  'desk-notice-withdraw': ({ deps, input, actor }) => withdrawNotice(deps, actor(), input),
  'desk-coupons': ({ deps, input }) => listCoupons(deps, input),
  'desk-coupon-save': ({ deps, input, actor }) => saveCoupon(deps, actor(), input),
  'desk-coupon-stop': ({ deps, input, actor }) => stopCoupon(deps, actor(), input),
  'desk-coupon-claims': ({ deps, input }) => couponClaims(deps, input),
  'desk-products': ({ deps, input }) => listProducts(deps, input),
  'desk-product-save': ({ deps, input, actor }) => saveProduct(deps, actor(), input),
  'desk-menus': ({ deps, input }) => listMenus(deps, input),
  'desk-menu-save': ({ deps, input, actor }) => saveMenu(deps, actor(), input),
  'desk-menu-delete': ({ deps, input, actor }) => deleteMenu(deps, actor(), input),
  'desk-image-upload': ({ deps, input, actor }) => uploadImage(deps, actor(), input),
  'desk-consultants': ({ deps }) => listConsultants(deps),
  'desk-consultant-save': ({ deps, input, actor }) => saveConsultant(deps, actor(), input),
  'desk-consultant-active': ({ deps, input, actor }) => setConsultantActive(deps, actor(), input),
  'desk-members': ({ deps, input }) => searchMembers(deps, input),
  'desk-member': ({ deps, input }) => memberDetail(deps, input.memberId),
  'desk-mails': ({ deps, input }) => listMails(deps, input),
  'desk-mail-resend': ({ deps, input, actor }) => resendMail(deps, actor(), input.id),
  'desk-jobs-failed': ({ deps, input }) => listFailedJobs(deps, input),
  'desk-job-retry': ({ deps, input, actor }) => retryFailedJob(deps, actor(), input),
  'desk-refund': ({ deps, input, actor }) => refundPurchase(deps, actor(), input),
  'desk-receipt': ({ deps, input, actor }) => deskReceipt(deps, actor(), input),
  'desk-audit': ({ deps, input }) => readAudit(deps, input),
  'desk-today': ({ deps }) => deskToday(deps),
  'desk-bookings': ({ deps, input }) => searchBookings(deps, input),
  'desk-numbers': ({ deps, input }) => deskNumbers(deps, input),
}

/** An uploaded image (contract/file-calls.ts 'image'): public, served to members' <img> as well. */
export const imageFile: FileHandler = async ({ deps, name }) => (await imageById(deps, name))?.bytes ?? null

/** An accountant's CSV (contract/file-calls.ts 'desk-export'): the operator's, audited, streamed. */
export const exportFile: FileHandler = async ({ deps, name, me }) => {
  const { uid, email } = me()
  return deskExport(deps, { uid, email, role: 'operator' }, name)
}
