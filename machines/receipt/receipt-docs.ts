import type { FlowDocs } from '../shared/flow-docs'

/** What the receipt chart means in business words: the generated diagram (docs/flows) and the live flow panel read it. */
export const flowDocs: FlowDocs = {
  title: '領収書',
  purpose: '会員がお支払い履歴の1件の領収書を表示し、宛名を一度だけ変えて、印刷またはPDFに保存する。',
  routes: ['/receipt/$receiptNumber'],
  events: {
    'addressee.edit': '宛名を変更する',
    'addressee.change': '宛名を入力',
    'addressee.submit': '宛名を保存',
    'addressee.cancel': '宛名の変更をやめる',
  },
  states: {
    loading: '領収書を発行中（2回目からは「再発行」）',
    shown: '領収書を表示中（印刷できる）',
    editing: '宛名を編集中',
    saving: '宛名を保存中',
    toError: 'エラーページへ：他の会員の領収書は「ページが見つかりません」、500・通信エラーは「システムエラー」',
  },
  guards: {
    canEditAddressee: '宛名をまだ変更していないとき',
    isAddresseeValid: '宛名が1〜50文字で入力されているとき',
    isClientError: 'サーバーが4xxエラーで断ったとき',
  },
  actors: {
    loadReceipt: '領収書を発行して読み込む',
    saveAddressee: '宛名を保存する',
  },
  shows: {
    'saving → editing': 'サーバーの理由を表示（2回目の変更は「宛名はすでに変更済みのため、再度変更することはできません。」）',
    'saving → shown': '新しい宛名の領収書を表示（以後は変更不可）',
  },
}
