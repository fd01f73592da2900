import { describe, expect, it } from 'vitest'
import { staleStyles } from '../../scripts/styles'

// The static styles of the parts drawn without Chakra's runtime (decision 102) are what
// `npm run styles` writes from their specimens with the theme as it is: a changed theme or
// specimen without the files written again fails here (the same check as `npm run styles -- --check`).
describe('static styles', () => {
  it('are what npm run styles would write now', () => {
    expect(staleStyles(true)).toEqual([])
  })
})
