import crypto from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { PassThrough, Transform, type Readable } from 'node:stream';
import { AppError, FILE_MESSAGES, notFound, type UploadedFile } from '@leadline/shared';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import type { Upload } from '../../db/schema-lists.js';
import type { Actor } from '../../lib/actor.js';
import type { AppContext } from '../../lib/context.js';
import { CsvSummaryTap, ensurePrivateDir, fileTypeOf, PRIVATE_FILE_MODE, summarizeTable, type TableSummary } from '../../lib/files/index.js';
import * as repo from './files.repository.js';

/** Uploads are working files for an import: they and their rows go after this many days. */
export const UPLOAD_RETENTION_DAYS = 7;

/** A file part as @fastify/multipart hands it over: the stream says `truncated` once the size limit cut it. */
export type IncomingFile = { fileName: string; stream: Readable & { truncated?: boolean } };

export const uploadsDir = (dataDir: string, teamId?: string) => (teamId ? path.join(dataDir, 'uploads', teamId) : path.join(dataDir, 'uploads'));

/** The name as the user knows it: no folders (some browsers send C:\fakepath\...), no control characters. */
export function cleanFileName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  return base.replace(/[\u0000-\u001f\u007f]/g, '').trim().slice(0, 255);
}

/**
 * Bytes being received right now per team, in this process: counted against the quota with the
 * stored ones, so five uploads started at once cannot each see the whole quota free.
 */
const receiving = new Map<string, number>();

/** A pass-through that counts a team's bytes as they arrive and fails once stored plus arriving bytes pass the quota. */
function quotaMeter(teamId: string, stored: number, quota: number) {
  let mine = 0;
  const meter = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      mine += chunk.length;
      const arriving = (receiving.get(teamId) ?? 0) + chunk.length;
      receiving.set(teamId, arriving);
      if (stored + arriving > quota) return callback(new AppError('PAYLOAD_TOO_LARGE', FILE_MESSAGES.quotaExceeded(quota), { field: 'file' }));
      callback(null, chunk);
    },
  });
  const release = () => {
    const left = (receiving.get(teamId) ?? 0) - mine;
    if (left > 0) receiving.set(teamId, left);
    else receiving.delete(teamId);
    mine = 0;
  };
  return { meter, release };
}

/**
 * Streams one uploaded file to `<dataDir>/uploads/<teamId>/<id>.<ext>` (directories 0700, the
 * file 0600), never holding it in memory. CSV is summarised on the way to disk; Excel once it is
 * there (zip guard first). Over the size limit or the team's quota of stored uploads,
 * unreadable or failing, the partial file is deleted and no row is written.
 */
export async function receiveUpload(ctx: AppContext, actor: Actor, file: IncomingFile): Promise<Upload> {
  const fileName = cleanFileName(file.fileName);
  const type = fileTypeOf(fileName);
  if (!type) {
    file.stream.resume(); // drain it, so the request can finish
    throw new AppError('VALIDATION_FAILED', FILE_MESSAGES.wrongType, { field: 'file' });
  }
  const quota = ctx.config.uploadQuotaBytes;
  const stored = await repo.storedUploadBytes(ctx.db, actor.teamId);
  if (stored + (receiving.get(actor.teamId) ?? 0) >= quota) {
    file.stream.resume();
    throw new AppError('PAYLOAD_TOO_LARGE', FILE_MESSAGES.quotaExceeded(quota), { field: 'file' });
  }
  const id = crypto.randomUUID();
  const dir = uploadsDir(ctx.config.dataDir, actor.teamId);
  const filePath = path.join(dir, `${id}.${type}`);
  ensurePrivateDir(uploadsDir(ctx.config.dataDir));
  ensurePrivateDir(dir);
  const { meter, release } = quotaMeter(actor.teamId, stored, quota);
  // Piped rather than put in the pipeline, so a refusal mid-file destroys only our streams: the
  // part keeps being read (and dropped) to its end, and the connection stays usable for the next request.
  const input = new PassThrough();
  file.stream.on('error', (error) => input.destroy(error));
  file.stream.pipe(input);
  let toDisk: fs.WriteStream | undefined;
  try {
    let summary: TableSummary | null = null;
    toDisk = fs.createWriteStream(filePath, { flags: 'wx', mode: PRIVATE_FILE_MODE });
    if (type === 'csv') {
      const tap = new CsvSummaryTap();
      await pipeline(input, meter, tap, toDisk);
      summary = tap.summary();
    } else {
      await pipeline(input, meter, toDisk);
    }
    if (file.stream.truncated) {
      throw new AppError('PAYLOAD_TOO_LARGE', FILE_MESSAGES.tooLarge(ctx.config.maxUploadBytes), { field: 'file' });
    }
    summary ??= await summarizeTable(filePath, type);
    const { size } = await fsp.stat(filePath);
    return await repo.insertUpload(ctx.db, {
      id,
      team_id: actor.teamId,
      user_id: actor.userId,
      file_name: fileName,
      file_type: type,
      size_bytes: size,
      path: filePath,
      headers: JSON.stringify(summary.headers),
      row_count: summary.rowCount,
      blank_counts: JSON.stringify(summary.blankCounts),
    });
  } catch (error) {
    file.stream.unpipe(input);
    file.stream.resume(); // a refusal mid-file: the rest of the part drains
    // The file is opened asynchronously: a refusal can come before the open, which then still
    // creates it. Deleting after the stream has closed leaves nothing behind.
    const opened = toDisk;
    if (opened && !opened.closed) await new Promise<void>((resolve) => opened.once('close', () => resolve()));
    await fsp.rm(filePath, { force: true });
    if (error instanceof AppError) throw error;
    throw new AppError('INTERNAL', type === 'csv' ? FILE_MESSAGES.csvUploadFailed : FILE_MESSAGES.fileProcessingFailed, { cause: error });
  } finally {
    release();
  }
}

/** The team's upload, or 404: what other features call before reading a file. */
export async function requireUpload(db: Kysely<DB>, teamId: string, id: string): Promise<Upload> {
  const upload = await repo.findUploadForTeam(db, teamId, id);
  if (!upload) throw notFound('Upload');
  return upload;
}

export function presentUpload(upload: Upload): UploadedFile {
  return {
    _id: upload.id,
    fileName: upload.file_name,
    fileType: upload.file_type,
    size: Number(upload.size_bytes),
    headers: upload.headers,
    rowCount: upload.row_count,
    blankCounts: upload.blank_counts,
    createdAt: upload.created_at.toISOString(),
  };
}

/**
 * Deletes uploads older than the retention period: the file first, then the row, so a crash in
 * between leaves a row to retry, never an orphan file. Files with no row (an upload cut off by a
 * crash) are swept by age too. Safe to run twice at once: deleting what is gone is a no-op.
 */
export async function purgeOldUploads(ctx: AppContext, now = new Date()): Promise<{ deleted: number; orphans: number }> {
  const cutoff = new Date(now.getTime() - UPLOAD_RETENTION_DAYS * 86_400_000);
  let deleted = 0;
  for (;;) {
    const old = await repo.uploadsCreatedBefore(ctx.db, cutoff, 500);
    if (old.length === 0) break;
    for (const upload of old) await fsp.rm(upload.path, { force: true });
    deleted += await repo.deleteUploads(ctx.db, old.map((u) => u.id));
  }
  return { deleted, orphans: await sweepOrphanFiles(ctx, cutoff) };
}

async function sweepOrphanFiles(ctx: AppContext, cutoff: Date): Promise<number> {
  const root = uploadsDir(ctx.config.dataDir);
  const teams = await fsp.readdir(root, { withFileTypes: true }).catch(() => []);
  let removed = 0;
  for (const team of teams) {
    if (!team.isDirectory()) continue;
    const dir = path.join(root, team.name);
    const stale: Array<{ id: string; file: string }> = [];
    for (const name of await fsp.readdir(dir)) {
      const file = path.join(dir, name);
      const stat = await fsp.stat(file).catch(() => null);
      if (stat?.isFile() && stat.mtime < cutoff) stale.push({ id: name.split('.')[0]!, file });
    }
    const kept = await repo.existingUploadIds(ctx.db, stale.map((s) => s.id).filter((id) => /^[0-9a-f-]{36}$/i.test(id)));
    for (const { id, file } of stale) {
      if (kept.has(id)) continue;
      await fsp.rm(file, { force: true });
      removed++;
    }
  }
  return removed;
}
