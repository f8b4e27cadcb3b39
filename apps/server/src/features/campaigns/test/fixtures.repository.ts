import type { Kysely } from 'kysely';
import type { DB } from '../../../db/schema.js';
import type { StoredEmail } from '../../../db/schema-lists.js';
import { secretBoxFor } from '../../../lib/crypto/secret-box.js';
import type { Config } from '../../../lib/config.js';
import type { Actor } from '../../../lib/actor.js';
import type { TestUser } from '../../../test/factories.js';

export type LeadInput = { first?: string; company?: string; email?: string | null; status?: string };

/** A contact list of the user's team holding these contacts; answers the list and contact ids. */
export async function createContactList(db: Kysely<DB>, user: TestUser, name: string, leads: LeadInput[], options: { dynamic?: boolean } = {}) {
  const list = await db
    .insertInto('lists')
    .values({ team_id: user.teamId, name, entity_type: 'contactList', created_by: user.userId, is_dynamic: options.dynamic ?? false, filters: null })
    .returning('id')
    .executeTakeFirstOrThrow();
  const contactIds: string[] = [];
  for (let i = 0; i < leads.length; i += 500) {
    const rows = leads.slice(i, i + 500).map((lead) => {
      const emails: StoredEmail[] = lead.email ? [{ email: lead.email, status: lead.status ?? 'valid' }] : [];
      return {
        team_id: user.teamId,
        full_name: lead.first ? `${lead.first.toLowerCase()} tester` : null,
        first_name: lead.first?.toLowerCase() ?? null,
        company_name: lead.company ?? null,
        emails: JSON.stringify(emails),
        primary_email: lead.email ?? null,
        phones: '[]',
      };
    });
    const inserted = await db.insertInto('contacts').values(rows).returning('id').execute();
    contactIds.push(...inserted.map((r) => r.id));
  }
  await addToList(db, list.id, contactIds);
  return { listId: list.id, contactIds };
}

export async function addToList(db: Kysely<DB>, listId: string, contactIds: string[]) {
  for (let i = 0; i < contactIds.length; i += 1000) {
    await db.insertInto('list_contacts').values(contactIds.slice(i, i + 1000).map((contact_id) => ({ list_id: listId, contact_id, page_context: null }))).execute();
  }
}

/** A connected mailbox of the user's, sending through `smtp` (a loopback server) when given. */
export async function createMailbox(db: Kysely<DB>, config: Config, user: TestUser, email: string, options: { capacity?: number; smtp?: { host: string; port: number }; imap?: { host: string; port: number }; password?: string } = {}) {
  const row = await db
    .insertInto('mail_accounts')
    .values({
      team_id: user.teamId,
      user_id: user.userId,
      email_address: email,
      name: 'Sam Sender',
      provider: 'imap',
      imap_host: options.imap?.host ?? '127.0.0.1',
      imap_port: options.imap?.port ?? 1,
      imap_secure: false,
      smtp_host: options.smtp?.host ?? '127.0.0.1',
      smtp_port: options.smtp?.port ?? 1,
      smtp_secure: false,
      username: email,
      secret: secretBoxFor(config).seal(options.password ?? 'secret'),
      daily_capacity: options.capacity ?? 50,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export const WEEKDAYS_9_TO_5 = { timezone: 'Europe/Paris', days: [1, 2, 3, 4, 5], start: '09:00', end: '17:00' };

export const threeSteps = [
  { type: 'email' as const, delayDays: 0, subject: 'Hello {{firstName|there}}', body: 'Hi {{firstName|there}}, a question about {{companyName|your team}}.' },
  { type: 'email' as const, delayDays: 2, body: 'Following up, {{firstName|there}}.' },
  { type: 'email' as const, delayDays: 3, subject: 'Last note', body: 'Closing the loop.', newThread: true },
];

/** The owner `user` as a service's actor, for use-cases called with the test's clock. */
export const ownerActor = (user: TestUser): Actor => ({ userId: user.userId, teamId: user.teamId, email: user.email, name: user.name, permission: 'TEAM_OWNER', role: 'ADMIN', sessionHash: 'test' });

/** Copies in the mailbox's Sent folder of `count` emails sent by hand at `at`, as the sync stores them. */
export async function addManualSends(db: Kysely<DB>, accountId: string, count: number, at: Date) {
  const folder = await db.insertInto('mail_folders').values({ account_id: accountId, path: 'Sent', special_use: 'sent' }).onConflict((oc) => oc.columns(['account_id', 'path']).doUpdateSet({ special_use: 'sent' })).returning('id').executeTakeFirstOrThrow();
  const rows = Array.from({ length: count }, (_, i) => ({
    account_id: accountId,
    folder_id: folder.id,
    uidvalidity: '1',
    uid: String(1000 + i + Math.floor(at.getTime() / 1000) % 100_000),
    message_id: `<manual-${i}-${at.getTime()}@example.test>`,
    thread_id: `manual-${i}-${at.getTime()}`,
    to_addresses: '[]',
    cc_addresses: '[]',
    attachments: '[]',
    sent_at: at,
  }));
  await db.insertInto('mail_messages').values(rows).execute();
}
