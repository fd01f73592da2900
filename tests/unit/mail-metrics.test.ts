import { afterAll, expect, it } from 'vitest'
import { createSmtpMailer } from '../../server/adapters/mailer'
import { createLogger, setLogger } from '../../server/observability/log'
import { registry } from '../../server/observability/metrics'

// A mail SMTP refuses: counted as failed (mypage_mails_total{result="failed"}), logged without the
// recipient's address, and the member's action is not undone (send does not throw).

const lines: string[] = []
const restore = setLogger(createLogger({ sink: { write: (l: string) => lines.push(l) } }))
afterAll(() => restore())

const failed = async () => (await registry.getSingleMetric('mypage_mails_total')!.get()).values.find((v) => v.labels.result === 'failed')?.value ?? 0

it('a refused mail is counted and logged without the address', async () => {
  const before = await failed()
  const mailer = createSmtpMailer({ smtpUrl: 'smtp://127.0.0.1:1', from: 'no-reply@mypage.example.com' })
  await expect(mailer.send({ to: 'taro.yamada@example.jp', subject: '【ITサポート】ご購入ありがとうございます', text: 'ご購入ありがとうございます。' })).resolves.toBeUndefined()
  expect((await failed()) - before).toBe(1)
  const text = lines.join('\n')
  expect(text).toContain('ご購入ありがとうございます')
  expect(text).not.toContain('taro.yamada@example.jp')
})
