// Japanese wording of the staff pages (consultants and operators, docs/product.md §6 roles).

export const staffShellText = {
  brand: 'マイページ スタッフ',
  mainNav: 'スタッフメニュー',
  logout: 'ログアウト',
  loggingOut: 'ログアウト中…',
  roles: { consultant: '相談員', operator: '運営' },
  loading: '読み込み中',
  skipToMain: '本文へ移動',
} as const

export const staffNavText = {
  day: '今日の相談',
  past: '過去の相談',
  shifts: '勤務予定',
  calendar: 'カレンダー連携',
  assignments: '割り当て',
  holidays: '休業日',
  accounts: 'スタッフ権限',
} as const

export const staffForbiddenText = {
  title: '権限がありません',
  body: 'このページはスタッフ専用です。スタッフのアカウントでログインしてください。',
  bodyRole: 'このページを表示する権限がありません。必要な場合は運営担当者に権限の付与を依頼してください。',
  toMember: '会員のマイページへ',
  toStaffLogin: 'スタッフとしてログインし直す',
} as const

export const staffLoginText = {
  title: 'スタッフログイン',
  lead: '相談員・運営担当者のログインページです。会員の方は会員のログインページをご利用ください。',
  emailLabel: 'メールアドレス',
  passwordLabel: 'パスワード',
  submit: 'ログイン',
  submitting: 'ログイン中…',
  failed: 'ログインに失敗しました。メールアドレスとパスワードをご確認ください。',
  notStaff: 'このアカウントにはスタッフの権限がありません。',
  toMemberLogin: '会員の方のログインはこちら',
} as const

/** Shared words of the staff tables and states. */
export const staffCommonText = {
  loading: '読み込み中',
  loadFailed: '読み込みに失敗しました',
  retry: '再読み込み',
  close: '閉じる',
  cancel: 'キャンセル',
  back: '戻る',
  save: '保存する',
  saving: '保存中…',
  saved: '保存しました',
  minutesUnit: '分',
  none: 'なし',
  yes: 'あり',
  no: 'なし',
} as const

export const consultantDayText = {
  title: '今日の相談',
  today: '本日',
  upcoming: 'これからの相談',
  empty: '予定されている相談はありません。',
  emptyToday: '本日の相談はありません。',
  columns: {
    time: '日時',
    member: '会員',
    method: '連絡方法',
    concern: 'ご相談内容',
    device: '機器',
    os: 'OS',
    remote: '遠隔サポート希望',
    minutes: '時間',
    extensions: '延長',
    status: '状況',
  },
  tel: '電話',
  online: 'オンライン',
  extensionCount: (n: number, minutes: number) => (n ? `${n}件（${minutes}分）` : 'なし'),
  recordOutcome: '結果を記録',
  sendExtensionLink: '延長のご案内を送る',
  ticketNumber: 'チケット番号',
  status: {
    UNSUPPORTED: '未対応',
    COMPLETED: '完了',
    UNSOLVED: '未解決',
    UNSOLVED_COMPLETED: '未解決で完了',
    NO_CONTACT: 'ご連絡なし',
  } as Record<string, string>,
  /** A booking that is no reservation any more (docs/server.md "Consultation state"). */
  ended: { refunded: '返金済み', cancelled: '取消' } as const,
  /** 未解決's follow-up due day and the member's "no call came" report (docs/decisions.md 85–86). */
  followUpDue: (day: string) => `フォロー期限 ${day}`,
  noCallReported: '会員から「連絡が来なかった」と報告あり',
  endedNote: { refunded: '返金により取り消された予約です（枠は空きに戻りました）。', cancelled: '会員の退会により取り消された予約です（枠は空きに戻りました）。' } as const,
  endedTitle: '取り消された予約',
  extendedUntil: (end: string) => `延長込みで ${end} まで`,
} as const

export const outcomeText = {
  title: '相談結果の記録',
  chooseOutcome: '結果',
  outcomes: {
    COMPLETED: '完了',
    UNSOLVED: '未解決（後日フォロー）',
    UNSOLVED_COMPLETED: '未解決で完了',
    NO_CONTACT: 'ご連絡なし',
  },
  minutesLabel: '使った時間（分）',
  followUpLabel: 'フォロー内容',
  followUpHint: '未解決のまま完了した経緯と、お客様にお伝えした内容を書いてください。',
  next: '確認へ進む',
  confirmTitle: 'この内容で記録しますか？',
  confirm: '記録する',
  saving: '記録中…',
  saved: '記録しました',
  savedMail: '完了した相談では、会員に評価のご案内メールが送られます。',
  failed: '記録できませんでした',
  minutesInvalid: '使った時間を1〜600分の数字で入力してください',
  followUpRequired: 'フォロー内容を入力してください',
} as const

export const extensionLinkText = {
  title: '延長のご案内',
  body: '会員に延長チケット（ADD）購入のご案内メールを送ります。お支払いが済むとこの相談に表示されます。',
  send: '送信する',
  sending: '送信中…',
  sent: 'ご案内メールを送りました',
  failed: '送信できませんでした',
} as const

export const shiftPlanText = {
  title: '勤務予定',
  consultantLabel: '相談員',
  weeklyTitle: '毎週の勤務時間',
  weekdays: ['月', '火', '水', '木', '金', '土', '日'],
  startLabel: (day: string) => `${day}曜日の開始`,
  endLabel: (day: string) => `${day}曜日の終了`,
  dayOff: '休み',
  working: '勤務',
  exceptionsTitle: '日付ごとの例外',
  exceptionDate: '日付',
  exceptionKind: '種類',
  exceptionOff: '休み',
  exceptionHours: '時間を変更',
  exceptionStart: '開始',
  exceptionEnd: '終了',
  addException: '例外を追加',
  removeException: '削除',
  noExceptions: '例外はありません。',
  save: '保存する',
  saving: '保存中…',
  review: '変更内容を確認する',
  previewing: '確認中…',
  confirmTitle: 'この変更を保存しますか？',
  confirmLead: 'これから2週間、会員の予約画面は次のように変わります。',
  noGridChange: 'これから2週間の予約画面に変わる時間はありません。',
  lost: '受付終了',
  gained: '受付追加',
  holidayNote: '（休業日）',
  backToEdit: '編集に戻る',
  derivedNote: '毎週の勤務時間はまだ登録されていません。日付ごとの勤務時間から読み取った予定を表示しています。保存すると毎週の予定として登録されます（変わる日は保存前に確認できます）。',
  toAssignments: '割り当てで担当を変更する',
  saved: '勤務予定を保存しました',
  refused: '予約が入っている時間は外せません。先に予約を別の相談員へ割り当ててください。',
  refusedBookings: '外せない予約',
  failed: '保存できませんでした',
  reload: '読み込み直す',
  invalidTime: '時刻は 09:00〜21:00 の30分単位で、開始を終了より前に、同じ日の時間帯が重ならないようにしてください',
  upcomingTitle: 'これから2週間の予定',
  hours: '受付時間',
  bookings: '予約',
  holiday: '休業日',
} as const

export const holidaysText = {
  title: '休業日',
  lead: '休業日には会員の予約画面に空き枠が表示されません。',
  dateLabel: '日付',
  nameLabel: '名称（任意）',
  add: '追加する',
  remove: '削除',
  empty: '登録されている休業日はありません。',
  saved: '休業日を更新しました',
  added: (day: string) => `${day}を休業日にしました`,
  removed: (day: string) => `${day}の休業日を削除しました`,
  failed: '更新できませんでした',
  addConfirmTitle: '休業日を追加しますか？',
  addConfirm: (day: string) => `${day}を休業日にすると、その日は会員の予約画面に空き枠が表示されなくなります。予約が入っている日は休業日にできません。`,
  removeConfirmTitle: '休業日を削除しますか？',
  removeConfirm: (day: string) => `${day}を営業日に戻すと、相談員の勤務時間が会員の予約画面に表示されます。`,
  cancel: 'キャンセル',
  refused: '予約が入っている日は休業日にできません',
  refusedLead: '次の予約を別の日へ変更するか返金してから、もう一度追加してください。',
  toAssignments: '割り当てを開く',
} as const

export const assignmentsText = {
  title: '割り当て',
  lead: 'これからの予約と担当の相談員です。指名なしの予約は色付きで表示します。',
  onlyUnnamed: '指名なしのみ表示',
  empty: 'これからの予約はありません。',
  columns: {
    time: '日時',
    member: '会員',
    ticket: 'チケット番号',
    consultant: '担当',
    preference: '指名',
    action: '操作',
  },
  noPreference: '指名なし',
  named: '指名あり',
  reassign: '担当を変更',
} as const

export const reassignText = {
  title: '担当の変更',
  booking: '予約',
  candidatesTitle: '変更先の相談員',
  candidatesLoading: '相談員の空きを確認中',
  free: '空き',
  notFree: {
    BOOKED: 'この時間は別の予約があります',
    OFF: 'この時間は勤務外です',
    HOLIDAY: '休業日です',
    CURRENT: '現在の担当です',
    INACTIVE: '受付停止中です',
  } as Record<string, string>,
  reasonLabel: '変更の理由',
  reasonHint: '会員・相談員へのお知らせメールには記載されません。記録に残ります。',
  reasonRequired: '変更の理由を入力してください',
  next: '確認へ進む',
  confirmTitle: 'この内容で担当を変更しますか？',
  confirmBody: (from: string, to: string) => `${from} から ${to} へ変更します。`,
  /**
   * Who will be mailed (docs/server.md "Mails to consultants"): a consultant without a mail address
   * (none on the desk, no staff login) is not, and the operator tells them another way.
   */
  mailNotice: (from: { name: string; mailable: boolean }, to: { name: string; mailable: boolean }) => {
    const silent = [from, to].filter((c) => !c.mailable).map((c) => c.name)
    if (silent.length === 0) return '会員と両方の相談員にメールでお知らせします。'
    const mailed = ['会員', ...[from, to].filter((c) => c.mailable).map((c) => c.name)].join('と')
    return `${mailed}にメールでお知らせします。${silent.join('と')}はメールアドレスが未登録のため、メールは届きません。別の方法でお伝えください（相談員のメールアドレスは「相談員」のページで登録できます）。`
  },
  confirm: '変更する',
  reassigning: '変更中…',
  done: '担当を変更しました',
  conflict: 'この予約は他の操作で変更されました。最新の空き状況を読み込み直しました。もう一度選んでください。',
  failed: '担当を変更できませんでした',
  noCandidates: '変更できる相談員がいません。',
} as const

export const calendarFeedText = {
  title: 'カレンダー連携',
  lead: 'ご自分の予約を、お使いのカレンダー（Google カレンダー、iPhone のカレンダーなど）に購読として追加できます。このURLは他の人に教えないでください。',
  urlLabel: '購読用URL',
  none: 'まだ購読用URLがありません。',
  create: 'URLを発行する',
  copy: 'コピー',
  copied: 'コピーしました',
  rotate: 'URLを作り直す',
  rotateHint: '作り直すと、これまでのURLは使えなくなります。',
  revoke: 'URLを無効にする',
  revokeHint: '無効にすると、このURLを購読しているカレンダーに予約が表示されなくなります。',
  revoked: 'URLを無効にしました',
  cancel: 'キャンセル',
  shownOnce: 'このURLはこの画面でのみ表示されます。今すぐカレンダーに登録してください。分からなくなったら作り直してください。',
  active: (since: string) => `購読用URLは有効です（${since} 発行）。URLを忘れた場合は作り直してください。`,
  failed: '操作できませんでした',
  working: '処理中…',
} as const

export const staffAccountsText = {
  title: 'スタッフ権限',
  lead: 'メールアドレスで相談員・運営の権限を付与または削除します。',
  emailLabel: 'メールアドレス',
  roleLabel: '権限',
  staffLabel: '担当する相談員',
  staffPlaceholder: '相談員を選んでください',
  linked: '（アカウントあり）',
  passwordLabel: '初期パスワード（任意）',
  passwordHint: 'このメールアドレスのアカウントがまだない場合、8文字以上で指定すると作成します。付与すると、ログインページとパスワード設定の案内をメールで送ります。',
  cancel: 'キャンセル',
  grant: '付与する',
  revoke: '削除',
  granted: '権限を付与しました',
  grantedTo: (email: string, role: string) => `${email} に「${role}」の権限を付与しました`,
  invitationMailed: (email: string) => `${email} にログインページとパスワード設定の案内をメールで送りました（パスワード設定のリンクは1時間有効です）。`,
  alreadyHeld: 'このアカウントはすでにこの権限を持っていたため、案内メールは送っていません。',
  revoked: '権限を削除しました',
  failed: '操作できませんでした',
  empty: 'スタッフはいません。',
  columns: { email: 'メールアドレス', roles: '権限', staff: '相談員', action: '操作' },
  confirmRevoke: (email: string, role: string) => `${email} の「${role}」の権限を削除しますか？`,
} as const

/** The outcome form's time limits and case note (docs/product.md §10 "Outcomes fit the time", "Case notes"). */
export const outcomeLimitText = {
  maxMinutes: (n: number) => `最大${n}分（開始からの経過時間と、予約時間＋延長のうち短いほう）`,
  notYet: '使った時間は開始から1分後から記録できます',
  minutesOver: (n: number) => `使った時間は${n}分以内で入力してください`,
  noContactFrom: (time: string) => `ご連絡なしは ${time}（開始から10分後）から記録できます`,
  caseNoteLabel: 'ケースメモ（スタッフのみ）',
  caseNoteHint: '会員には表示されません。対応の経緯や次回への引き継ぎを書いてください。',
} as const

/** この会員のこれまでの相談 (staff call member-consultations). */
export const memberHistoryText = {
  title: 'この会員のこれまでの相談',
  loading: 'これまでの相談を読み込み中',
  failed: 'これまでの相談を読み込めませんでした',
  empty: 'これまでの相談はありません。',
  more: '直近50件を表示しています。',
  consultant: '担当',
  minutesUsed: (n: number | null, booked: number) => (n === null ? `予約${booked}分` : `${n}分（予約${booked}分）`),
  caseNote: 'ケースメモ',
  followUp: 'フォロー内容',
  refunded: '返金済み',
} as const

/** 過去の相談 (staff call past-consultations). */
export const pastText = {
  title: '過去の相談',
  lead: '開始時刻を過ぎた相談です。結果が未記録の相談に結果を記録し、未解決の相談はフォローが済んだら「未解決で完了」にしてください。',
  filterLabel: '表示する相談',
  filters: { ALL: 'すべて', NO_OUTCOME: '結果未記録', OVERDUE: '結果未記録（期限超過）', UNSOLVED: '未解決' },
  consultantLabel: '相談員',
  allConsultants: 'すべての相談員',
  fromLabel: '開始日（から）',
  toLabel: '終了日（まで）',
  apply: '表示する',
  clearRange: '期間を解除',
  count: (total: number, first: number, last: number) => (total ? `${total}件中 ${first}〜${last}件` : '0件'),
  empty: '該当する相談はありません。',
  prev: '前のページ',
  next: '次のページ',
  pager: 'ページ',
  recordOutcome: '結果を記録',
  closeUnsolved: '未解決で完了にする',
  caseNote: 'ケースメモ',
  followUp: 'フォロー内容',
  minutesUsed: '使った時間',
  details: '相談の詳細',
  refunded: '返金済み',
  rangeLabel: '期間と相談員',
} as const
