import type { FlowDocs } from '../shared/flow-docs'

/** What the refund chart means in business words: the generated diagram (docs/flows) and the live flow panel read it. */
export const flowDocs: FlowDocs = {
  title: '返金（運営）',
  purpose: '運営担当者が会員の購入を全額または一部返金する。理由は会員へのメールにそのまま記載され、社内メモは監査ログにだけ残る。二重クリックや再送でも返金は一度だけ。',
  routes: ['/staff/members/$memberId'],
  events: {
    'mode.change': '全額／一部を選ぶ',
    'amount.change': '返金額を入力',
    'reason.change': '返金理由（会員へのメールに記載）を入力',
    'note.change': '社内メモ（監査ログのみ）を入力',
    'form.submit': '確認へ進む',
    'modal.confirm': '返金を実行',
    'modal.cancel': '入力に戻る',
    'refund.retry': '同じ内容で再送',
    'form.edit': '内容を直す',
    'dialog.close': '閉じる',
  },
  states: {
    choosing: '返金額・理由・社内メモの入力',
    confirming: '返金内容の確認',
    refunding: '返金処理中',
    failed: '返金できなかった：「返金できませんでした」とサーバーの理由（応答なしは「決済サービスから応答がありませんでした。…」）',
    done: '返金完了',
    closed: '閉じた',
  },
  guards: {
    isDraftValid: '返金額・理由・社内メモが正しいとき',
    isRetryable: '同じ内容で再送できるとき（応答なし・5xx・402・409）',
  },
  actors: {
    refundPurchase: '決済を返金する',
  },
}
