import { sql, type Kysely } from 'kysely';

/**
 * Gmail and Outlook mailboxes log in with OAuth 2 (XOAUTH2): `secret` then holds the sealed
 * refresh token instead of a password, and the short-lived access token is kept sealed with its
 * expiry so that every IMAP or SMTP session does not cost a token request.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table mail_accounts add column auth_method text not null default 'password' check (auth_method in ('password', 'oauth'))`.execute(db);
  await sql`alter table mail_accounts add column access_token text`.execute(db);
  await sql`alter table mail_accounts add column access_token_expires_at timestamptz`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`alter table mail_accounts drop column access_token_expires_at`.execute(db);
  await sql`alter table mail_accounts drop column access_token`.execute(db);
  await sql`alter table mail_accounts drop column auth_method`.execute(db);
}
