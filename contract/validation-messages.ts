import * as v from 'valibot'

// The Japanese default of every schema rule that names no message of its own (a wrong type, a
// missing key, a cap written as `v.maxLength(64)`): valibot's defaults are English ("Invalid type:
// Expected boolean but received …") and reached the staff pages and outside callers as they were.
// Set once, globally, by contract/fields.ts (which every registry imports), so the forms and the
// server read the same words (docs/api.md, request hygiene; decisions.md 67). A rule with a message of its own keeps it.

/** Shaped strings of the wire (contract/ids.ts), member and staff calls alike. */
export const formatMessages = {
  ymd: '日付はYYYYMMDD（例：20250612）の形式で指定してください',
  reservationTime: '予約日時は SUPPORT-YYYYMMDD-HH-MM の形式で指定してください',
  /** Every day a request names lies in contract/ids.ts DAY_MIN … DAY_MAX (docs/api.md "Bounds"). */
  daySpan: '日付は2000年1月1日から2100年12月31日までの間で指定してください',
  /** Unix seconds within the same span (contract/ids.ts UNIX_SECONDS_MIN … UNIX_SECONDS_MAX). */
  timeSpan: '日時は2000年1月1日から2100年12月31日までの間で指定してください',
} as const

/** The request as a whole (server/http/body.ts, the database's refusals), before any field. */
export const requestMessages = {
  invalidJson: '送信された内容をJSONとして読めません',
  invalidValue: '値が範囲外か、保存できない文字を含んでいます',
  unsupportedMediaType: 'Content-Type は application/json で送ってください',
  bodyTooLarge: (max: number) => `送信された内容が大きすぎます（${max.toLocaleString('ja-JP')}バイトまで）`,
  queryTooLarge: (max: number) => `URLのクエリが長すぎます（${max.toLocaleString('ja-JP')}バイトまで）`,
  idempotencyKeyRequired: 'Idempotency-Key ヘッダーを指定してください',
  idempotencyKeyTooLong: (max: number) => `Idempotency-Key ヘッダーが長すぎます（${max}文字まで）`,
  idempotencyKeyTwice: 'Idempotency-Key ヘッダーは1つだけ送ってください',
  /** 503: the request was not answered within its deadline (server/http/deadline.ts). */
  deadlineExceeded: '混み合っているため、時間内にお答えできませんでした。しばらくしてからもう一度お試しください',
} as const

const JAPANESE = /[\u3040-\u30ff\u3400-\u9fff\uff01-\uff5e]/

/** Whether a message has Japanese in it (what every 4xx a person can cause must have). */
export const isJapanese = (message: string) => JAPANESE.test(message)

const lengthUnit = (input: unknown) => (Array.isArray(input) ? '件' : '文字')

/** The default message of one issue: what the rule asks for, without the field's name. */
function defaultMessage(issue: v.BaseIssue<unknown>): string {
  const n = issue.requirement
  switch (issue.type) {
    case 'object':
    case 'strict_object':
    case 'loose_object':
    case 'object_with_rest':
      // A missing key is reported by the object with the key's path (and `undefined` as input).
      return issue.path?.length && issue.input === undefined ? '必須の項目です' : '項目と値の組（JSONのオブジェクト）で指定してください'
    case 'boolean':
      return 'true か false で指定してください'
    case 'number':
      return '数値で指定してください'
    case 'string':
      return '文字列で指定してください'
    case 'array':
      return '一覧（配列）で指定してください'
    case 'literal':
    case 'picklist':
    case 'enum':
    case 'union':
    case 'variant':
      return '指定できる値ではありません'
    case 'integer':
      return '整数で指定してください'
    case 'min_value':
      return `${String(n)}以上で指定してください`
    case 'max_value':
      return `${String(n)}以下で指定してください`
    case 'non_empty':
      return Array.isArray(issue.input) ? '1件以上指定してください' : '入力してください'
    case 'min_length':
      return `${String(n)}${lengthUnit(issue.input)}以上で指定してください`
    case 'max_length':
      return `${String(n)}${lengthUnit(issue.input)}以内で指定してください`
    case 'length':
      return `${String(n)}${lengthUnit(issue.input)}で指定してください`
    default:
      return '形式が正しくありません'
  }
}

v.setGlobalMessage(defaultMessage)

/**
 * The `{ message }` of a refused request: the first issue's message; a default one (which cannot
 * say which field) gets the field's path in front (`staffId：必須の項目です`). Messages of the
 * contract's own rules are passed through unchanged: the pages show them beside their field.
 */
export function issueMessage(issues: readonly [v.BaseIssue<unknown>, ...v.BaseIssue<unknown>[]]): string {
  const first = issues[0]
  const path = v.getDotPath(first)
  return path && first.message === defaultMessage(first) ? `${path}：${first.message}` : first.message
}
