import { fieldMessages } from '../../contract/messages'

// Wording of the rating and tip page and its complete page (product.md §2 /rating, /rating-complete, §5 Rating).
export const ratingText = {
  title: '相談員の評価',
  intro: 'サポートはいかがでしたか？相談員の評価をお願いいたします。',
  ticket: 'チケット',
  staff: '担当相談員',
  overall: '総合評価',
  overallRequired: '総合評価を選択してください',
  star: (n: number) => `${n}点`,
  detailHeading: '項目別の評価',
  /** product.md §5: the four sub-scores; also the `title`s sent in memberDetailScore. */
  detail: {
    friendliness: '親しみやすさ',
    smoothProgress: 'スムーズな進行',
    problemSolving: '問題解決力',
    clearExplanation: '説明のわかりやすさ',
  },
  comment: 'コメント（任意）',
  commentHint: '500文字以内',
  /** product.md §5, copied exactly. */
  commentTooLong: fieldMessages.ratingCommentTooLong,
  tipHeading: 'チップ（任意）',
  tipNote: '相談員への感謝の気持ちとしてチップを贈ることができます。お支払いは次の画面で行います。',
  noTip: 'チップなし',
  tipOption: (price: string) => `${price}円`,
  submit: '評価を送信する',
  confirmTitle: '送信内容の確認',
  confirmBody: 'この内容で評価を送信しますか？送信後は変更できません。',
  confirmTip: (price: string) => `チップ ${price}円 のお支払い画面に進みます。`,
  confirm: '送信する',
  cancel: '戻る',
  sending: '送信中…',
} as const

export const ratingCompleteText = {
  title: '評価を送信しました',
  body: 'ご評価いただきありがとうございました。今後のサービス向上に役立ててまいります。',
  home: 'ホームへ戻る',
} as const
