import type { FlowDocs } from '../shared/flow-docs'

/** What the coupon-claim chart means in business words: the generated diagram (docs/flows) and the live flow panel read it. */
export const flowDocs: FlowDocs = {
  title: 'クーポン取得',
  purpose: '/get-coupon のリンクのクーポンをログイン中の会員に付与し、ホームに表示する。',
  routes: ['/get-coupon'],
  events: {
    'link.open': 'クーポンのリンクを開く',
  },
  states: {
    idle: 'リンクを開く前',
    checking: 'クーポンコードとログインの確認',
    toNotFound: 'エラーページ（404）へ',
    toLogin: 'ログインページへ',
    claiming: 'クーポンを取得中',
    toHome: 'ホームへ（クーポン表示）',
    toClaimError: 'クーポン取得エラーページへ',
    alreadyHeld: '取得済みのお知らせ',
  },
  guards: {
    hasNoCode: 'クーポンコードがない',
    isSignedOut: 'ログインしていない',
    isAlreadyHeld: 'すでに取得済み',
  },
  actors: {
    claimCoupon: 'クーポンを取得する',
  },
}
