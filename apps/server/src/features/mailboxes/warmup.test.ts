import { CREDIT_COSTS, WARMUP_MESSAGES } from '@leadline/shared';
import { ImapFlow } from 'imapflow';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { secretBoxFor } from '../../lib/crypto/secret-box.js';
import { createWriteLane } from '../../supervisor/index.js';
import { createOwner, type TestUser } from '../../test/factories.js';
import { startDovecot, type Dovecot } from '../../test/mail/dovecot.js';
import { deliverRaw, generateMessage } from '../../test/mail/maildir.js';
import { startSmtpDelivery, type SmtpDelivery } from '../../test/mail/smtp-delivery.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { getCreditsInfo, spendCredits } from '../credits/index.js';
import { syncMailboxOnce } from './mailbox-sync.js';
import * as mailRepo from './mailboxes.repository.js';
import { dueByNow, runWarmupRound } from './warmup-run.js';
import * as repo from './warmup.repository.js';

const USERS = ['ann@a.test', 'abe@a.test', 'bea@b.test', 'bob@b.test', 'cid@c.test'].map((email) => ({ email, password: `${email}-pw` }));
/** abe's provider files every warm-up message from outside team A in Junk: the warm-up must rescue them. */
const JUNK_FOR = 'abe@a.test';

let dovecot: Dovecot;
let smtp: SmtpDelivery;
let t: TestApp;
let teamA: TestUser;
let teamB: TestUser;
let teamC: TestUser;

beforeAll(async () => {
  [dovecot, t] = await Promise.all([startDovecot(USERS), createTestApp({ config: { outboundAllowPrivate: true } })]);
  smtp = await startSmtpDelivery(dovecot, { folderFor: (rcpt, raw) => (rcpt === JUNK_FOR && /X-Leadline-Warmup/i.test(raw.toString()) ? 'Junk' : 'INBOX') });
  [teamA, teamB, teamC] = await Promise.all([createOwner(t.ctx.db), createOwner(t.ctx.db), createOwner(t.ctx.db)]);
  const owners: Record<string, TestUser> = { 'a.test': teamA, 'b.test': teamB, 'c.test': teamC };
  for (const u of USERS) {
    const owner = owners[u.email.split('@')[1]!]!;
    await mailRepo.upsertAccount(t.ctx.db, {
      teamId: owner.teamId,
      userId: owner.userId,
      emailAddress: u.email,
      name: u.email.split('@')[0]!,
      provider: 'imap',
      imap: { host: dovecot.host, port: dovecot.port, secure: false },
      smtp: { host: smtp.host, port: smtp.port, secure: false },
      username: u.email,
      sealedSecret: secretBoxFor(t.ctx.config).seal(u.password),
    });
  }
}, 60_000);
afterAll(async () => {
  await smtp?.stop();
  await dovecot?.stop();
  await t?.close();
});

const call = (user: TestUser, method: 'GET' | 'POST' | 'PATCH', payload?: object) => t.app.inject({ method, url: '/email-warmup', headers: { cookie: user.cookie }, ...(payload ? { payload } : {}) });
const start = (user: TestUser, email: string, sharePool = false) => call(user, 'POST', { email, provider: 'imap', first_name: email.split('@')[0], last_name: 'Tester', sharePool });
const accountId = async (email: string) => (await t.ctx.db.selectFrom('mail_accounts').select('id').where('email_address', '=', email).executeTakeFirstOrThrow()).id;

async function imap<T>(email: string, work: (client: ImapFlow) => Promise<T>) {
  const client = new ImapFlow({ host: dovecot.host, port: dovecot.port, secure: false, auth: { user: email, pass: `${email}-pw` }, logger: false });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.logout();
  }
}

const flagsIn = (email: string, folder: string) =>
  imap(email, async (client) => {
    const lock = await client.getMailboxLock(folder);
    try {
      const out: Array<{ subject: string; flags: string[]; warmup: boolean }> = [];
      if ((client.mailbox as { exists: number }).exists === 0) return out;
      for await (const m of client.fetch('1:*', { flags: true, envelope: true, headers: ['x-leadline-warmup'] })) {
        out.push({ subject: m.envelope?.subject ?? '', flags: [...(m.flags ?? [])], warmup: Boolean(m.headers?.toString().trim()) });
      }
      return out;
    } finally {
      lock.release();
    }
  });

/** Late in the UTC day: the whole day's ramp is due. */
const lateToday = () => {
  const d = new Date();
  d.setUTCHours(23, 50, 0, 0);
  return d;
};

describe('warm-up states and credits', () => {
  it('starts a warm-up (none → active) for 2,000 credits, refuses a second start and an empty name', async () => {
    const before = (await getCreditsInfo(t.ctx.db, teamA.teamId)).available;
    const started = await start(teamA, 'ann@a.test');
    expect(started.statusCode, started.body).toBe(200);
    expect(started.json().data).toMatchObject({ emailAddress: 'ann@a.test', status: 'active', dailyTarget: 5, sentToday: 0, inboxPlacementRate: null });
    expect((await getCreditsInfo(t.ctx.db, teamA.teamId)).available).toBe(before - CREDIT_COSTS.aiEmailWarmupPerInbox);
    expect((await start(teamA, 'ann@a.test')).json().error.message).toBe(WARMUP_MESSAGES.alreadyOn);
    const nameless = await call(teamA, 'POST', { email: 'abe@a.test', first_name: ' ', last_name: 'x' });
    expect(nameless.statusCode).toBe(400);
    expect(nameless.body).toContain(WARMUP_MESSAGES.nameRequired);
    const accounts = (await t.app.inject({ method: 'GET', url: '/api/v1/mail/gmail/accounts', headers: { cookie: teamA.cookie } })).json().data;
    expect(accounts.map((a: { emailAddress: string; managedDeliverabilityStatus: string | null }) => [a.emailAddress, a.managedDeliverabilityStatus])).toEqual([
      ['ann@a.test', 'active'],
      ['abe@a.test', null],
    ]);
    const listed = (await call(teamA, 'GET')).json().data;
    expect(listed.map((w: { emailAddress: string; status: string }) => [w.emailAddress, w.status])).toEqual([
      ['ann@a.test', 'active'],
      ['abe@a.test', 'none'],
    ]);
  });

  it('answers no warm-up link for an IMAP/SMTP mailbox (409), and 404 for a mailbox of another team', async () => {
    const own = await t.app.inject({ method: 'GET', url: '/email-warmup/link?email=cid@c.test', headers: { cookie: teamC.cookie } });
    expect(own.statusCode, own.body).toBe(409);
    expect(own.json().error.message).toBe(WARMUP_MESSAGES.noLinkNeeded);
    const foreign = await t.app.inject({ method: 'GET', url: '/email-warmup/link?email=cid@c.test', headers: { cookie: teamA.cookie } });
    expect(foreign.statusCode).toBe(404);
  });

  it('pauses (active → paused) and starts again (paused → active) without paying the month twice', async () => {
    const before = (await getCreditsInfo(t.ctx.db, teamA.teamId)).available;
    expect((await call(teamA, 'PATCH', { email: 'ann@a.test', action: 'pause' })).json().data.status).toBe('paused');
    expect((await call(teamA, 'PATCH', { email: 'ann@a.test', action: 'start' })).json().data.status).toBe('active');
    expect((await getCreditsInfo(t.ctx.db, teamA.teamId)).available).toBe(before);
  });
});

describe('the warm-up round between pool mailboxes (Dovecot and SMTP on loopback)', () => {
  it('pairs a mailbox with its team, and with other teams only when both share', async () => {
    await start(teamA, 'abe@a.test', true);
    await start(teamB, 'bea@b.test', true);
    await start(teamB, 'bob@b.test', false);
    await start(teamC, 'cid@c.test', false);
    const partnersOf = async (email: string) => {
      const w = (await repo.activeWarmups(t.ctx.db)).find((x) => x.email_address === email)!;
      return (await repo.poolPartners(t.ctx.db, w)).map((p) => p.email_address).sort();
    };
    expect(await partnersOf('ann@a.test')).toEqual(['abe@a.test']);
    expect(await partnersOf('abe@a.test')).toEqual(['ann@a.test', 'bea@b.test']);
    expect(await partnersOf('bea@b.test')).toEqual(['abe@a.test', 'bob@b.test']);
    expect(await partnersOf('cid@c.test')).toEqual([]);
  });

  it('sends the day’s ramp, then tends what arrived: rescued from Junk, read, flagged, answered, archived', async () => {
    const now = lateToday();
    const abeId = await accountId(JUNK_FOR);
    const report = await runWarmupRound(t.ctx, now);
    expect(report.failures).toEqual([]);
    // ann, abe, bea and bob each send day 0's 5; cid has nobody to write to.
    expect(report.sent).toBe(20);
    const wantedReplies = await t.ctx.db.selectFrom('mail_warmup_messages').select('id').where('wants_reply', '=', true).where('is_reply', '=', false).execute();
    expect(report.replied).toBe(wantedReplies.length);
    expect(report.tended).toBeGreaterThanOrEqual(20);

    // The next round the same day sends nothing new, and tends the replies that came after.
    const again = await runWarmupRound(t.ctx, now);
    expect(again.sent).toBe(0);
    expect(again.failures).toEqual([]);
    const rows = await t.ctx.db.selectFrom('mail_warmup_messages').selectAll().execute();
    expect(rows.length).toBe(20 + wantedReplies.length);
    expect(rows.every((r) => r.tended_at !== null)).toBe(true);
    const toAbe = rows.filter((r) => r.recipient_account_id === abeId);
    expect(toAbe.every((r) => r.landed === 'junk')).toBe(true);
    expect(report.rescuedFromJunk + again.rescuedFromJunk).toBe(toAbe.length);
    expect(rows.filter((r) => r.recipient_account_id !== abeId).every((r) => r.landed === 'inbox')).toBe(true);

    expect((await flagsIn(JUNK_FOR, 'Junk')).filter((m) => m.warmup)).toEqual([]);
    const archived = (await flagsIn(JUNK_FOR, 'Archive')).filter((m) => m.warmup);
    expect(archived.length).toBe(toAbe.length);
    expect(archived.every((m) => m.flags.includes('\\Seen') && m.flags.includes('\\Flagged'))).toBe(true);
    const abe = (await call(teamA, 'GET')).json().data.find((w: { emailAddress: string }) => w.emailAddress === 'abe@a.test');
    expect(abe).toMatchObject({ sentToday: 5, dailyTarget: 5 });
  }, 120_000);

  it('measures inbox placement: messages to abe landed in junk, others in the inbox', async () => {
    const warmups = (await call(teamB, 'GET')).json().data;
    const bea = warmups.find((w: { emailAddress: string }) => w.emailAddress === 'bea@b.test');
    const sent = await t.ctx.db.selectFrom('mail_warmup_messages').select(['landed']).where('sender_account_id', '=', await accountId('bea@b.test')).execute();
    const placed = sent.filter((m) => m.landed !== null);
    const toAbe = placed.filter((m) => m.landed === 'junk');
    expect(bea.placed).toBe(placed.length);
    expect(bea.inboxPlacementRate).toBeCloseTo((placed.length - toAbe.length) / placed.length, 3);
  });

  it('keeps warm-up messages out of the inbox screen while ordinary mail shows', async () => {
    deliverRaw(dovecot, 'ann@a.test', generateMessage({ from: 'client@outside.test', to: 'ann@a.test', subject: 'A real question', text: 'Hello' }).raw);
    const account = (await mailRepo.findAccount(t.ctx.db, await accountId('ann@a.test')))!;
    await syncMailboxOnce(t.ctx, account, createWriteLane(t.ctx.db, t.runtime.database.kind));
    const stored = await t.ctx.db.selectFrom('mail_messages').select(['subject', 'warmup']).where('account_id', '=', account.id).execute();
    expect(stored.some((m) => m.warmup)).toBe(true);
    const page = await t.app.inject({ method: 'GET', url: '/api/v1/mail/gmail/all?page=1&limit=20', headers: { cookie: teamA.cookie } });
    expect(page.statusCode, page.body).toBe(200);
    expect(page.json().data.messages.map((m: { subject: string }) => m.subject)).toEqual(['A real question']);
  }, 60_000);

  it('pays each new month once, and pauses a warm-up whose team has run out of credits', async () => {
    const nextMonth = new Date();
    nextMonth.setUTCMonth(nextMonth.getUTCMonth() + 1, 1);
    nextMonth.setUTCHours(0, 5, 0, 0);
    const left = (await getCreditsInfo(t.ctx.db, teamC.teamId)).available;
    await spendCredits(t.ctx.db, { teamId: teamC.teamId, userId: teamC.userId, action: 'test', amount: left, idempotencyKey: 'drain-team-c' });
    const beforeA = (await getCreditsInfo(t.ctx.db, teamA.teamId)).available;
    const report = await runWarmupRound(t.ctx, nextMonth);
    expect(report.paused).toBe(1);
    expect((await repo.findWarmup(t.ctx.db, await accountId('cid@c.test')))).toMatchObject({ status: 'paused', paused_reason: expect.stringMatching(/credit/i) });
    await runWarmupRound(t.ctx, nextMonth);
    // Team A's two warm-ups paid the new month once each, whatever the number of rounds.
    expect((await getCreditsInfo(t.ctx.db, teamA.teamId)).available).toBe(beforeA - 2 * CREDIT_COSTS.aiEmailWarmupPerInbox);
  }, 120_000);

  it('spreads the day over rounds', () => {
    const day = new Date('2026-11-24T00:00:00Z');
    expect(dueByNow(5, new Date(day.getTime() + 60_000))).toBe(1);
    expect(dueByNow(5, new Date('2026-11-24T12:00:00Z'))).toBe(3);
    expect(dueByNow(5, new Date('2026-11-24T23:59:00Z'))).toBe(5);
  });
});
