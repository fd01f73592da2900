import type { FlowDocs } from '../shared/flow-docs'

/** What the reservation-change chart means in business words: the generated diagram (docs/flows) and the live flow panel read it. */
export const flowDocs: FlowDocs = {
  title: '予約日時の変更・相談員の選択',
  purpose: '日付・時間帯・相談員（指名なしも可）を選び、予約済みチケットの日時を変更する、または新規購入の枠を選んでお支払いへ進む。',
  routes: ['/support/reservation-date-change', '/support/staff'],
  events: {
    'date.select': '日付を選ぶ',
    'band.select': '時間帯を切り替える',
    'slot.select': '空き枠を選ぶ',
    'modal.confirm': '確認ダイアログで変更する',
    'modal.cancel': '確認ダイアログを閉じる',
  },
  states: {
    starting: '変更か新規購入かの確認',
    loadingTicket: 'チケット読み込み中',
    loadingProduct: '商品読み込み中',
    loadingSchedule: '空き枠読み込み中',
    placingDay: '表示する日の決定',
    choosing: '枠を選択',
    'choosing.idle': '枠を選択中',
    'choosing.slotChosen': '選んだ枠の行き先',
    'choosing.confirming': '変更の確認',
    'choosing.updating': '予約を変更中',
    toComplete: '変更完了ページへ',
    toBuy: 'お支払いへ',
    toMenu: 'チケットメニューへ（メッセージなし）',
    // An error end names what the member reads there (src/text/error.ts).
    toError: 'エラーページへ：期限切れは「予約変更の期限が過ぎています」、返金済みのご予約は「このご予約は返金済みです」、終わったご予約は「このご予約は変更できません」、500・通信エラーは「システムエラー」、ほかは「ページが見つかりません」',
  },
  guards: {
    hasTicketNumber: 'URLにチケット番号があるとき（日時の変更）',
    hasProductId: 'URLに商品IDがあるとき（新しい購入）',
    isChangeMode: '予約日時を変更しているとき',
    isReservationTimeout: '変更の期限が過ぎていると断られたとき（RESERVATION_TIMEOUT）',
    isBookingRefunded: 'ご予約が返金済みで変更できないと断られたとき（TICKET_REFUNDED：「このご予約は返金済みです」）',
    isBookingClosed: 'ご予約が終わっていて変更できないと断られたとき（TICKET_NOT_CHANGEABLE：「このご予約は変更できません」）',
    isClientError: 'サーバーが4xxエラーで断ったとき',
    isMinutesNone: '商品の時間が分からないと断られたとき',
    servedOtherDate: '頼んだ日とは別の日の枠が返ってきたとき',
    isDateInWindow: '選んだ日が予約できる期間の中にあるとき',
    isSlotOpen: '選んだ枠が空いているとき',
    hasSaved: '購入の前に選んでいた枠があるとき',
    keepsSeeking: 'この日に空きがなく、後の日を探すとき',
    seekExhausted: '期間の終わりまで空きがないとき',
    isSavedSlotOpen: '前に選んでいた枠がまだ空いているとき',
  },
  actors: {
    loadTicket: 'チケットを読み込む',
    loadProduct: '商品を読み込む',
    loadSchedule: '空き枠を読み込む',
    updateReservation: '予約日時を変更する',
  },
  shows: {
    'placingDay → choosing': '前に選んでいた枠が空いていないときは「前回お選びいただいた日時は予約できなくなりました。…」を表示',
    'choosing.updating → loadingSchedule': '「予約できませんでした。お手数ですが、再度相談員と日時を選択してください」を表示',
  },
}
