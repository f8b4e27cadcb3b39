import crypto from 'node:crypto';
import { sql, type Kysely } from 'kysely';

/**
 * Invitations are accepted only with the secret of their link: its SHA-256 and expiry sit on the
 * invitation row, and are cleared when it is answered. Invitations made before have no secret;
 * inviting the address again issues one.
 *
 * Users record when their address was proven, and whether the trial credits wait for it.
 * Address checks are links signed with the `email_verification` secret.
 * `login_failures` counts failed log-ins per address in a window, whatever client sends them.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table team_members add column invite_token_hash text, add column invite_expires_at timestamptz`.execute(db);
  await sql`create unique index team_members_invite_token_idx on team_members(invite_token_hash) where invite_token_hash is not null`.execute(db);
  await sql`
    alter table users
      add column email_verified_at timestamptz,
      add column trial_credits_pending boolean not null default false
  `.execute(db);
  await sql`insert into app_secrets (name, value) values ('email_verification', ${crypto.randomBytes(32).toString('hex')})`.execute(db);
  await sql`
    create table login_failures (
      email citext primary key,
      window_started_at timestamptz not null,
      failures integer not null
    )
  `.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop table login_failures`.execute(db);
  await sql`delete from app_secrets where name = 'email_verification'`.execute(db);
  await sql`alter table users drop column trial_credits_pending, drop column email_verified_at`.execute(db);
  await sql`alter table team_members drop column invite_expires_at, drop column invite_token_hash`.execute(db);
}
