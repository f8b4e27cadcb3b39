import type { Selectable } from 'kysely';
import type { Config } from '../../lib/config.js';
import { secretBoxFor } from '../../lib/crypto/secret-box.js';
import type { MailAccountsTable } from '../../db/schema-mail.js';
import type { MailCredentials } from './mail-connections.js';

export type MailAccountRow = Selectable<MailAccountsTable>;

export const imapServerOf = (a: MailAccountRow) => ({ host: a.imap_host, port: a.imap_port, secure: a.imap_secure });
export const smtpServerOf = (a: MailAccountRow) => ({ host: a.smtp_host, port: a.smtp_port, secure: a.smtp_secure });

/** The account's login, its secret unsealed. */
export function credentialsOf(config: Pick<Config, 'encryptionKey' | 'dataDir'>, a: MailAccountRow): MailCredentials {
  return { username: a.username, password: secretBoxFor(config).open(a.secret) };
}
