import { describe, expect, it } from 'vitest'
import { atRequestedTime, movableByRequest } from '../../server/infra/test-clock'

// The per-request time of the test stacks (server/infra/test-clock.ts): one request moved, the
// others at the base clock, even while they interleave.

const base = { now: () => new Date('2026-01-05T00:00:00Z') }
const clock = movableByRequest(base)
const tick = () => new Promise((r) => setTimeout(r, 0))

describe('a clock movable per request', () => {
  it('reads the moved instant inside the request, through awaits, and the base clock beside it', async () => {
    const seen: string[] = []
    await Promise.all([
      atRequestedTime('2026-02-01T09:00:00Z', async () => {
        await tick()
        seen.push(`moved ${clock.now().toISOString()}`)
      }),
      atRequestedTime(undefined, async () => {
        await tick()
        seen.push(`plain ${clock.now().toISOString()}`)
      }),
    ])
    expect(seen.sort()).toEqual(['moved 2026-02-01T09:00:00.000Z', 'plain 2026-01-05T00:00:00.000Z'])
    expect(clock.now().toISOString()).toBe('2026-01-05T00:00:00.000Z')
  })

  it('ignores a header that is not an instant', async () => {
    expect(await atRequestedTime('tomorrow', async () => clock.now().toISOString())).toBe('2026-01-05T00:00:00.000Z')
  })
})
