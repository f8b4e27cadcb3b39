/**
 * A message's raw source, fetched from the IMAP server when first opened and kept under
 * DATA_DIR (private to the server's user), so the body and its attachments are read from disk
 * afterwards. The sync stores headers, text and attachment metadata only: most attachments
 * are never opened, and the server keeps the original.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { notFound } from '@leadline/shared';
import { simpleParser, type ParsedMail } from 'mailparser';
import { ensurePrivateDir, PRIVATE_FILE_MODE } from '../../db/private-dir.js';
import type { AppContext } from '../../lib/context.js';
import type { MailAccountRow } from './mailbox-credentials.js';
import { withMailboxSession } from './mailbox-session.js';
import type { OwnedMessage } from './inbox.repository.js';

const cachePath = (ctx: AppContext, accountId: string, messageId: string) => path.join(ctx.config.dataDir, 'mail-cache', accountId, `${messageId}.eml`);

async function fetchSource(ctx: AppContext, account: MailAccountRow, message: OwnedMessage): Promise<Buffer> {
  return withMailboxSession(ctx, account, async (client) => {
    const mailbox = await client.mailboxOpen(message.folder_path, { readOnly: true });
    if (String(mailbox.uidValidity) !== String(message.uidvalidity)) throw notFound('Message');
    const fetched = await client.fetchOne(String(message.uid), { source: true }, { uid: true });
    if (!fetched || !fetched.source) throw notFound('Message');
    return fetched.source;
  });
}

/** The message's source from the cache, or from the server (then cached). */
export async function messageSource(ctx: AppContext, account: MailAccountRow, message: OwnedMessage): Promise<Buffer> {
  const file = cachePath(ctx, account.id, message.id);
  try {
    return await fs.readFile(file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  const source = await fetchSource(ctx, account, message);
  ensurePrivateDir(path.dirname(file));
  const partial = `${file}.${process.pid}.part`;
  await fs.writeFile(partial, source, { mode: PRIVATE_FILE_MODE });
  await fs.rename(partial, file);
  return source;
}

export async function parsedSource(ctx: AppContext, account: MailAccountRow, message: OwnedMessage): Promise<ParsedMail> {
  return simpleParser(await messageSource(ctx, account, message), { skipImageLinks: true, skipTextLinks: true, skipHtmlToText: true });
}

/** Forgets an account's cached sources (on disconnect). */
export async function dropAccountCache(ctx: AppContext, accountId: string) {
  await fs.rm(path.join(ctx.config.dataDir, 'mail-cache', accountId), { recursive: true, force: true });
}
