import type { SnapshotFrom } from 'xstate'
import type { clipboardMachine } from './clipboard-machine'
import type { signupMachine } from './signup-machine'

type Snapshot = SnapshotFrom<typeof signupMachine>

/**
 * What the signup form and the mailed link's page show, asked of the signup chart and its
 * clipboard child (docs/decisions.md 45): tags and context, never state names.
 */
export const signupView = {
  /** The signup is being sent, or the page is leaving (the mail is sent, or an error page): the button waits. */
  isBusy: (s: Snapshot) => s.hasTag('sending') || s.hasTag('leaving'),
  canSubmit: (s: Snapshot) => s.can({ type: 'form.submit' }),
  /** The link was opened before: the registration stands, with a way to log in. */
  isAlreadyRegistered: (s: Snapshot) => s.hasTag('page:alreadyRegistered'),
  /** The clipboard child, which says when it copied the password. */
  clipboard: (s: Snapshot) => s.children.clipboard,
  /** The copy tooltip (2 s after a copy). */
  isCopied: (c: SnapshotFrom<typeof clipboardMachine> | undefined) => c?.hasTag('copied') ?? false,
}
