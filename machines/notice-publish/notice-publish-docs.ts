import type { FlowDocs } from '../shared/flow-docs'

/** What the notice publish chart means in business words: the generated diagram (docs/flows) and the live flow panel read it. */
export const flowDocs: FlowDocs = {
  title: 'お知らせ・キャンペーンの掲載（運営）',
  purpose: '運営担当者がお知らせ・キャンペーンを書き、掲載期間を決めて掲載する。掲載中のものは取り下げられる。',
  routes: ['/staff/notices/new', '/staff/notices/$noticeId'],
  events: {
    'field.change': '項目を入力',
    'form.submit': '掲載内容を確認',
    'notice.withdraw': '取り下げる',
    'modal.confirm': '確定する',
    'modal.cancel': '入力に戻る',
    'load.retry': '再読み込み',
  },
  states: {
    start: '新規か編集かの判定',
    loading: 'お知らせを読み込み中',
    loadFailed: '読み込めなかった：「読み込みに失敗しました」とサーバーの理由',
    editing: '本文と掲載期間の入力',
    confirming: '掲載内容の確認',
    publishing: '掲載中（保存）',
    confirmingWithdraw: '取り下げの確認',
    withdrawing: '取り下げ中',
    published: '掲載完了',
    withdrawn: '取り下げ完了',
  },
  guards: {
    isNew: '新しいお知らせのとき',
    canPublish: '取り下げ前で、本文と期間が正しいとき',
    isOpenForEdits: '取り下げ前のとき',
    canWithdraw: '取り下げられるとき（取り下げ前）',
  },
  actors: {
    loadNotice: 'お知らせを読み込む',
    saveNotice: 'お知らせを保存して掲載する',
    withdrawNotice: 'お知らせを取り下げる',
  },
  shows: {
    'publishing → editing': 'サーバーの理由を表示（例「他の担当者がこの内容を…」）',
    'withdrawing → editing': 'サーバーの理由を表示（例「他の担当者がこの内容を…」）',
  },
}
