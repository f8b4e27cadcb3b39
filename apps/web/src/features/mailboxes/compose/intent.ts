import type { InboxMessage } from '@leadline/shared';

/** What the composer opens for: a new message, or an answer to one. */
export type ComposeIntent =
  | { kind: 'new' }
  /** `body`: text the answer starts with above the quote (an AI draft), for the user to edit. */
  | { kind: 'reply' | 'replyAll' | 'forward'; message: InboxMessage; body?: string };
