// 失敗したジョブ (src/features/staff/desk/jobs/failed-jobs-page.tsx): each failed job with its Japanese
// name, its last error and its runs; 再実行 asks the server for that job and reads the list again.
import { ChakraProvider } from '@chakra-ui/react'
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import type { DeskFailedJob } from '../../contract/desk-calls'
import type { DeskApiClient } from '../../src/api/desk-client'
import { FailedJobsPage } from '../../src/features/staff/desk/jobs/failed-jobs-page'
import { deskJobsText as t } from '../../src/text/desk'
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
})
