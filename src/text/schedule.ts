// Wording of the consultant grid, the reservation change and its complete page
// (product.md §2 "Staff schedule grid", /reservationdate-change-complete; §5 Reservation dates; §8).
export const scheduleText = {
  staffTitle: '日時・相談員の選択',
  changeTitle: '予約日時の変更',
  dateHeading: 'ご希望の日付',
  /** product.md §5 Reservation dates hint. */
  dateHint: 'ご希望の日付を選択してください。本日から2週間先までご予約いただけます。',
  dateSelectLabel: '日付を選択',
  dateStripLabel: '日付',
  previousDates: '前の日付',
  nextDates: '次の日付',
  bandHeading: '時間帯',
  bands: { morning: '午前 9:00〜13:00', afternoon: '午後 13:00〜17:00', evening: '夕方 17:00〜21:00' },
  bandShort: { morning: '9〜13時', afternoon: '13〜17時', evening: '17〜21時' },
  gridHeading: '相談員と時間',
  gridCaption: '○の時間が予約できます。',
  noPreference: '指名なし',
  noPreferenceNote: '空いている相談員が担当します',
  available: '予約可能',
  unavailable: '予約不可',
  holiday: '休業日',
  /** product.md §8 empty state, copied exactly. */
  nobodyAvailable: '担当可能な相談員が不在です。お手数ですが、別の日時をご選択ください。',
  /** product.md §8 update-resevation-date 4xx, copied exactly. */
  slotTaken: '予約できませんでした。お手数ですが、再度相談員と日時を選択してください',
  gender: { MALE: '男性', FEMALE: '女性' },
  age: (age: number) => `${age}歳`,
  stars: (score: number) => `評価 ${score} / 5`,
  supportCount: (count: number) => `対応件数 ${count}件`,
  ratio: (percent: number) => `解決率 ${percent}%`,
  /** A consultant with no completed support yet: shown instead of grey stars and 解決率 0%. */
  newStaff: '新人',
  newStaffNote: 'これからの相談員です',
  /** The day whose cells the grid shows, above the grid. */
  shownDate: (day: string) => `${day}の空き状況`,
  /** Why the day shown is not the one asked for (product.md §4: the schedule served another day). */
  moved: {
    holiday: (from: string, to: string) => `${from}は休業日のため、${to}を表示しています。`,
    closed: (from: string, to: string) => `${from}はご予約いただけないため、${to}を表示しています。`,
    full: (from: string, to: string) => `${from}は空きがないため、空きのある${to}を表示しています。`,
  },
  /** The name of a date button (visible text is split over lines on a phone). */
  dayButtonLabel: (day: string, holiday: boolean) => (holiday ? `${day} 休業日` : day),
  staffImageAlt: (nickname: string) => `${nickname}の写真`,
  cellLabel: (time: string, who: string, open: boolean) => `${time} ${who} ${open ? '予約可能' : '予約不可'}`,
  /** The cell of the reservation being changed: marked, and said in its name. */
  currentSlot: '現在のご予約',
  currentSlotLabel: (label: string) => `${label}（現在のご予約）`,
  confirmTitle: '予約内容の確認',
  confirmBody: 'この内容で予約を変更しますか？',
  confirmDate: '日時',
  confirmStaff: '相談員',
  confirm: '変更する',
  cancel: 'キャンセル',
  updating: '変更中…',
  /** Back from /buy: the slot chosen before is no longer free (restoring the selection). */
  savedSlotGone: '前回お選びいただいた日時は予約できなくなりました。お手数ですが、再度相談員と日時を選択してください',
  currentReservation: '現在のご予約',
  ticket: 'チケット',
} as const

/** product.md §2 step breadcrumb. */
export const stepsText = {
  label: 'お申し込みの流れ',
  home: 'ホーム',
  menu: 'チケット選択',
  staff: '日時・相談員選択',
  purchaseList: 'お支払い履歴',
  buy: 'お支払い',
  /** The change flow's last step (/reservationdate-change-complete): a change is not paid for. */
  changeDone: '変更完了',
} as const

export const changeCompleteText = {
  title: '予約日時の変更が完了しました',
  body: '変更後のご予約内容を、ご登録のメールアドレスにお送りしました。',
  sender: '送信元：no-reply@mypage.example.com',
  spam: 'メールが届かない場合は、迷惑メールフォルダもご確認ください。',
  home: 'ホームへ戻る',
} as const
