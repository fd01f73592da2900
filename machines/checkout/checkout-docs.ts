import type { FlowDocs } from '../shared/flow-docs'

/** What the checkout chart means in business words: the generated diagram (docs/flows) and the live flow panel read it. */
export const flowDocs: FlowDocs = {
  title: 'お支払い（チケット購入）',
  purpose: 'チケット・チップを選んだ会員が、カード（3Dセキュア）または登録済みカードとクーポンで支払い、完了ページへ進む。',
  routes: ['/buy'],
  events: {
    'concern.change': 'ご相談内容（500文字まで）を入力した',
    'device.change': 'ご利用の端末を選んだ（OSの選択は解除される）',
    'os.change': '端末のOSを選んだ',
    'remoteSupport.change': '遠隔サポートの希望を選んだ',
    'supportType.change': 'サポート方法（電話・オンライン）を選んだ',
    'holderName.change': 'カード名義を入力した（エラー表示は消える）',
    'holderName.blur': 'カード名義の入力欄を離れた（ここで形式を確認する）',
    'card.change': 'カード番号・有効期限・セキュリティコードのいずれかの入力が完了／未完了になった',
    'savedCard.toggle': '登録済みカードと新しいカードを切り替えた',
    'saveCard.toggle': '新しいカードを次回のために登録するかを選んだ',
    'coupon.select': '保有クーポンを選んで適用を確認した',
    'pay.submit': '支払うボタンを押した（処理中は無視される）',
    'prompt.useCoupon': 'クーポン確認モーダルで「クーポンを使う」を選んだ（クーポン一覧へ戻る）',
    'prompt.skip': 'クーポン確認モーダルで「使わずに支払う」を選んだ',
    'prompt.close': 'クーポン確認モーダルを閉じた（支払いを取りやめた）',
    'tokenError.dismiss': 'カード会社からのエラーを閉じた',
  },
}
