import type { FlowDocs } from '../shared/flow-docs'

/** What the profile chart means in business words: the generated diagram (docs/flows) and the live flow panel read it. */
export const flowDocs: FlowDocs = {
  title: 'お客様情報の変更',
  purpose: '会員がお客様情報を確かめ、氏名や電話番号を直す。',
  routes: ['/settings'],
  events: {
    'field.change': '氏名・電話番号を入力',
    'form.submit': '変更を保存',
  },
  states: {
    loading: 'お客様情報を読み込み中',
    editing: 'お客様情報を編集中',
    saving: '変更を保存中',
    toError: 'エラーページへ：500・通信エラーは「システムエラー」、ほかは「ページが見つかりません」',
  },
  guards: {
    isFormValid: '入力が正しいとき',
    isClientError: 'サーバーが4xxエラーで断ったとき',
  },
  actors: {
    loadMember: 'お客様情報を読み込む',
    saveProfile: '変更を保存する',
  },
  shows: {
    'saving → editing': '完了は「お客様情報を変更いたしました」、4xxは「姓・名はそれぞれ25文字以内で入力してください」を表示',
  },
}
