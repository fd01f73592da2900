// Password reset with the mailed auth code.
import type { Page } from '@playwright/test'
import type { FlowContext } from './drivers/flow-driver'
import { passwordResetDriver as d, resetRejected, resetRequestRejected } from './drivers/password-reset'
import { passwordResetText as t } from '../../src/text/account'
import { createMember, expect, login, test, waitForMail } from './fixtures'

/** The driver's run context: these specs open the pages themselves. */
const ctx: FlowContext = { account: { email: '', password: '' }, startRoute: '/password-reset-request', vars: {} }

/** Types each value into its field, one chart `field.change` per field. */
async function type(page: Page, values: Record<string, string>) {
  for (const [field, value] of Object.entries(values)) await d.events['field.change'](page, { type: 'field.change', field, value }, ctx)
}

test('a member resets a forgotten password with the mailed code and logs in with the new one', async ({ page }) => {
  const member = await createMember('fresh')
  await page.goto('/login')
  await page.getByRole('link', { name: 'パスワードをお忘れの方はこちら' }).click()
  await d.states['requesting.editing'](page, ctx)
  await expect(page.getByRole('button', { name: t.requestSubmit })).toBeDisabled()
  await type(page, { email: member.email })
  await d.events['form.submit'](page, { type: 'form.submit' }, ctx)
  await d.states['resetting.editing'](page, ctx)
  await expect(page.getByLabel(t.email)).toHaveValue(member.email)

  const mail = await waitForMail(member.email, (m) => m.subject.includes('認証コード'))
  const code = /認証コード: (\d{6})/.exec(mail.text)?.[1]
  expect(code).toBeTruthy()

  // A wrong code is refused with the reset message.
  await type(page, { authCode: '000000', newPassword: 'newpass12', newPasswordConfirm: 'newpass12' })
  await d.events['form.submit'](page, { type: 'form.submit' }, ctx)
  await resetRejected(page)

  await type(page, { authCode: code! })
  await d.events['form.submit'](page, { type: 'form.submit' }, ctx)
  await d.states.toComplete(page, ctx)

  await login(page, { email: member.email, password: 'newpass12' }, '/')
  await expect(page).toHaveURL((url) => url.pathname === '/')
})

test('an unknown address is refused with メンバーが見つかりません', async ({ page }) => {
  await page.goto('/password-reset-request')
  await type(page, { email: `nobody-${Date.now()}@example.com` })
  await d.events['form.submit'](page, { type: 'form.submit' }, ctx)
  await resetRequestRejected(page)
})

test('the code page shows the reset messages', async ({ page }) => {
  await page.goto('/password-reset?email=taro@example.com')
  // Typed and erased: the field was touched, so its required message shows.
  await type(page, { authCode: '1', newPassword: 'abc', newPasswordConfirm: 'abd' })
  await type(page, { authCode: '' })
  await expect(page.getByText('認証コードを入力してください')).toBeVisible()
  await expect(page.getByText('パスワードを半角英数記号6文字以上12文字以内で入力してください')).toBeVisible()
  await expect(page.getByText('新しいパスワードと確認用パスワードが一致しません')).toBeVisible()
  await expect(page.getByRole('button', { name: t.resetSubmit })).toBeDisabled()
})
