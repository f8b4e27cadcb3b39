import type { Kysely } from 'kysely';
import type { DB } from '../../../db/schema.js';
import { chargeHoldMany, holdCredits } from '../../credits/index.js';
import type { TestUser } from '../../../test/factories.js';

/**
 * Records contacts' emails as bought by one enrichment run, as the run writes it: an item per
 * contact naming the address it found (`email:<address>` in its sources) and a charge from the
 * run's hold under the item's key `enrich:<run>:<seq>:email`.
 */
export async function buyEmails(db: Kysely<DB>, user: TestUser, bought: Array<{ contactId: string; email: string }>, cost = 5) {
  const contactIds = bought.map((b) => b.contactId);
  const run = await db
    .insertInto('enrichment_runs')
    .values({ team_id: user.teamId, user_id: user.userId, enrich_type: 'email', source: 'test', list_id: null, progress_id: null })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db.insertInto('enrichment_items').values(bought.map((b, seq) => ({ run_id: run.id, seq, contact_id: b.contactId, kinds: ['email'], sources: JSON.stringify([{ field: `email:${b.email}`, provider: 'test' }]) }))).execute();
  const { entry: hold } = await holdCredits(db, { teamId: user.teamId, userId: user.userId, action: 'enrichment_email', amount: cost * contactIds.length, idempotencyKey: `enrich-hold:${run.id}`, reason: 'test' });
  const charges = await chargeHoldMany(db, {
    teamId: user.teamId,
    holdId: hold.id,
    action: 'enrichment_email',
    reason: 'accurate match',
    charges: contactIds.map((_, seq) => ({ amount: cost, idempotencyKey: `enrich:${run.id}:${seq}:email` })),
  });
  return charges.map((c) => c.entry.id);
}

/** A dsn as Postfix writes it: the human part, the machine-readable status and the original headers. */
export function deliveryReport(from: string, to: string, originalMessageId: string, status: string, n: number) {
  const boundary = `report-${n}`;
  const code = status.startsWith('4') ? '450' : '550';
  return [
    'From: Mail Delivery System <MAILER-DAEMON@mx.example.test>',
    `To: ${from}`,
    status.startsWith('4') ? 'Subject: Delayed Mail (still being retried)' : 'Subject: Undelivered Mail Returned to Sender',
    `Message-ID: <dsn-${n}-${Date.now()}@mx.example.test>`,
    `Date: ${new Date().toUTCString().replace('GMT', '+0000')}`,
    'Auto-Submitted: auto-replied',
    'MIME-Version: 1.0',
    `Content-Type: multipart/report; report-type=delivery-status; boundary="${boundary}"`,
    '',
    `--${boundary}`,
    'Content-Type: text/plain; charset=us-ascii',
    '',
    'This is the mail system at host mx.example.test.',
    'Your message could not be delivered to one or more recipients.',
    '',
    `<${to}>: host mx.leads.test[192.0.2.1] said: ${code} ${status} <${to}>: Recipient address rejected`,
    '',
    `--${boundary}`,
    'Content-Type: message/delivery-status',
    '',
    'Reporting-MTA: dns; mx.example.test',
    '',
    `Final-Recipient: rfc822; ${to}`,
    `Action: ${status.startsWith('4') ? 'delayed' : 'failed'}`,
    `Status: ${status}`,
    `Diagnostic-Code: smtp; ${code} ${status} Recipient address rejected`,
    '',
    `--${boundary}`,
    'Content-Type: text/rfc822-headers',
    '',
    `Message-ID: ${originalMessageId}`,
    `From: ${from}`,
    `To: ${to}`,
    '',
    `--${boundary}--`,
    '',
  ].join('\r\n');
}
