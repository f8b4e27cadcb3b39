/**
 * Warm-up use-cases (spec/settings.md §4: none → active after connecting, active → paused by
 * pause, paused → active by start). Each month a warm-up is active costs 'AI email warmup'
 * credits (2,000 per inbox), charged through the ledger once per mailbox and month (its
 * idempotency key), with the state change in the same transaction.
 */
import { AppError, CREDIT_COSTS, notFound, WARMUP_MESSAGES, warmupDailyTarget, type EmailWarmup, type WarmupPatchBody, type WarmupStartBody } from '@leadline/shared';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import type { Actor } from '../../lib/actor.js';
import type { AppContext } from '../../lib/context.js';
import { secretBoxFor } from '../../lib/crypto/secret-box.js';
import { spendCredits } from '../credits/index.js';
import type { MailAccountRow } from './mailbox-credentials.js';
import { describeMailError, imapClient } from './mail-connections.js';
import { mailOAuthUrl } from './mail-oauth.service.js';
import * as mailRepo from './mailboxes.repository.js';
import * as repo from './warmup.repository.js';

const DAY_MS = 24 * 60 * 60 * 1000;
const PLACEMENT_WINDOW_MS = 14 * DAY_MS;

export const monthOf = (d: Date) => d.toISOString().slice(0, 7);
export const startOfUtcDay = (d: Date) => new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate()));
/** The warm-up's day number: 0 on the day it started. */
export const warmupDay = (startedAt: Date, now: Date) => Math.floor((startOfUtcDay(now).getTime() - startOfUtcDay(startedAt).getTime()) / DAY_MS);

/** Charges this month's warm-up of a mailbox; a second call in the same month charges nothing. */
export async function chargeWarmupMonth(db: Kysely<DB>, account: Pick<MailAccountRow, 'id' | 'team_id' | 'user_id'>, now: Date) {
  const month = monthOf(now);
  await spendCredits(db, {
    teamId: account.team_id,
    userId: account.user_id,
    action: 'ai_email_warmup',
    amount: CREDIT_COSTS.aiEmailWarmupPerInbox,
    idempotencyKey: `mail-warmup:${account.id}:${month}`,
    reason: `Email warm-up, ${month}`,
  });
  return month;
}

async function ownAccount(ctx: AppContext, actor: Actor, emailAddress: string) {
  const row = await mailRepo.findAccountOfUser(ctx.db, actor.teamId, actor.userId, emailAddress);
  if (!row) throw notFound('Email account');
  return row;
}

export async function presentWarmup(db: Kysely<DB>, account: MailAccountRow, warmup: Awaited<ReturnType<typeof repo.findWarmup>>, now = new Date()): Promise<EmailWarmup> {
  if (!warmup) {
    return { emailAddress: account.email_address, status: 'none', sharedPool: false, dailyTarget: 0, sentToday: 0, inboxPlacementRate: null, placed: 0, startedAt: null, pausedReason: null };
  }
  const [sentToday, placed] = await Promise.all([repo.countSent(db, account.id, startOfUtcDay(now)), repo.placement(db, account.id, new Date(now.getTime() - PLACEMENT_WINDOW_MS))]);
  const total = placed.inbox + placed.junk;
  return {
    emailAddress: account.email_address,
    status: warmup.status,
    sharedPool: warmup.shared_pool,
    dailyTarget: warmup.status === 'active' ? warmupDailyTarget(warmupDay(new Date(warmup.started_at), now)) : 0,
    sentToday,
    inboxPlacementRate: total === 0 ? null : Math.round((placed.inbox / total) * 1000) / 1000,
    placed: total,
    startedAt: new Date(warmup.started_at).toISOString(),
    pausedReason: warmup.paused_reason,
  };
}

/** GET /email-warmup: the warm-up of each of the caller's mailboxes. */
export async function listWarmups(ctx: AppContext, actor: Actor): Promise<EmailWarmup[]> {
  const accounts = await mailRepo.listAccountsOfUser(ctx.db, actor.teamId, actor.userId);
  const warmups = new Map((await repo.warmupsOf(ctx.db, accounts.map((a) => a.id))).map((w) => [w.account_id, w]));
  return Promise.all(accounts.map((a) => presentWarmup(ctx.db, a, warmups.get(a.id))));
}

/**
 * A Gmail mailbox connected with a password gives its app password (§5): it is tried with a
 * real IMAP login, then kept as the mailbox's password. OAuth mailboxes need none.
 */
async function applyAppPassword(ctx: AppContext, account: MailAccountRow, appPassword: string | undefined) {
  if (account.provider !== 'gmail' || account.auth_method === 'oauth') return;
  if (!appPassword) throw new AppError('VALIDATION_FAILED', WARMUP_MESSAGES.appPasswordRequired, { field: 'app_password' });
  try {
    const client = await imapClient(ctx.config, { host: account.imap_host, port: account.imap_port, secure: account.imap_secure }, { username: account.username, password: appPassword });
    await client.connect();
    await client.logout();
  } catch (error) {
    throw new AppError('VALIDATION_FAILED', `Gmail refused this app password: ${describeMailError(error)}`, { field: 'app_password', cause: error });
  }
  await mailRepo.updateSecret(ctx.db, account.id, secretBoxFor(ctx.config).seal(appPassword));
}

/** POST /email-warmup: none → active, paying this month. */
export async function startWarmup(ctx: AppContext, actor: Actor, body: WarmupStartBody & { sharePool: boolean }, now = new Date()) {
  const account = await ownAccount(ctx, actor, body.email);
  if (account.status !== 'connected') throw new AppError('CONFLICT', WARMUP_MESSAGES.disconnected);
  if (await repo.findWarmup(ctx.db, account.id)) throw new AppError('CONFLICT', WARMUP_MESSAGES.alreadyOn);
  await applyAppPassword(ctx, account, body.app_password);
  const warmup = await ctx.db.transaction().execute(async (trx) => {
    const month = await chargeWarmupMonth(trx, account, now);
    return repo.insertWarmup(trx, { accountId: account.id, firstName: body.first_name, lastName: body.last_name, sharedPool: body.sharePool, chargedMonth: month });
  });
  return presentWarmup(ctx.db, account, warmup, now);
}

/** PATCH /email-warmup: pause, or start again (paying the month when it is a new one). */
export async function patchWarmup(ctx: AppContext, actor: Actor, body: WarmupPatchBody, now = new Date()) {
  const account = await ownAccount(ctx, actor, body.email);
  const warmup = await repo.findWarmup(ctx.db, account.id);
  if (!warmup) throw new AppError('CONFLICT', WARMUP_MESSAGES.notOn);
  if (body.action === 'pause') return presentWarmup(ctx.db, account, await repo.updateWarmup(ctx.db, account.id, { status: 'paused', paused_reason: null }), now);
  if (account.status !== 'connected') throw new AppError('CONFLICT', WARMUP_MESSAGES.disconnected);
  const updated = await ctx.db.transaction().execute(async (trx) => {
    const month = warmup.charged_month === monthOf(now) ? warmup.charged_month : await chargeWarmupMonth(trx, account, now);
    return repo.updateWarmup(trx, account.id, { status: 'active', paused_reason: null, charged_month: month });
  });
  return presentWarmup(ctx.db, account, updated, now);
}

/**
 * GET /email-warmup/link: a Gmail or Outlook mailbox's consent page, with the address as login
 * hint. The warm-up sends and tends through the mailbox's own connection, so an Outlook mailbox
 * (whose password logins Microsoft turns off) signs in with Microsoft once; the callback then
 * keeps the mailbox with OAuth tokens. An IMAP/SMTP mailbox needs no link.
 */
export async function warmupLink(ctx: AppContext, actor: Actor, emailAddress: string) {
  const account = await ownAccount(ctx, actor, emailAddress);
  if (account.provider !== 'gmail' && account.provider !== 'outlook') throw new AppError('CONFLICT', WARMUP_MESSAGES.noLinkNeeded);
  return { url: await mailOAuthUrl(ctx, actor, account.provider, account.email_address) };
}
