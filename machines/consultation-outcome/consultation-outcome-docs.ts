import type { FlowDocs } from '../shared/flow-docs'

/** What the consultation-outcome chart means in business words: the generated diagram (docs/flows) and the live flow panel read it. */
export const flowDocs: FlowDocs = {
  title: '相談結果の記録',
  purpose:
    '相談員が相談の結果（完了・未解決・未解決で完了・ご連絡なし）とケースメモを記録する。使った時間は開始からの経過時間と購入した時間（延長を含む）まで、ご連絡なしは開始から10分後から。完了したサポートでは会員に評価のご案内が届く。',
  routes: ['/staff', '/staff/past'],
  events: {
    'outcome.choose': '結果を選ぶ',
    'field.change': '使った時間・フォロー内容・ケースメモを入力',
    'clock.tick': '時間が進む（記録できる時間の上限・ご連絡なしの可否を読み直す）',
    'form.next': '確認へ進む',
    back: '戻る',
    confirm: '記録する',
    retry: 'もう一度記録する',
  },
  states: {
    choosing: '結果を選択中',
    confirming: '内容を確認中',
    saving: '記録中',
    failed: '記録できなかった：「記録できませんでした」とサーバーの理由',
    saved: '記録した',
  },
  guards: {
    isFormValid: '入力が正しく、使った時間が経過時間と購入した時間の範囲内のとき',
    isOffered: 'この相談で選べる結果のとき',
  },
  actors: {
    recordOutcome: '結果を記録する',
  },
}
