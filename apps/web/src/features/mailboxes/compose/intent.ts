import type { InboxMessage } from '@leadline/shared';

/** What the composer opens for: a new message, or an answer to one. */
export type ComposeIntent = { kind: 'new' } | { kind: 'reply' | 'replyAll' | 'forward'; message: InboxMessage };
