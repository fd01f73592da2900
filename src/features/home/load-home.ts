import { ApiError } from '../../api/api-error'
import type { ApiClient } from '../../api/client'
import type { Coupon, Notice, Product, Ticket } from '../../../contract/entities'

export type HomeData = {
  informationList: Notice[]
  campaignList: Notice[]
  /** YYYYMMDD of every business holiday. */
  holidays: string[]
  coupons: Coupon[]
  interviewTickets: Ticket[]
  supportTickets: Ticket[]
  /** SUPPORT tickets on sale, only those shown on my page (product.md §3 sale product). */
  products: Product[]
}

/** Everything the home shows, fetched in parallel (product.md §7 user-data kinds, nowonsale-products). */
export async function loadHome(api: ApiClient): Promise<HomeData> {
  const [info, holidays, coupons, interview, support, products] = await Promise.all([
    api.call('user-data', { data: 'INFORMATION' }),
    api.call('user-data', { data: 'BUSSINESS_HOLIDAY' }),
    api.call('user-data', { data: 'MEMBER_COUPON' }),
    api.call('user-data', { data: 'MEMBER_INTERVIEW_TICKET' }),
    api.call('user-data', { data: 'MEMBER_SUPPORT_TICKET' }),
    api.call('nowonsale-products', { productType: 'SUPPORT' }),
  ])
  return {
    informationList: info.informationList ?? [],
    campaignList: info.campaignList ?? [],
    holidays: (holidays.businnesHoliday ?? []).map((h) => h.ymd),
    coupons: coupons.couponList ?? [],
    interviewTickets: interview.interviewtTicketList ?? [],
    supportTickets: support.supportTicketList ?? [],
    products: products.productList.filter((p) => p.showOnMypage),
  }
}

/** product.md §8 "user-data, menu and product load failures: /error?code={HTTP status}". */
export function errorCodeOf(error: unknown): number {
  if (error instanceof ApiError) return error.status
  if (error instanceof Error && error.name === 'NotLoggedInError') return 401
  return 500
}
