import { fromPromise, setup } from 'xstate'

/**
 * Copying the password (product.md §2 signup page, §9 tooltip), a child of the signup chart:
 * idle ─copy─▶ copying ─▶ copied ─after 2 s─▶ idle (the 「コピーしました」 tooltip resets);
 * copying ─failed─▶ idle. A copy asked while one runs is not taken; from `copied` it copies again.
 * The signup chart sends `copy` with the password entered (only when there is one).
 */

export type ClipboardEvent = { type: 'copy'; password: string }

export const clipboardMachine = setup({
  types: { events: {} as ClipboardEvent },
  actors: {
    copyPassword: fromPromise<void, { password: string }>(async () => {
      throw new Error('provide copyPassword')
    }),
  },
}).createMachine({
  id: 'clipboard',
  initial: 'idle',
  states: {
    idle: { on: { copy: { target: 'copying' } } },
    copying: {
      invoke: {
        src: 'copyPassword',
        input: ({ event }) => ({ password: (event as ClipboardEvent).password }),
        onDone: { target: 'copied' },
        onError: { target: 'idle' },
      },
    },
    // product.md §9: the copy tooltip resets after 2 s.
    copied: {
      tags: ['copied'],
      after: { 2000: { target: 'idle' } },
      on: { copy: { target: 'copying' } },
    },
  },
})
