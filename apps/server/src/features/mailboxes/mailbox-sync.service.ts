/**
 * The supervised sync service: one instance per connected mailbox (the supervisor holds its
 * lease). An instance syncs every chosen folder, then waits in IDLE on INBOX (where the server
 * offers it) and wakes on a new message, a flag change, or the poll interval, when it syncs
 * INBOX and, every poll, the other folders. A refused login marks the mailbox disconnected
 * with the server's reason, which ends the instance for good; any other failure ends it with
 * an error and the supervisor starts it again after a backoff.
 */
import type { ImapFlow } from 'imapflow';
import type { AppContext } from '../../lib/context.js';
import { defineService, type ServiceRunTools } from '../../lib/service-definition.js';
import { MailboxLoginRefusedError } from './mailbox-credentials.js';
import { connectMailbox } from './mailbox-login.js';
import { syncAllFolders, syncFolder, type SyncTarget } from './mailbox-sync.js';
import * as repo from './mailboxes.repository.js';

export const MAILBOX_SYNC_SERVICE = 'mailbox-sync';

export type MailboxSyncOptions = { pollMs: number };
const DEFAULTS: MailboxSyncOptions = { pollMs: 60_000 };

export function mailboxSyncService(options: Partial<MailboxSyncOptions> = {}) {
  const { pollMs } = { ...DEFAULTS, ...options };
  return defineService({
    name: MAILBOX_SYNC_SERVICE,
    instances: (ctx) => repo.connectedAccountIds(ctx.db),
    run: (ctx, accountId, tools) => runMailboxSync(ctx, accountId, tools, pollMs),
    backoff: { initialMs: 2_000, maxMs: 5 * 60_000 },
  });
}

export async function runMailboxSync(ctx: AppContext, accountId: string, tools: Pick<ServiceRunTools, 'signal' | 'lane' | 'log'>, pollMs: number): Promise<void> {
  const account = await repo.findAccount(ctx.db, accountId);
  if (!account || account.status !== 'connected') return;
  let client: ImapFlow;
  try {
    client = await connectMailbox(ctx, account);
  } catch (error) {
    // The mailbox is marked disconnected: this instance ends for good.
    if (error instanceof MailboxLoginRefusedError) return;
    throw error;
  }
  client.on('error', (error: Error) => tools.log(`mailbox ${accountId}: ${error.message}`));
  const stop = () => void client.close();
  tools.signal.addEventListener('abort', stop, { once: true });
  try {
    await watch(client, { db: ctx.db, lane: tools.lane, accountId, signal: tools.signal }, pollMs);
  } catch (error) {
    if (tools.signal.aborted) return;
    throw error;
  } finally {
    tools.signal.removeEventListener('abort', stop);
    if (client.usable) await client.logout().catch(() => client.close());
  }
}

async function watch(client: ImapFlow, target: SyncTarget & { signal: AbortSignal }, pollMs: number) {
  const folders = await syncAllFolders(client, target);
  const inbox = folders.find((f) => f.special_use === 'inbox')!;
  const others = folders.filter((f) => f !== inbox);
  const canIdle = client.capabilities.has('IDLE');
  let changed = false;
  let wake: (() => void) | undefined;
  const onChange = () => {
    changed = true;
    wake?.();
  };
  client.on('exists', onChange);
  client.on('flags', onChange);
  client.on('expunge', onChange);
  const closed = new Promise<never>((_, reject) => client.once('close', () => reject(new Error('IMAP connection closed'))));
  closed.catch(() => {});
  let lastPoll = Date.now();
  while (!target.signal.aborted) {
    await syncFolder(client, inbox, target);
    if (Date.now() - lastPoll >= pollMs) {
      for (const folder of others) await syncFolder(client, folder, target);
      await syncFolder(client, inbox, target);
      lastPoll = Date.now();
    }
    if (changed) {
      changed = false;
      continue;
    }
    let timer: NodeJS.Timeout | undefined;
    let onAbort: (() => void) | undefined;
    const woken = new Promise<void>((resolve) => {
      wake = onAbort = resolve;
      timer = setTimeout(resolve, Math.max(0, pollMs - (Date.now() - lastPoll)));
      target.signal.addEventListener('abort', onAbort, { once: true });
    });
    // INBOX is selected (read-only) after its sync: IDLE there until something happens.
    // A connection closed mid-IDLE rejects it; that failure reaches the loop through `closed` or the next command.
    if (canIdle) client.idle().catch(() => {});
    try {
      await Promise.race([woken, closed]);
    } finally {
      clearTimeout(timer);
      target.signal.removeEventListener('abort', onAbort!);
      wake = undefined;
    }
    changed = false;
    if (target.signal.aborted) break;
    // The next command ends the IDLE.
  }
}
