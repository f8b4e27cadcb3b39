/** Mailboxes: connected IMAP/SMTP (and later Gmail, Outlook) accounts, their sync, and sending. */
export { mailboxSyncService, MAILBOX_SYNC_SERVICE, type MailboxSyncOptions } from './mailbox-sync.service.js';
export { sendMail, type OutgoingMail } from './mail-send.js';
export { findAccount as findMailAccount } from './mailboxes.repository.js';
export { syncMailboxOnce } from './mailbox-sync.js';
export { readThreadText, type ThreadText } from './thread-text.js';
export { parseMessage, type ParsedMessage } from './message-parse.js';
export { plainTextOf } from './mail-plain-text.js';
export type { MailAccountRow } from './mailbox-credentials.js';
export { joinedAccount, joinedAccountColumns, type JoinedAccount } from './mail-account-columns.js';
