// Messages of the staff calls (contract/staff-calls.ts): the schemas' field messages and the
// server's `{ message }` answers. Japanese, shown as they are on the staff pages.

export const staffMessages = {
  // access
  forbidden: 'この操作を行う権限がありません。',
  notOwnBooking: 'ご自身の担当ではない相談です。',
  notOwnStaff: 'ご自身以外の担当者は指定できません。',
  staffIdNeeded: '担当者を指定してください。',
  // fields
  roleInvalid: '権限は consultant か operator を指定してください',
  staffIdRequired: '担当者IDを指定してください',
  daysInvalid: '日数は1〜31の整数で指定してください',
  dateInvalid: '日付は実在する日付（YYYYMMDD）で指定してください',
  timeInvalid: '時刻は30分単位（HH:MM）で指定してください',
  outcomeInvalid: '対応結果を選択してください',
  minutesUsedInvalid: '対応時間（分）は1〜600の整数で入力してください',
  followRequired: '未解決後の対応内容を入力してください',
  followTooLong: '未解決後の対応内容は500文字以内で入力してください',
  weekdayInvalid: '曜日は1（月）〜7（日）で指定してください',
  tooMany: '一度に指定できる件数を超えています',
  reasonRequired: '理由を入力してください',
  reasonTooLong: '理由は500文字以内で入力してください',
  actionInvalid: '操作を指定してください',
  initialPasswordRule: '初期パスワードは8文字以上128文字以内で入力してください',
  // answers
  staffNotFound: '担当者が見つかりません。',
  ticketNotFound: '相談が見つかりません。',
  notAConsultation: '予約のあるサポートチケットではありません。',
  refunded: '返金済みの相談には対応結果を記録できません。',
  notStarted: '開始時刻前の相談には対応結果を記録できません。',
  outcomeNotAllowed: 'この相談の現在の状態からは、その対応結果を記録できません。',
  extensionNotAllowed: '対応中の相談にのみ延長のご案内を送れます。',
  extensionNotStarted: '延長のご案内は相談の開始時刻から送れます。',
  addProductNotFound: '延長チケットの商品が見つかりません。',
  shiftPeriodInvalid: '勤務時間は開始より後に終了する30分単位の時間で指定してください',
  shiftHoldsBookings: '予約が入っている時間を勤務から外せません。先に担当を変更してください：',
  holidayHoldsBookings: '予約が入っている日を休業日にできません。先に予約を変更してください：',
  pastDay: '過去の日付は変更できません。',
  reassignPast: '開始時刻を過ぎた相談は担当を変更できません。',
  reassignSameStaff: '現在の担当者です。',
  reassignNotFree: 'この担当者はその時間に対応できません。',
  reassignNotChangeable: '対応結果が記録済みの相談は担当を変更できません。',
  // A refunded or cancelled booking holds no cells any more (docs/server.md "Consultation state"):
  // one message for the candidates and for the change, whichever the operator reaches first.
  reassignRefunded: 'この予約は返金により取り消されています。担当は変更できません。',
  reassignCancelled: 'この予約は会員の退会により取り消されています。担当は変更できません。',
  reassignRaced: '相談の日時または担当が同時に変更されました。画面を更新して確認してください。',
  accountNotFound: 'このメールアドレスのアカウントが見つかりません。初期パスワードを指定すると作成します。',
  consultantNeedsStaff: '相談員の権限には担当者IDが必要です。',
  memberAccount: 'このメールアドレスは会員のアカウントです。スタッフの権限は会員とは別のアカウントに付与してください。',
  staffAlreadyLinked: 'この担当者には別のアカウントが紐づいています。',
  lastOperator: '最後の運営者の権限は外せません。',
  noSuchRole: 'このアカウントはその権限を持っていません。',
  noStaffAccount: 'このアカウントにはスタッフの権限がありません。',
  calendarNoStaff: 'カレンダーは担当者に紐づいた相談員のみ使えます。',
  // outcomes that fit the time, case notes, the past (docs/product.md §10 "Outcomes fit the time")
  caseNoteInvalid: 'ケースメモに使用できない文字が含まれています',
  caseNoteTooLong: 'ケースメモは1000文字以内で入力してください',
  pastFilterInvalid: '絞り込みの条件を指定してください',
  pageInvalid: 'ページは1以上の整数で指定してください',
  pageSizeInvalid: '1ページの件数は1〜50の整数で指定してください',
  dateRangeInvalid: '期間の開始日は終了日より前の日付を指定してください',
  noContactTooEarly: (minutes: number) => `ご連絡なしは開始時刻から${minutes}分を過ぎてから記録できます。`,
  minutesUsedOverElapsed: (max: number) => `使った時間は開始からの経過時間と予約時間（延長を含む）のどちらも超えられません（現在は最大${max}分）。`,
} as const

/** Why a consultant cannot take a consultation (reassign-candidates `reasonText`). */
export const candidateReasonText = {
  CURRENT: '現在の担当者',
  PAST: '開始時刻を過ぎています',
  HOLIDAY: '休業日',
  INACTIVE: '受付停止中',
  NO_SHIFT: '勤務時間外',
  BOOKED: '別の予約あり',
} as const

/**
 * How a refusal joins the bookings it lists (`shiftHoldsBookings`, `holidayHoldsBookings`: the
 * message, then `<ticket>（M/D HH:MM）` per booking): the server writes it, the staff pages read the
 * list back with `heldBookingsOf` to show one booking a line.
 */
export const heldBookingsJoiner = '、'

/** The bookings a refusal lists, one `<ticket>（M/D HH:MM）` each; [] for any other message. */
export function heldBookingsOf(message: string): string[] {
  for (const prefix of [staffMessages.shiftHoldsBookings, staffMessages.holidayHoldsBookings]) {
    if (message.startsWith(prefix)) return message.slice(prefix.length).split(heldBookingsJoiner).filter((s) => s !== '')
  }
  return []
}
