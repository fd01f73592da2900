// Wording of the home page (product.md §2 "/", §4 held tickets and card labels, §6 buttons, §8 empty states).

export const homeText = {
  title: 'ホーム',
  greeting: (lastname: string, firstname: string) => `${lastname} ${firstname} 様`,
  notices: {
    title: 'お知らせ',
    information: 'お知らせ',
    campaign: 'キャンペーン',
    empty: '現在お知らせはありません',
  },
  flow: {
    title: 'ご利用の流れ',
    steps: [
      { title: 'チケットを選ぶ', body: 'ご相談の時間に合わせてサポートチケットをお選びください。' },
      { title: '日時・相談員を選んで購入', body: 'ご希望の日時と相談員（指名なしも可）を選び、お支払いを済ませると予約完了です。' },
    ],
    step: (n: number) => `STEP ${n}`,
  },
  tickets: {
    title: '保有チケット',
    empty: 'チケットはありません',
    reservation: '予約日時',
    staff: '担当相談員',
    noAssign: '指名なし',
    supportType: 'サポート方法',
    minutes: (m: number) => `最大${m}分`,
    change: '予約を変更する',
    /** Where the change button was: it closes 30 minutes before the start (product.md §6). */
    changeClosed: '予約の変更は開始30分前までです。変更をご希望の場合はお問い合わせください。',
    /** A booking still to come, saved as a calendar file (docs/product.md §6). */
    addToCalendar: 'カレンダーに追加',
    addToCalendarFailed: 'カレンダーのファイルを取得できませんでした。時間をおいてもう一度お試しください。',
    rate: '評価する',
    rated: '評価済み',
    ticketNumber: 'チケット番号',
    /** An extension (ADD) names the consultation it extends (docs/product.md §4). */
    extends: '延長するご相談',
    /** An online booking after ご連絡なし or past its end, its room still open (decision 120): the time it closes, HH:MM in Japan. */
    roomLate: (until: string) => `${until}までは、今からでもオンライン相談に入れます。`,
  },
  labels: {
    completed: 'サポート完了',
    reserved: 'サポート予約済み',
    /** Over, its outcome not recorded yet, inside the grace period (docs/decisions.md 85). */
    checking: '確認中',
    noContact: 'ご連絡がありませんでした',
    refunded: '返金済み',
  },
  /** The "no call came" report of a ticket card (docs/decisions.md 86). */
  noCallReport: {
    button: '連絡が来なかったことを知らせる',
    title: '連絡が来なかったことをお知らせしますか？',
    body: 'ご予約の時間に担当相談員からの連絡がなかったことを運営にお知らせします。内容を確認のうえ、運営からご連絡いたします。',
    cancel: 'キャンセル',
    confirm: 'お知らせする',
    received: '連絡が来なかったとのご報告を受け付けました。確認のうえ、運営からご連絡いたします。',
    failed: '送信できませんでした。時間をおいてもう一度お試しください。',
  },
  supportType: { TEL: '電話', ONLINE: 'オンライン' },
  phoneCard: {
    title: '無料電話相談',
    body: 'はじめての方は、まずは無料の電話相談をご利用いただけます。下記の番号へお電話ください。',
    tel: '相談専用番号',
    used: '無料電話相談はご利用済みです',
  },
  interviewCard: {
    title: '問診チケット',
    body: '問診チケットをお持ちです。ご相談内容をお伺いします。',
  },
  purchase: {
    title: 'チケットを購入する',
    buy: '購入する',
    price: '料金（税込）',
    maxMinutes: (m: number) => `最大${m}分サポート`,
    toMenu: 'サポートメニューを見る',
  },
  calendar: {
    title: 'カレンダー',
    caption: '今日から3週間の営業日とご予約日',
    holiday: '休業日',
    reservation: 'ご予約日',
    /** The marks inside a day cell (~40 px wide on a phone); the legend and the names say them in full. */
    holidayShort: '休業',
    reservationShort: '予約',
    today: '今日',
    legend: '凡例',
    dayLabel: (month: number, day: number, weekday: string) => `${month}月${day}日（${weekday}）`,
  },
  coupons: {
    title: '保有クーポン',
    empty: 'クーポンはありません',
    expire: '有効期限',
    discount: (yen: string) => `${yen}引き`,
    target: '対象',
    anyMinutes: 'すべての時間',
    guideTitle: 'クーポンのご利用方法',
    guide: [
      'お支払い画面で、対象のチケットにご利用いただけるクーポンが表示されます。',
      'クーポンを選択すると、割引後の金額でお支払いいただけます。',
      'クーポンは1回限り有効です。一度ご利用いただいたクーポンは再度ご利用いただけません。',
    ],
  },
  productTypes: { SUPPORT: 'サポートチケット', INTERVIEW: '問診チケット', TIP: 'チップ', ADD: '延長チケット' },
} as const
