import type { FlowDocs } from '../shared/flow-docs'

/** What the reassignment chart means in business words: the generated diagram (docs/flows) and the live flow panel read it. */
export const flowDocs: FlowDocs = {
  title: '担当の変更（運営）',
  purpose: '運営担当者がこれからの予約を、同じ時間に空いている別の相談員へ理由を添えて割り当て直す。チケット番号と日時は変わらず、会員と両方の相談員にメールが届く。',
  routes: ['/staff/assignments'],
  events: {
    'booking.pick': '予約を選ぶ',
    'candidate.pick': '変更先の相談員を選ぶ',
    'reason.change': '変更の理由を入力',
    'form.next': '確認へ進む',
    confirm: '変更する',
    back: '戻る',
    retry: 'もう一度試す',
    cancel: '閉じる',
  },
  states: {
    idle: '予約を選ぶ前',
    loadingCandidates: '相談員の空きを確認中',
    loadFailed: '空きを確認できなかった：「読み込みに失敗しました」とサーバーの理由',
    choosing: '相談員と理由を選択中',
    confirming: '内容を確認中',
    reassigning: '担当を変更中',
    failed: '変更できなかった：「担当を変更できませんでした」とサーバーの理由',
    done: '変更した',
  },
  guards: {
    isFreeCandidate: 'その時間に空いている相談員のとき',
    isFormValid: '相談員と理由が正しいとき',
    isConflict: 'サーバーが409で断ったとき（予約か空きが変わった）',
  },
  actors: {
    loadCandidates: '相談員の空きを読み込む',
    reassign: '担当を変更する',
  },
  shows: {
    'reassigning → loadingCandidates': '「この予約は他の操作で変更されました。…」とサーバーの理由を表示',
  },
}
