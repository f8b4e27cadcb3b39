import type { Selectable } from 'kysely';
import type { MailAccountsTable } from '../../db/schema-mail.js';

/** A mailbox as read (mailbox-credentials.ts names it MailAccountRow). */
type MailAccountRow = Selectable<MailAccountsTable>;

/**
 * Every column of a mailbox, named. Prepared statements read mailboxes (the send path), and a
 * migration that adds a column must not change the result of one prepared by a worker that was
 * running before it: PostgreSQL refuses that ("cached plan must not change result type") until
 * the worker restarts. The type check fails when a column is missing here.
 */
export const MAIL_ACCOUNT_COLUMNS = [
  'id', 'team_id', 'user_id', 'email_address', 'name', 'title', 'provider', 'imap_host', 'imap_port', 'imap_secure', 'smtp_host', 'smtp_port', 'smtp_secure',
  'username', 'secret', 'auth_method', 'access_token', 'access_token_expires_at', 'daily_capacity', 'is_active', 'status', 'status_reason', 'created_at', 'updated_at',
] as const satisfies ReadonlyArray<keyof MailAccountsTable>;
type Column = (typeof MAIL_ACCOUNT_COLUMNS)[number];
const everyColumn: [Exclude<keyof MailAccountsTable, Column>] extends [never] ? true : false = true;
void everyColumn;

type Joined<T extends string, C extends string> = C extends unknown ? `${T}.${C} as account_${C}` : never;
/** A row carrying a mailbox's columns as `account_<column>` (see joinedAccountColumns). */
export type JoinedAccount = { [C in Column as `account_${C}`]: MailAccountRow[C] };

/**
 * A mailbox read in another statement (the campaign send's claim joins its mailbox): its
 * columns from table alias `table`, as `account_<column>`. joinedAccount takes them back out.
 */
export const joinedAccountColumns = <T extends string>(table: T) => MAIL_ACCOUNT_COLUMNS.map((c) => `${table}.${c} as account_${c}`) as Array<Joined<T, Column>>;

export const joinedAccount = (row: JoinedAccount): MailAccountRow => Object.fromEntries(MAIL_ACCOUNT_COLUMNS.map((c) => [c, row[`account_${c}`]])) as MailAccountRow;
