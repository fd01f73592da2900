import type { FlowDocs } from '../shared/flow-docs'

/** What the shift-plan chart means in business words: the generated diagram (docs/flows) and the live flow panel read it. */
export const flowDocs: FlowDocs = {
  title: '勤務予定の編集',
  purpose: '相談員の毎週の勤務時間と日付ごとの例外（休み・時間変更）を編集する。予約が入っている時間を外す変更は、その予約を示して断られる。運営担当者はどの相談員の予定も編集できる。',
  routes: ['/staff/shifts'],
  events: {
    'plan.edit': '勤務時間・例外を変更',
    'form.submit': '変更内容を確認する',
    'save.confirm': 'この内容で保存する',
    'save.cancel': '編集に戻る',
    retry: 'もう一度試す',
    'staff.choose': '相談員を選ぶ（運営）',
  },
  states: {
    loading: '勤務予定を読み込み中',
    loadFailed: '読み込めなかった：「読み込みに失敗しました」とサーバーの理由',
    editing: '編集中',
    previewing: '変更内容を確認中（サーバーが保存と同じ処理を試し、取り消す）',
    confirming: '確認待ち：これから2週間で予約画面から減る時間・増える時間を表示',
    saving: '保存中',
    saved: '保存した',
    refused: '予約があり断られた：「予約が入っている時間は外せません。…」と外せない予約',
    failed: '保存できなかった：「保存できませんでした」とサーバーの理由',
  },
  guards: {
    isPlanValid: '時間の指定が正しいとき',
    isRefused: '予約のある時間を外そうとして断られたとき（409）',
  },
  actors: {
    loadPlan: '勤務予定を読み込む',
    previewPlan: '保存した場合の変更内容を調べる（書き込まない）',
    savePlan: '勤務予定を保存する',
  },
}
