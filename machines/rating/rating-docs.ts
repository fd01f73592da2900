import type { FlowDocs } from '../shared/flow-docs'

/** What the rating chart means in business words: the generated diagram (docs/flows) and the live flow panel read it. */
export const flowDocs: FlowDocs = {
  title: '相談員の評価・チップ',
  purpose: 'サポート完了後、会員が相談員を評価し（総合評価・4項目・コメント）、チップを選べば /buy でお支払いへ進む。',
  routes: ['/rating'],
  events: {
    'score.change': '総合評価を選ぶ',
    'detail.change': '4項目の評価を変える',
    'comment.change': 'コメントを入力する',
    'tip.select': 'チップを選ぶ、またはチップなし',
    'form.submit': '送信ボタンを押す',
    'modal.confirm': '確認ダイアログで送信する',
    'modal.cancel': '確認ダイアログを閉じて入力に戻る',
  },
  states: {
    checking: 'チケット番号の確認',
    loadingTicket: 'チケット読み込み中',
    loadingTips: 'チップ一覧読み込み中',
    editing: '評価を入力中',
    confirming: '送信の確認',
    sending: '評価を送信中',
    toComplete: '評価完了ページへ',
    toTipPayment: 'チップのお支払いへ',
    toError: 'エラーページへ：評価済みと送信の4xxは「評価を送信できません」、500・通信エラーは「システムエラー」、ほかは「ページが見つかりません」',
  },
  guards: {
    hasTicketNumber: 'URLにチケット番号があるとき',
    isClientError: 'サーバーが4xxエラーで断ったとき',
    isAlreadyRated: 'すでに評価済みと断られたとき（ALREADY_RATED）',
    isValidScore: '星1〜5の評価のとき',
    isKnownTip: '一覧にあるチップ（またはなし）のとき',
    canSubmit: '総合評価があり、コメントが500文字以内のとき',
    hasTip: 'チップを選んだとき',
  },
  actors: {
    loadTicket: 'チケットを読み込む',
    loadTips: 'チップ一覧を読み込む',
    postRating: '評価を送信する',
  },
}
