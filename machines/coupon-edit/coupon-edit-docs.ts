import type { FlowDocs } from '../shared/flow-docs'

/** What the coupon edit chart means in business words: the generated diagram (docs/flows) and the live flow panel read it. */
export const flowDocs: FlowDocs = {
  title: 'クーポンの作成・編集（運営）',
  purpose: '運営担当者がクーポンを3段階で作成・編集する。ほかの担当者が先に変更していれば、上書きせずに知らせる。',
  routes: ['/staff/coupons/new', '/staff/coupons/$couponCode/edit'],
  events: {
    'field.change': '項目を入力',
    'fit.toggle': '対象商品を選ぶ',
    'step.next': '次へ',
    'step.back': '戻る',
    'form.submit': '保存する',
    'conflict.reload': '最新の内容を読み込む',
    'conflict.back': '自分の入力に戻る',
    'load.retry': '再読み込み',
  },
  states: {
    start: '新規か編集かの判定',
    loading: 'クーポンを読み込み中',
    loadFailed: '読み込めなかった：「読み込みに失敗しました」とサーバーの理由',
    editing: '入力',
    'editing.basics': '1. コード・名前・割引額',
    'editing.fit': '2. 対象商品・有効期限・取得上限',
    'editing.review': '3. 内容の確認',
    saving: '保存中',
    conflict: 'ぶつかる変更があった：「ほかの担当者が変更しました」とサーバーの理由',
    reloading: '最新の内容を読み込み中',
    saved: '保存完了',
  },
  guards: {
    isNew: '新しいクーポンのとき',
    isBasicsValid: 'コード・名前・割引額が正しいとき',
    isFitValid: '対象商品・期限・上限が正しいとき',
    isBasicsField: 'コード・名前・割引額の入力のとき',
    isFitField: '期限・上限の入力のとき',
    isConflict: 'ほかの担当者が先に保存していたとき（409）',
  },
  actors: {
    loadCoupon: 'クーポンを読み込む',
    saveCoupon: 'クーポンを保存する',
  },
  shows: {
    'saving → editing.review': 'サーバーの理由を表示（例「対象商品に販売していない種別・分数が…」）',
    'reloading → conflict': '読み込めなかった理由を表示',
  },
}
