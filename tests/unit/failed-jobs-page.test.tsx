// 失敗したジョブ (src/features/staff/desk/jobs/failed-jobs-page.tsx): each failed job with its Japanese
// name, its last error and its runs; 再実行 asks the server for that job and reads the list again.
// Below it, the outbox's dead mails (dead-messages.tsx) with 再送, or 再送不可 for a link.
import { ChakraProvider } from '@chakra-ui/react'
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import type { DeskFailedJob, DeskMail } from '../../contract/desk/mails'
import type { DeskApiClient } from '../../src/api/desk-client'
import { FailedJobsPage } from '../../src/features/staff/desk/jobs/failed-jobs-page'
import { deskDeadMessagesText as dt, deskJobsText as t } from '../../src/text/desk'
import { system } from '../../src/theme'

const failed: DeskFailedJob = { id: '5d1b0a4e-3f7c-5a1e-a2b3-0123456789ab', name: 'reminder-evening', error: 'SMTP に接続できません', runs: 4, createdAt: 1749546000, failedAt: 1749546300 }

describe('the failed jobs page', () => {
  it('lists a failed job in Japanese with its error; 再実行 retries it and the list is read again', async () => {
    let list: DeskFailedJob[] = [failed]
    const call = vi.fn(async (name: string, request: Record<string, unknown>) => {
      if (name === 'desk-jobs-failed') return { items: list, total: list.length, page: 1, pageSize: 20 }
      if (name === 'desk-job-retry') {
        list = []
        return { id: request.id, name: failed.name }
      }
      if (name === 'desk-mails') return { items: [], total: 0, page: 1, pageSize: 20 }
      throw new Error(`unexpected ${name}`)
    })
    render(
      <ChakraProvider value={system}>
        <FailedJobsPage deskApi={{ call } as unknown as DeskApiClient} page={1} onPage={() => {}} />
      </ChakraProvider>,
    )
    const table = await screen.findByRole('table', { name: t.caption })
    const row = await within(table).findByText(t.names['reminder-evening'])
    expect(within(table).getByText('SMTP に接続できません')).toBeTruthy()
    expect(row).toBeTruthy()
    fireEvent.click(within(table).getByRole('button', { name: `${t.retry}：${t.names['reminder-evening']}` }))
    await waitFor(() => expect(call).toHaveBeenCalledWith('desk-job-retry', { id: failed.id }))
    expect(await screen.findByText(t.empty)).toBeTruthy()
  })

  it('lists the mails given up with their error; 再送 sends one again and the list is read again; a link says 再送不可', async () => {
    const dead = (id: number, subject: string, resendable: boolean): DeskMail => ({ id, memberId: 'MB1', toAddress: 'taro@example.com', subject, body: '…', status: 'FAILED', attempts: 31, lastError: 'connect ECONNREFUSED 127.0.0.1:1025', createdAt: 1749546000, sentAt: null, resendable, attachments: [] })
    let mails = [dead(7, '【ITサポート】ご購入ありがとうございます', true), dead(8, '【ITサポート】会員登録のご確認', false)]
    const call = vi.fn(async (name: string, request: Record<string, unknown>) => {
      if (name === 'desk-jobs-failed') return { items: [], total: 0, page: 1, pageSize: 20 }
      if (name === 'desk-mails') {
        expect(request.status).toBe('FAILED')
        return { items: mails, total: mails.length, page: 1, pageSize: 20 }
      }
      if (name === 'desk-mail-resend') {
        const sent = { ...mails.find((m) => m.id === request.id)!, status: 'SENT', attempts: 32, lastError: null }
        mails = mails.filter((m) => m.id !== request.id)
        return { mail: sent }
      }
      throw new Error(`unexpected ${name}`)
    })
    render(
      <ChakraProvider value={system}>
        <FailedJobsPage deskApi={{ call } as unknown as DeskApiClient} page={1} onPage={() => {}} />
      </ChakraProvider>,
    )
    const table = await screen.findByRole('table', { name: dt.title })
    expect(await within(table).findByText('【ITサポート】ご購入ありがとうございます')).toBeTruthy()
    expect(within(table).getAllByText('connect ECONNREFUSED 127.0.0.1:1025')).toHaveLength(2)
    expect(within(table).getByText(dt.notResendable)).toBeTruthy()
    fireEvent.click(within(table).getByRole('button', { name: `${dt.resend}：【ITサポート】ご購入ありがとうございます` }))
    await waitFor(() => expect(call).toHaveBeenCalledWith('desk-mail-resend', { id: 7 }))
    await waitFor(() => expect(within(table).queryByText('【ITサポート】ご購入ありがとうございます')).toBeNull())
    expect(within(table).getByText('【ITサポート】会員登録のご確認')).toBeTruthy()
  })
})
