import type { FlowDocs } from '../shared/flow-docs'

/** What the consultant profile chart means in business words: the generated diagram (docs/flows) and the live flow panel read it. */
export const flowDocs: FlowDocs = {
  title: '相談員の追加とプロフィールの編集（運営）',
  purpose: '運営担当者が相談員を追加し、またはニックネーム・年齢・性別・画像・通知先メールアドレス・表示順を編集する。画像は確認してから送り、保存時にほかの担当者の変更を上書きしない。',
  routes: ['/staff/consultants/new', '/staff/consultants/$staffId'],
  events: {
    'field.change': '項目を入力',
    'image.choose': '画像を選ぶ',
    'image.clear': '選んだ画像を取り消す',
    'form.submit': '保存する（追加する）',
    'conflict.reload': '最新の内容を読み込む',
    'load.retry': '再読み込み',
  },
  states: {
    start: '追加か編集かを判断',
    created: '追加できた：追加した相談員のページへ（「相談員を追加しました」）',
    loading: 'プロフィールを読み込み中',
    loadFailed: '読み込めなかった：「読み込みに失敗しました」とサーバーの理由',
    editing: '入力（画像のプレビュー）',
    uploading: '画像を送信中',
    saving: '保存中',
    conflict: 'ほかの担当者が変更済み：「ほかの担当者が変更しました」',
  },
  guards: {
    isNew: '相談員を追加するとき',
    wasNew: '追加した相談員を保存できたとき',
    isFormInvalid: '入力に誤りがあるとき',
    hasNewImage: '新しい画像を選んだとき',
    isImageRefused: '画像が大きすぎるとき、または画像でないとき',
    isConflict: 'ほかの担当者が先に変更していたとき（409）',
    isClientError: '画像が受け付けられなかったとき（4xx）',
  },
  actors: {
    loadProfile: 'プロフィールを読み込む',
    uploadImage: '画像を送る',
    saveProfile: 'プロフィールを保存する',
  },
  shows: {
    'uploading → editing': 'サーバーの理由を表示（例「画像は2MB以下のファイルを選んでください」）',
    'saving → editing': '完了は「保存しました」、失敗はサーバーの理由を表示',
  },
}
