// /settings: profile, e-mail change by mailed link, password change, cancelling membership.
import { cancelAccountText, cancelCompleteText, passwordChangeText, settingsText } from '../../src/text/account'
import { loginText } from '../../src/text/auth'
import {
  cancelAccountDriver as cancel, cancelRefusedForTickets, emailChangeDriver as email, emailRequestRejected, passwordChangeDriver as password, profileDriver as profile, profileSaved,
} from './drivers/account-settings'
import type { FlowContext } from './drivers/flow-driver'
import { expectAt } from './drivers/page-checks'
import { createMember, expect, linkIn, login, signIn, test, waitForMail } from './fixtures'

/** The drivers' run context: the specs log in themselves. */
const ctx: FlowContext = { account: { email: '', password: '' }, startRoute: '/settings', vars: {} }

test('the member updates the profile', async ({ page }) => {
  const member = await createMember('fresh')
  await signIn(page, member, '/settings')
  await profile.states.editing(page, ctx)
  await expect(page.getByTestId('member-id')).toHaveText(member.memberId)
  await profile.events['field.change'](page, { type: 'field.change', field: 'phoneNumber', value: '031234567' }, ctx)
  await expect(page.getByText('半角の数値10桁か11桁で入力してください')).toBeVisible()
  await expect(page.getByRole('button', { name: settingsText.save })).toBeDisabled()
  await profile.events['field.change'](page, { type: 'field.change', field: 'phoneNumber', value: '０３１２３４５６７８' }, ctx)
  await profile.events['field.change'](page, { type: 'field.change', field: 'memberLastname', value: '佐藤' }, ctx)
  await profile.events['form.submit'](page, { type: 'form.submit' }, ctx)
  await profileSaved(page)
  await page.reload()
  await expect(page.getByLabel(settingsText.lastname, { exact: true })).toHaveValue('佐藤')
  await expect(page.getByLabel(settingsText.phone)).toHaveValue('0312345678')
})

test('the member changes the e-mail through the mailed link and logs in with it', async ({ page, browser, baseURL }) => {
  const member = await createMember('fresh')
  const newEmail = `changed-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`
  await signIn(page, member, '/settings')
  await page.getByRole('link', { name: settingsText.emailChange }).click()
  await email.states.editing(page, ctx)
  await email.events['field.change'](page, { type: 'field.change', value: member.email }, ctx)
  await email.events['form.submit'](page, { type: 'form.submit' }, ctx)
  await emailRequestRejected(page)
  await email.events['field.change'](page, { type: 'field.change', value: newEmail }, ctx)
  await email.events['form.submit'](page, { type: 'form.submit' }, ctx)
  await email.states.toRequestComplete(page, ctx)

  const mail = await waitForMail(newEmail, (m) => m.subject.includes('メールアドレス変更'))
  await email.events['link.open'](page, { type: 'link.open', link: linkIn(mail) }, ctx)
  await email.states.confirmed(page, ctx)
  // The mailbox that lost the account is told (the new address masked).
  const notice = await waitForMail(member.email, (m) => m.subject === '【ITサポート】メールアドレスが変更されました')
  expect(notice.text).not.toContain(newEmail)

  await login(page, { email: newEmail, password: member.password }, '/settings')
  await expect(page.getByTestId('member-email')).toHaveText(newEmail)

  // The link again, signed in with the new address: "already changed", not error
  // emailchange, and the session stays.
  await email.events['link.open'](page, { type: 'link.open', link: linkIn(mail) }, ctx)
  await email.states.alreadyChanged(page, ctx)
  await page.goto('/settings')
  await expect(page.getByTestId('member-email')).toHaveText(newEmail)

  // Another member, signed in in another browser, opens it: not theirs, error emailchange.
  const other = await createMember('fresh')
  const otherBrowser = await browser.newContext({ baseURL })
  try {
    const otherPage = await otherBrowser.newPage()
    await signIn(otherPage, other, '/settings')
    await email.events['link.open'](otherPage, { type: 'link.open', link: linkIn(mail) }, ctx)
    await email.states.toLinkError(otherPage, ctx)
  } finally {
    await otherBrowser.close()
  }
})

test('a bad e-mail change link shows error emailchange', async ({ page }) => {
  await page.goto('/settings/email-change-complete?token=not-a-token')
  await page.waitForURL(/\/error\?code=emailchange/)
})

test('the member changes the password, is signed out and logs in again', async ({ page }) => {
  const member = await createMember('fresh')
  await signIn(page, member, '/settings')
  await page.getByRole('link', { name: settingsText.passwordChange }).click()
  await password.states.editing(page, ctx)
  await password.events['field.change'](page, { type: 'field.change', field: 'newPassword', value: 'newpass12' }, ctx)
  await password.events['field.change'](page, { type: 'field.change', field: 'newPasswordConfirm', value: 'newpass13' }, ctx)
  await expect(page.getByText('新しいパスワードと新しいパスワード（確認）が異なります')).toBeVisible()
  await password.events['field.change'](page, { type: 'field.change', field: 'newPasswordConfirm', value: 'newpass12' }, ctx)
  // The current password is checked with the identity provider first: a wrong one changes nothing.
  const current = page.getByLabel(passwordChangeText.currentPassword, { exact: true })
  await expect(current).toHaveAttribute('autocomplete', 'current-password')
  await password.events['field.change'](page, { type: 'field.change', field: 'currentPassword', value: 'wrong999' }, ctx)
  await password.events['form.submit'](page, { type: 'form.submit' }, ctx)
  await expect(page.getByText('現在のパスワードが正しくありません')).toBeVisible()
  await expectAt(page, '/settings/password-change')
  await password.events['field.change'](page, { type: 'field.change', field: 'currentPassword', value: member.password }, ctx)
  await expect(page.getByText('現在のパスワードが正しくありません')).toBeHidden()
  await password.events['form.submit'](page, { type: 'form.submit' }, ctx)
  await password.states.toComplete(page, ctx)
  // The security notice reaches the member's mailbox.
  await waitForMail(member.email, (mail) => mail.subject === '【ITサポート】パスワードが変更されました')

  await login(page, { email: member.email, password: 'newpass12' }, '/')
  await expect(page).toHaveURL((url) => url.pathname === '/')
})

test('a member holding an unused support ticket cannot cancel', async ({ page }) => {
  const member = await createMember('demo')
  await signIn(page, member, '/settings')
  await expect(page.getByRole('button', { name: cancelAccountText.submit })).toBeDisabled()
  await cancel.events['consent.toggle'](page, { type: 'consent.toggle', consent: 'ticketsForfeited' }, ctx)
  await expect(page.getByRole('button', { name: cancelAccountText.submit })).toBeDisabled()
  await cancel.events['consent.toggle'](page, { type: 'consent.toggle', consent: 'dataDeleted' }, ctx)
  await cancel.events['form.submit'](page, { type: 'form.submit' }, ctx)
  await cancel.states.confirming(page, ctx)
  await cancel.events['modal.confirm'](page, { type: 'modal.confirm' }, ctx)
  await cancelRefusedForTickets(page)
})

test('a fresh member cancels and can no longer log in', async ({ page }) => {
  const member = await createMember('fresh')
  await signIn(page, member, '/settings')
  await cancel.events['consent.toggle'](page, { type: 'consent.toggle', consent: 'ticketsForfeited' }, ctx)
  await cancel.events['consent.toggle'](page, { type: 'consent.toggle', consent: 'dataDeleted' }, ctx)
  await cancel.events['form.submit'](page, { type: 'form.submit' }, ctx)
  await cancel.states.confirming(page, ctx)
  await cancel.events['modal.cancel'](page, { type: 'modal.cancel' }, ctx)
  await cancel.states.editing(page, ctx)
  await cancel.events['form.submit'](page, { type: 'form.submit' }, ctx)
  await cancel.events['modal.confirm'](page, { type: 'modal.confirm' }, ctx)
  await cancel.states.toCancelComplete(page, ctx)
  await page.getByRole('link', { name: cancelCompleteText.login }).click()

  await page.getByLabel(loginText.emailLabel).fill(member.email)
  await page.getByLabel(loginText.passwordLabel, { exact: true }).fill(member.password)
  await page.getByRole('button', { name: loginText.submit }).click()
  await expect(page.getByRole('alert')).toContainText(loginText.failed)
})
