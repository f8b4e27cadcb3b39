/**
 * Reads a compose request's multipart body part by part: text fields are kept (each capped by
 * the parser), files are streamed to a private folder under DATA_DIR while their bytes are
 * counted, so a message with 25 MB of attachments never sits in memory as a request. A refusal
 * (unknown field, too many or too large files) is remembered and the rest of the body drained,
 * so the client reads a clear 4xx instead of a broken connection.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { PassThrough, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { MultipartFile, Multipart } from '@fastify/multipart';
import { AppError, COMPOSE_LIMITS, COMPOSE_MESSAGES, INLINE_IMAGE_NAME, INLINE_IMAGE_TYPES, SEND_MAIL_FIELD_NAMES } from '@leadline/shared';
import { ensurePrivateDir, PRIVATE_FILE_MODE } from '../../lib/files/index.js';
import type { OutgoingAttachment } from './mail-send.js';

/** `cid`: an image shown in the text, which refers to it as `cid:` + this token. */
export type UploadedAttachment = OutgoingAttachment & { path: string; size: number; cid?: string };

export type ReceivedCompose = {
  fields: Record<string, string>;
  attachments: UploadedAttachment[];
  /** Deletes the received files; call it once the message is sent or refused. */
  cleanup(): Promise<void>;
};

const FIELD_NAMES: ReadonlySet<string> = new Set(SEND_MAIL_FIELD_NAMES);
/** A declared type is kept only when it looks like one; otherwise nodemailer infers it from the name. */
const MIME_TYPE = /^[a-z0-9][a-z0-9!#$&^_.+-]{0,126}\/[a-z0-9][a-z0-9!#$&^_.+-]{0,126}$/i;

/** The name as the user knows it: no folders, no control characters. */
const cleanFileName = (name: string) =>
  (name.split(/[\\/]/).pop() ?? '').replace(/[\u0000-\u001f\u007f]/g, '').replace(/[\ud800-\udfff]/g, '_').trim().slice(0, 255);

const outboxDir = (dataDir: string) => path.join(dataDir, 'mail-outbox');

/**
 * Counts the bytes of every file of the request and fails once they pass the message's cap, or
 * once this file passes its own (an inline image's).
 */
function sizeMeter(state: { total: number }, file: { limit: number; message: string; field: string }) {
  let mine = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      state.total += chunk.length;
      mine += chunk.length;
      if (mine > file.limit) return callback(new AppError('PAYLOAD_TOO_LARGE', file.message, { field: file.field }));
      if (state.total > COMPOSE_LIMITS.attachmentBytes) return callback(new AppError('PAYLOAD_TOO_LARGE', COMPOSE_MESSAGES.attachmentsTooLarge, { field: file.field }));
      callback(null, chunk);
    },
  });
}

/** Folders of sends cut off by a crash: gone when the next message arrives an hour later. */
const STALE_AFTER_MS = 3_600_000;

async function sweepStale(root: string) {
  const cutoff = Date.now() - STALE_AFTER_MS;
  for (const name of await fsp.readdir(root).catch(() => [])) {
    const dir = path.join(root, name);
    const stat = await fsp.stat(dir).catch(() => null);
    if (stat && stat.mtimeMs < cutoff) await fsp.rm(dir, { recursive: true, force: true });
  }
}

export async function receiveCompose(dataDir: string, parts: AsyncIterable<Multipart>): Promise<ReceivedCompose> {
  ensurePrivateDir(outboxDir(dataDir));
  await sweepStale(outboxDir(dataDir));
  const dir = path.join(outboxDir(dataDir), crypto.randomUUID());
  ensurePrivateDir(dir);
  const cleanup = () => fsp.rm(dir, { recursive: true, force: true });
  const fields: Record<string, string> = {};
  const attachments: UploadedAttachment[] = [];
  const size = { total: 0 };
  let refusal: AppError | null = null;
  try {
    for await (const part of parts) {
      if (part.type === 'field') {
        if (refusal) continue;
        if (!FIELD_NAMES.has(part.fieldname)) refusal = new AppError('VALIDATION_FAILED', COMPOSE_MESSAGES.unknownField(part.fieldname.slice(0, 60)), { field: 'body' });
        else if (part.valueTruncated) refusal = new AppError('PAYLOAD_TOO_LARGE', part.fieldname === 'html' ? COMPOSE_MESSAGES.bodyTooLarge : `${part.fieldname} is too long.`, { field: part.fieldname });
        else fields[part.fieldname] = String(part.value);
        continue;
      }
      if (refusal || (part.filename === '' && (part.fieldname === 'attachments' || part.fieldname === 'inlineImages'))) {
        part.file.resume();
        continue;
      }
      refusal = await receiveFile(part, dir, attachments, size);
    }
  } catch (error) {
    await cleanup();
    // The parser's own limits (parts, files) end the body; say it in the same words.
    if ((error as { code?: string }).code === 'FST_FILES_LIMIT') throw new AppError('PAYLOAD_TOO_LARGE', COMPOSE_MESSAGES.tooManyAttachments, { field: 'attachments' });
    throw error;
  }
  if (refusal) {
    await cleanup();
    throw refusal;
  }
  return { fields, attachments, cleanup };
}

/** Why this file part may not be taken before its bytes are read, or null. */
function refusalBefore(part: MultipartFile, attachments: UploadedAttachment[]): AppError | null {
  if (part.fieldname === 'attachments') {
    if (attachments.filter((a) => !a.cid).length >= COMPOSE_LIMITS.attachments) return new AppError('PAYLOAD_TOO_LARGE', COMPOSE_MESSAGES.tooManyAttachments, { field: 'attachments' });
    return null;
  }
  if (part.fieldname !== 'inlineImages') return new AppError('VALIDATION_FAILED', COMPOSE_MESSAGES.unknownField(part.fieldname.slice(0, 60)), { field: 'body' });
  if (attachments.filter((a) => a.cid).length >= COMPOSE_LIMITS.inlineImages) return new AppError('PAYLOAD_TOO_LARGE', COMPOSE_MESSAGES.tooManyInlineImages, { field: 'inlineImages' });
  if (!(INLINE_IMAGE_TYPES as readonly string[]).includes(part.mimetype)) return new AppError('VALIDATION_FAILED', COMPOSE_MESSAGES.inlineImageType, { field: 'inlineImages' });
  if (!INLINE_IMAGE_NAME.test(part.filename) || attachments.some((a) => a.cid === part.filename)) {
    return new AppError('VALIDATION_FAILED', 'An image in the text is named by the token of its cid: reference (letters, digits, ".", "_", "-"), each once.', { field: 'inlineImages' });
  }
  return null;
}

/** Streams one file part to disk; answers why it was refused, or null. */
async function receiveFile(part: MultipartFile, dir: string, attachments: UploadedAttachment[], size: { total: number }): Promise<AppError | null> {
  const refusal = refusalBefore(part, attachments);
  if (refusal) {
    part.file.resume();
    return refusal;
  }
  const inline = part.fieldname === 'inlineImages';
  const file = path.join(dir, String(attachments.length));
  const before = size.total;
  const limit = inline
    ? { limit: COMPOSE_LIMITS.inlineImageBytes, message: COMPOSE_MESSAGES.inlineImageTooLarge, field: 'inlineImages' }
    : { limit: COMPOSE_LIMITS.attachmentBytes, message: COMPOSE_MESSAGES.attachmentsTooLarge, field: 'attachments' };
  // Piped rather than put in the pipeline, so a refusal mid-file destroys only our streams: the
  // part keeps being read (and dropped) to its end, and the connection stays usable.
  const input = new PassThrough();
  part.file.on('error', (error) => input.destroy(error));
  part.file.pipe(input);
  try {
    await pipeline(input, sizeMeter(size, limit), fs.createWriteStream(file, { flags: 'wx', mode: PRIVATE_FILE_MODE }));
  } catch (error) {
    part.file.unpipe(input);
    part.file.resume();
    if (error instanceof AppError) return error;
    throw error;
  }
  if (part.file.truncated) return new AppError('PAYLOAD_TOO_LARGE', COMPOSE_MESSAGES.attachmentsTooLarge, { field: limit.field });
  const filename = cleanFileName(part.filename) || `attachment-${attachments.length + 1}`;
  const contentType = MIME_TYPE.test(part.mimetype) ? { contentType: part.mimetype } : {};
  attachments.push({ filename, path: file, size: size.total - before, ...contentType, ...(inline ? { cid: part.filename } : {}) });
  return null;
}
