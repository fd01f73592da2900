import { afterAll, expect, it } from 'vitest'
import { createSmtpMailer } from '../../server/adapters/mailer'
import { scrubError } from '../../server/infra/outbox'
import { createLogger, setLogger } from '../../server/observability/log'
import { registry } from '../../server/observability/metrics'

// A mail SMTP refuses: counted as failed (mypage_mails_total{result="failed"}) and thrown to the
// outbox's delivery, which keeps the error without the recipient's address (scrubError) and tries
// again later (docs/server.md "Outbox").

const lines: string[] = []
const restore = setLogger(createLogger({ sink: { write: (l: string) => lines.push(l) } }))
afterAll(() => restore())

const failed = async () => (await registry.getSingleMetric('mypage_mails_total')!.get()).values.find((v) => v.labels.result === 'failed')?.value ?? 0

it('a refused mail is counted, and its error as the outbox keeps it names no address', async () => {
  const before = await failed()
  const mailer = createSmtpMailer({ smtpUrl: 'smtp://127.0.0.1:1', from: 'no-reply@mypage.example.com', timeouts: { connectionMs: 2000, greetingMs: 2000, socketMs: 2000 } })
  const error = await mailer.deliver({ to: 'taro.yamada@example.jp', subject: '【ITサポート】ご購入ありがとうございます', text: 'ご購入ありがとうございます。' }).then(() => null, (e: unknown) => e)
  mailer.close()
  expect(error).toBeInstanceOf(Error)
  expect((await failed()) - before).toBe(1)
  expect(scrubError(new Error(`550 no mailbox taro.yamada@example.jp`))).toBe('550 no mailbox [address]')
  expect(lines.join('\n')).not.toContain('taro.yamada@example.jp')
})
