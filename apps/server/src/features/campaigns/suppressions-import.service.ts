import type { Readable } from 'node:stream';
import { AppError } from '@leadline/shared';
import { SUPPRESSION_IMPORT_LIMITS, SUPPRESSION_MESSAGES, SuppressionDeleteBody, type SuppressionImportResult } from '@leadline/shared/campaigns/index';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import type { Actor } from '../../lib/actor.js';
import { CsvRowDecoder } from '../../lib/files/index.js';
import * as repo from './suppressions.repository.js';

/** Addresses written per transaction: small enough that a large file never holds the database long. */
const BATCH = 1000;
const EMAIL = SuppressionDeleteBody.shape.email;
const HEADER = /^(e-?mail|e-?mail[ _-]?address(es)?|emails?|address|domains?|website)$/i;
const DOMAIN = /^(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/i;

const refuse = (message: string) => new AppError('VALIDATION_FAILED', message, { field: 'file' });

/** A file that is a spreadsheet, an archive or other binary content, by its first bytes. */
function looksBinary(head: Buffer): boolean {
  if (head.subarray(0, 4).equals(Buffer.from('PK\u0003\u0004', 'latin1'))) return true; // .xlsx, .zip
  if (head.subarray(0, 8).equals(Buffer.from('d0cf11e0a1b11ae1', 'hex'))) return true; // .xls
  if (head[0] === 0xff || head[0] === 0xfe) return false; // UTF-16 text with its BOM
  return head.subarray(0, 4096).includes(0);
}

type Column = { index: number; name: string; headerRow: boolean };

/** The column holding the addresses: a header named like one, else the first cell that is an address. */
function columnOf(first: string[]): Column | null {
  const named = first.findIndex((cell) => HEADER.test(cell.trim()));
  if (named >= 0) return { index: named, name: first[named]!.trim(), headerRow: true };
  const address = first.findIndex((cell) => EMAIL.safeParse(cell.trim()).success);
  if (address >= 0) return { index: address, name: `column ${address + 1}`, headerRow: false };
  if (first.length === 1) return { index: 0, name: first[0]!.trim() || 'column 1', headerRow: true };
  return null;
}

/**
 * Reads a CSV of suppressions as it arrives: one column of email addresses (found by its header,
 * or the first cell that is an address). Valid addresses are added in batches, and their active
 * leads stop; invalid rows (and domains, which the list does not hold) are counted, the first few
 * named with their line. An address already listed, or repeated in the file, is a duplicate.
 */
export async function importSuppressions(db: Kysely<DB>, actor: Actor, file: Readable, now = () => new Date()): Promise<SuppressionImportResult> {
  const decoder = new CsvRowDecoder();
  const result: SuppressionImportResult = { rows: 0, added: 0, duplicates: 0, invalid: 0, column: '', invalidExamples: [] };
  let column: Column | null | undefined;
  let line = 0; // rows read, empty lines not counted
  let pending: string[] = [];
  let checkedHead = false;

  const flush = async () => {
    if (!pending.length) return;
    const emails = pending;
    pending = [];
    const added = await db.transaction().execute(async (trx) => {
      const count = await repo.addSuppressions(trx, actor.teamId, emails, 'import');
      await repo.stopSuppressedLeads(trx, actor.teamId, emails, now());
      return count;
    });
    result.added += added;
    result.duplicates += emails.length - added;
  };
  const invalid = (value: string, reason: string) => {
    result.invalid++;
    if (result.invalidExamples.length < SUPPRESSION_IMPORT_LIMITS.examples) result.invalidExamples.push({ row: line, value: value.slice(0, 320), reason });
  };
  const take = async (rows: string[][]) => {
    for (const row of rows) {
      line++;
      if (column === undefined) {
        column = columnOf(row);
        if (!column) throw refuse(SUPPRESSION_MESSAGES.noEmailColumn);
        result.column = column.name;
        if (column.headerRow) continue;
      }
      result.rows++;
      const value = (row[column!.index] ?? '').trim();
      if (EMAIL.safeParse(value).success) pending.push(value.toLowerCase());
      else invalid(value, DOMAIN.test(value.replace(/^https?:\/\//i, '').replace(/\/.*$/, '')) ? SUPPRESSION_MESSAGES.domainNotSupported : SUPPRESSION_MESSAGES.invalidEmail);
      if (pending.length >= BATCH) await flush();
    }
  };

  try {
    for await (const chunk of file as AsyncIterable<Buffer>) {
      if (!checkedHead) {
        checkedHead = true;
        if (looksBinary(chunk)) throw refuse(SUPPRESSION_MESSAGES.notCsv);
      }
      await take(decoder.push(chunk));
    }
    await take(decoder.end());
  } catch (error) {
    file.resume(); // the rest of the upload is read and dropped, so the answer can be sent
    throw error;
  }
  if (column === undefined) throw refuse(SUPPRESSION_MESSAGES.notCsv);
  await flush();
  return result;
}
