import type { FlowDocs } from '../shared/flow-docs'

/** What the coupon-claim chart means in business words: the generated diagram (docs/flows) and the live flow panel read it. */
export const flowDocs: FlowDocs = {
  title: 'クーポン取得',
  purpose: 'Claims the coupon named in a /get-coupon link for the signed-in member, then shows it on home.',
  routes: ['/get-coupon'],
  events: {
    'link.open': 'The member opened a coupon link (/get-coupon?couponCode=…), signed in or not.',
  },
}
