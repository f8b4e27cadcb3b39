import {
  AppError,
  EMAIL_VALIDATION_COST,
  needsVerification,
  notFound,
  VERIFICATION_MESSAGES,
  type EmailCheck,
  type VerifiedContact,
  type VerifyContactBody,
  type VerifyListBody,
} from '@leadline/shared';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import type { EmailVerificationRun } from '../../db/schema-verification.js';
import type { Actor } from '../../lib/actor.js';
import type { AppContext } from '../../lib/context.js';
import { createMailProbe, DnsUnreachableError, type MailProbe } from '../../lib/net/mail-probe.js';
import { findEnrichableContacts, findListContactsToVerify, writeEmailChecks, type EmailCheckResult } from '../contacts/index.js';
import { chargeHoldMany, holdCredits, releaseHold } from '../credits/index.js';
import * as lists from '../lists/index.js';
import { ProgressTracker } from '../progress/index.js';
import { checkAddress } from './email-verification.check.js';
import { verifyListEmails } from './email-verification.jobs.js';
import * as repo from './email-verification.repository.js';

export const ACTION = 'email_validation';
/** Contacts checked per transaction of a list run: their charges and statuses commit together. */
const BATCH = 20;

/** The configured probe: DNS servers, SMTP port, EHLO name and timeout from the config; the outbound guard's rule. */
export function mailProbeOf(ctx: AppContext): MailProbe {
  return createMailProbe({ ...ctx.config.emailVerification, allowPrivateNetwork: ctx.config.outboundAllowPrivate });
}

export const offline = () => new AppError('PROVIDER_UNAVAILABLE', VERIFICATION_MESSAGES.offline);

type ContactChecks = { contactId: string; checks: Array<EmailCheck & { verifiedAt: string }> };

/** Checks a contact's unchecked emails one by one; DnsUnreachableError passes through (nothing is written for it). */
async function checkContact(probe: MailProbe, contactId: string, emails: ReadonlyArray<{ email: string; status: string; verifiedAt?: string }>): Promise<ContactChecks> {
  const checks: ContactChecks['checks'] = [];
  for (const e of emails.filter(needsVerification)) {
    const outcome = await checkAddress(probe, e.email);
    checks.push({ email: e.email, ...outcome, verifiedAt: new Date().toISOString() });
  }
  return { contactId, checks };
}

/**
 * Charges the checks that asked the network (keys `verify:<run>:<contact>:<address>`, from the
 * run's hold) and writes every verdict, in the caller's transaction: a verdict is never stored
 * unpaid, nor paid unstored. Answers the credits charged.
 */
async function recordChecks(trx: Kysely<DB>, run: EmailVerificationRun, results: ContactChecks[]): Promise<number> {
  const charges = results.flatMap((r) =>
    r.checks.filter((c) => c.charged).map((c) => ({ amount: EMAIL_VALIDATION_COST, idempotencyKey: `verify:${run.id}:${r.contactId}:${c.email.toLowerCase()}` })),
  );
  if (charges.length > 0) await chargeHoldMany(trx, { teamId: run.team_id, holdId: run.hold_id!, charges, action: ACTION, reason: 'email validation' });
  const stored: Array<{ contactId: string; checks: EmailCheckResult[] }> = results.map((r) => ({
    contactId: r.contactId,
    checks: r.checks.map((c) => ({ email: c.email, status: c.status, verifiedAt: c.verifiedAt })),
  }));
  await writeEmailChecks(trx, run.team_id, stored);
  return charges.length * EMAIL_VALIDATION_COST;
}

/** Ends a run: gives back what its hold has left and records how it ended; false when it had ended already. */
async function finish(db: Kysely<DB>, run: EmailVerificationRun, state: 'completed' | 'failed', error: string | null = null) {
  if (!(await repo.finishRun(db, run.id, state, error))) return false;
  if (run.hold_id) await releaseHold(db, { teamId: run.team_id, holdId: run.hold_id, reason: `email validation ${state}` });
  return true;
}

/** Creates a run and holds 5 credits per address it will check, in the caller's transaction (402 rolls it back). */
async function createRun(trx: Kysely<DB>, actor: Actor, v: { listId: string | null; progressId: string | null; contactIds: string[]; emails: number }) {
  const runId = await repo.insertRun(trx, { teamId: actor.teamId, userId: actor.userId, listId: v.listId, progressId: v.progressId });
  const hold = await holdCredits(trx, {
    teamId: actor.teamId,
    userId: actor.userId,
    action: ACTION,
    amount: v.emails * EMAIL_VALIDATION_COST,
    idempotencyKey: `verify-hold:${runId}`,
    reason: 'email validation',
  });
  await repo.setRunHold(trx, runId, hold.entry.id, v.emails);
  await repo.insertItems(trx, runId, v.contactIds);
  return (await repo.findRun(trx, runId))!;
}

/**
 * `POST /api/v1/email-verification/single`: checks every unchecked email of one contact (5
 * credits each, held first: 402 before anything is probed). When DNS cannot be reached nothing is
 * written, the hold is given back, and the answer says so (503).
 */
export async function verifyContact(ctx: AppContext, actor: Actor, body: VerifyContactBody, probe: MailProbe): Promise<VerifiedContact> {
  const [contact] = await findEnrichableContacts(ctx.db, actor.teamId, [body.contactId]);
  if (!contact) throw notFound('Contact');
  const unchecked = contact.emails.filter(needsVerification);
  if (unchecked.length === 0) throw new AppError('CONFLICT', VERIFICATION_MESSAGES.nothingToVerify);
  const run = await ctx.db.transaction().execute((trx) => createRun(trx, actor, { listId: null, progressId: null, contactIds: [contact.id], emails: unchecked.length }));
  let result: ContactChecks;
  try {
    result = await checkContact(probe, contact.id, unchecked);
  } catch (error) {
    await ctx.db.transaction().execute((trx) => finish(trx, run, 'failed', (error as Error).message));
    if (error instanceof DnsUnreachableError) throw offline();
    throw error;
  }
  const creditsCharged = await ctx.db.transaction().execute(async (trx) => {
    const charged = await recordChecks(trx, run, [result]);
    await repo.markItemsDone(trx, run.id, [1]);
    await finish(trx, run, 'completed');
    return charged;
  });
  const [fresh] = await findEnrichableContacts(ctx.db, actor.teamId, [contact.id]);
  return {
    contact: contact.id,
    emails: fresh!.emails as VerifiedContact['emails'],
    primaryEmail: fresh!.primary_email,
    checks: result.checks.map(({ verifiedAt: _at, ...check }) => check),
    creditsCharged,
  };
}

/**
 * `POST /api/v1/email-verification/bulk`: the list's contacts with unchecked emails become the
 * run's items, 5 credits per address are held, and a job checks them, all in one transaction.
 */
export async function startListVerification(ctx: AppContext, actor: Actor, body: VerifyListBody) {
  return ctx.db.transaction().execute(async (trx) => {
    const list = await lists.requireList(trx, actor, body.listId, 'contactList');
    const contacts = await findListContactsToVerify(trx, actor.teamId, list.id);
    const emails = contacts.reduce((n, c) => n + c.emails.filter(needsVerification).length, 0);
    if (emails === 0) throw new AppError('CONFLICT', VERIFICATION_MESSAGES.nothingToVerify);
    const progress = await ProgressTracker.create(trx, { teamId: actor.teamId, userId: actor.userId, kind: 'email-verification.list', total: contacts.length });
    const run = await createRun(trx, actor, { listId: list.id, progressId: progress.id, contactIds: contacts.map((c) => c.id), emails });
    await progress.start(contacts.length);
    await ctx.queue.send(verifyListEmails, { runId: run.id }, { trx });
    return { jobId: progress.id, contacts: contacts.length, emails, creditsHeld: emails * EMAIL_VALIDATION_COST };
  });
}

/**
 * Works through a list run's pending contacts until none is left ('done') or the deadline
 * passes ('more'). Each batch's verdicts, charges and item states commit together, so a retry
 * redoes at most the batch in flight and its charges replay by key. DNS unreachable ends the
 * run as failed with the plain message; what was checked before stays checked and paid.
 */
export async function processListRun(ctx: AppContext, run: EmailVerificationRun, probe: MailProbe, deadline: number): Promise<'done' | 'more' | 'offline'> {
  const progress = run.progress_id ? new ProgressTracker(ctx.db, run.progress_id) : null;
  for (;;) {
    if (Date.now() >= deadline) return 'more';
    const items = await repo.pendingItems(ctx.db, run.id, BATCH);
    if (items.length === 0) return 'done';
    const contacts = new Map((await findEnrichableContacts(ctx.db, run.team_id, items.map((i) => i.contact_id))).map((c) => [c.id, c]));
    const results: ContactChecks[] = [];
    try {
      for (const item of items) {
        const contact = contacts.get(item.contact_id);
        if (contact) results.push(await checkContact(probe, contact.id, contact.emails));
      }
    } catch (error) {
      if (!(error instanceof DnsUnreachableError)) throw error;
      await ctx.db.transaction().execute(async (trx) => {
        // The contacts checked before DNS went away are kept (and paid); the rest stay pending.
        const done = items.filter((i) => results.some((r) => r.contactId === i.contact_id));
        await recordChecks(trx, run, results);
        await repo.markItemsDone(trx, run.id, done.map((i) => i.seq));
      });
      return 'offline';
    }
    await ctx.db.transaction().execute(async (trx) => {
      await recordChecks(trx, run, results);
      await repo.markItemsDone(trx, run.id, items.map((i) => i.seq));
    });
    const counts = await repo.countItems(ctx.db, run.id);
    await progress?.advance(counts.done, counts.total);
  }
}

/** Ends a list run and its progress record once (a duplicate attempt that comes second does nothing). */
export async function endListRun(ctx: AppContext, run: EmailVerificationRun, outcome: 'completed' | 'failed', message: string | null = null) {
  const counts = await repo.countItems(ctx.db, run.id);
  await ctx.db.transaction().execute(async (trx) => {
    if (!(await finish(trx, run, outcome, message))) return;
    if (!run.progress_id) return;
    const progress = new ProgressTracker(trx, run.progress_id);
    await progress.advance(counts.done, counts.total);
    if (outcome === 'completed') await progress.complete({ listId: run.list_id, contacts: counts.total });
    else await progress.fail(message ?? VERIFICATION_MESSAGES.failed);
  });
}
