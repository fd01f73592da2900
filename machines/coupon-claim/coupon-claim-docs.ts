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
    toNotFound: 'エラーページへ：「ページが見つかりません」',
    toLogin: 'ログインページへ：「ログイン後にクーポンを取得します」',
    claiming: 'クーポンを取得中',
    toHome: 'ホームへ：「クーポンを取得しました」',
    toClaimError: 'エラーページへ：「クーポンを取得できません」',
    alreadyHeld: '取得済みのお知らせ：「クーポンは取得済みです」',
  },
  guards: {
    hasNoCode: 'クーポンコードがないとき',
    isSignedOut: 'ログインしていないとき',
    isAlreadyHeld: 'すでに取得済みのとき',
  },
  actors: {
    claimCoupon: 'クーポンを取得する',
  },
}
