import { deskExportAuditNames } from './desk-exports'

// The audit trail's vocabulary in Japanese (docs/server.md "Audit trail"): every action the server
// writes, what it was done to, who did it, the fields its before/after carry and their coded
// values. One table for the server's answer (desk-audit `actionName`) and the page that reads it;
// tests/unit/audit-names.test.ts fails when the server writes an action missing here.

export const auditActionNames = {
  'consultation-outcome': '対応結果の記録',
  'extension-link': '延長チケットのご案内',
  reassign: '担当の変更',
  'shift-plan-update': '勤務予定の変更',
  'business-holiday-update': '休業日の変更',
  'calendar-feed-rotate': 'カレンダーURLの発行',
  'calendar-feed-revoke': 'カレンダーURLの停止',
  'role-grant': '権限の付与',
  'role-revoke': '権限の取り消し',
  'notice-create': 'お知らせの作成',
  'notice-update': 'お知らせの編集',
  'notice-withdraw': 'お知らせの取り下げ',
  'coupon-create': 'クーポンの作成',
  'coupon-update': 'クーポンの編集',
  'coupon-stop': 'クーポンの停止',
  'product-update': '商品の編集',
  'menu-create': '予約メニューの追加',
  'menu-update': '予約メニューの編集',
  'menu-delete': '予約メニューの削除',
  'image-upload': '画像のアップロード',
  'consultant-create': '相談員の登録',
  'consultant-update': '相談員のプロフィール編集',
  'consultant-activate': '相談員の受付再開',
  'consultant-deactivate': '相談員の受付停止',
  'mail-resend': 'メールの再送',
  'job-retry': 'ジョブの再実行',
  refund: '返金',
  'refund-failed': '返金の失敗',
  'no-call-report': '会員からの「連絡が来なかった」報告',
  'receipt-issue': '領収書の発行',
  'desk-export': 'CSVの出力',
} as const satisfies Record<string, string>


export const auditTargetNames: Record<string, string> = {
  ticket: '相談',
  staff: '相談員',
  'staff-account': 'スタッフアカウント',
  'business-holiday': '休業日',
  notice: 'お知らせ',
  coupon: 'クーポン',
  product: '商品',
  menu: '予約メニュー',
  image: '画像',
  mail: 'メール',
  job: 'ジョブ',
  purchase: 'お支払い',
  export: 'CSV出力',
}

export const auditRoleNames: Record<string, string> = { consultant: '相談員', operator: '運営者', system: 'システム（管理コマンド）', member: '会員' }

/** The Japanese name of an action; an unknown one (an older row) keeps its code. */
export const auditActionName = (action: string): string => (auditActionNames as Record<string, string>)[action] ?? action

/** Fields of the before/after snapshots, by key. */
export const auditFieldNames: Record<string, string> = {
  // consultations
  supportStatus: '対応状況',
  noContact: 'ご連絡なし',
  minutesUsed: '対応時間（分）',
  unsolvedAfterFollowContent: '未解決後の対応内容',
  outcomeAt: '記録日時',
  outcome: '対応結果',
  caseNote: '対応メモ',
  followUpDue: 'フォロー期限',
  noCallReportedAt: '「連絡が来なかった」報告日時',
  consultationEndAt: '相談の終了時刻',
  productId: '商品ID',
  staffId: '担当者',
  // CSV exports
  from: '開始日',
  to: '終了日',
  fromStaffId: '変更前の担当者',
  toStaffId: '変更後の担当者',
  reservationTime: '予約日時',
  reason: '理由',
  // shifts and holidays (a change of the plan: what each day's shift was, is, lost and gained)
  weekly: '毎週の勤務',
  exceptions: '日付ごとの例外',
  changes: '勤務の変更（日ごと）',
  ymd: '日付',
  weekday: '曜日',
  holiday: '休業日',
  start: '開始',
  end: '終了',
  off: '休み',
  before: '変更前',
  after: '変更後',
  lost: '減った時間',
  gained: '増えた時間',
  // accounts
  uid: 'アカウントID',
  email: 'メールアドレス',
  roles: '権限',
  active: '受付',
  createdAt: '作成日時',
  updatedAt: '更新日時',
  // notices and coupons
  kind: '種類',
  title: 'タイトル',
  content: '本文',
  updateTime: '表示日時',
  publishFrom: '掲載開始',
  publishUntil: '掲載終了',
  withdrawnAt: '取り下げ日時',
  couponName: 'クーポン名',
  discountPrice: '割引額',
  expire: '有効期限',
  availableProductList: '対象商品',
  maxClaims: '配布上限',
  stoppedAt: '停止日時',
  // catalog and consultants
  productName: '商品名',
  productType: '商品種別',
  price: '価格',
  showOnMypage: 'マイページに表示',
  sortOrder: '表示順',
  menuTitle: 'メニュー名',
  imageUrl: '画像',
  estimatedMinute: '目安時間（分）',
  minutesToSupport: '対応時間（分）',
  staffNickname: 'ニックネーム',
  staffAge: '年齢',
  staffGender: '性別',
  staffImageUrl: '写真',
  purpose: '用途',
  fileName: 'ファイル名',
  sourceFormat: '元の形式',
  sourceBytes: '元のサイズ（バイト）',
  width: '幅',
  height: '高さ',
  bytes: 'サイズ（バイト）',
  // mails and refunds
  status: '状態',
  attempts: '送信回数',
  lastError: '直近のエラー',
  sentAt: '送信日時',
  ticketNumber: 'チケット番号',
  amountRefunded: '返金済み額',
  refundReason: '返金理由',
  note: '社内メモ',
  refundId: '返金ID',
  amount: '金額',
  providerRefundId: '決済サービスの返金ID',
  releasedCells: '空けた予約枠（30分）',
  error: 'エラー',
  issueCount: '発行回数',
  // jobs
  jobName: 'ジョブ',
  runs: '実行回数',
  memberId: '会員',
  version: '版',
}

/** Coded values, by the field that carries them (statuses as product.md and the staff pages say them). */
export const auditValueNames: Record<string, Record<string, string>> = {
  supportStatus: { UNSUPPORTED: '未対応', UNSOLVED: '未解決', COMPLETED: '対応完了', UNSOLVED_COMPLETED: '未解決で完了' },
  outcome: { COMPLETED: '対応完了', UNSOLVED: '未解決', UNSOLVED_COMPLETED: '未解決で完了', NO_CONTACT: 'ご連絡なし' },
  kind: { INFORMATION: 'お知らせ', CAMPAIGN: 'キャンペーン', ...deskExportAuditNames },
  productType: { SUPPORT: 'サポート', INTERVIEW: '無料面談', ADD: '延長', TIP: 'チップ' },
  staffGender: { MALE: '男性', FEMALE: '女性' },
  purpose: { STAFF: '相談員の写真', MENU: 'メニューの画像' },
  roles: auditRoleNames,
  status: { PENDING: '送信待ち', SENT: '送信済み', FAILED: '失敗', pending: '処理中', succeeded: '成功', failed: '失敗' },
  weekday: { 1: '月', 2: '火', 3: '水', 4: '木', 5: '金', 6: '土', 7: '日' },
}

/** Fields in yen. */
export const auditYenFields: ReadonlySet<string> = new Set(['discountPrice', 'price', 'amount', 'amountRefunded'])
/** Fields that name a consultant (staff row) or a member: the server answers their names beside the rows. */
export const auditStaffFields: ReadonlySet<string> = new Set(['staffId', 'fromStaffId', 'toStaffId'])
export const auditMemberFields: ReadonlySet<string> = new Set(['memberId'])
