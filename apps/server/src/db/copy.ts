import type { Readable } from 'node:stream';
import { finished } from 'node:stream/promises';
import { CompiledQuery, type Kysely, type PostgresPool, type PostgresPoolClient } from 'kysely';
import type pg from 'pg';
import { from as copyFrom, to as copyTo } from 'pg-copy-streams';
import { preparedNameOf } from './prepared.js';

/**
 * Rows in COPY's text format (one line each, tab-separated, `\N` for null; see `copyLine`),
 * passed as the only parameter of a `copy ... from stdin` query. Both dialects recognize it:
 * on PostgreSQL the text goes through the COPY sub-protocol (pg-copy-streams), on PGlite through
 * its /dev/blob device. Nothing else sends such a parameter.
 */
export class CopyRows {
  constructor(readonly text: string | Buffer) {}
}

/** COPY text rows into `table` on `db` (a transaction, so the rows commit with what follows). */
export async function copyRows(db: Kysely<any>, table: string, columns: readonly string[], data: string | Buffer, options = ''): Promise<void> {
  if (data.length === 0) return;
  const statement = `copy ${quoteIdent(table)} (${columns.map(quoteIdent).join(', ')}) from stdin${options ? ` ${options}` : ''}`;
  await db.executeQuery(CompiledQuery.raw(statement, [new CopyRows(data)]));
}

export const isCopy = (parameters: readonly unknown[] | undefined): parameters is readonly [CopyRows] => parameters?.length === 1 && parameters[0] instanceof CopyRows;

/**
 * The consumer of a `copy (...) to stdout` query's output, passed as its only parameter: the
 * query holds its connection until `consume` has read the stream to the end (or failed).
 * PostgreSQL only (see `canCopyOut`): PGlite can only write COPY output whole to a Blob.
 */
export class CopyOut {
  constructor(readonly consume: (source: Readable) => Promise<void>) {}
}

const isCopyOut = (parameters: readonly unknown[] | undefined): parameters is readonly [CopyOut] => parameters?.length === 1 && parameters[0] instanceof CopyOut;

/** Kysely instances whose connections run CopyOut (those over a copyCapablePool). */
const copyOutCapable = new WeakSet<Kysely<any>>();
export const markCopyOutCapable = (db: Kysely<any>) => void copyOutCapable.add(db);
export const canCopyOut = (db: Kysely<any>) => copyOutCapable.has(db);

/** Runs a COPY TO STDOUT on a pg client and hands its output to the consumer. */
async function copyOut(client: pg.PoolClient, text: string, out: CopyOut) {
  const source = client.query(copyTo(text));
  try {
    await out.consume(source);
  } catch (error) {
    // The copy may still be running: this connection cannot be reused. An ended client leaves
    // the pool when it is released.
    source.destroy();
    await client.end().catch(() => {});
    throw error;
  }
  return { command: 'COPY', rowCount: 0, rows: [] };
}

/** PGlite reads COPY input from a Blob it exposes as /dev/blob. */
export const pgliteCopyStatement = (text: string) => text.replace(/ from stdin( |$)/, ` from '/dev/blob'$1`);

/** Runs a COPY FROM STDIN on a pg client; answers as pg's query does. */
export async function copyIn(client: pg.PoolClient, text: string, rows: CopyRows) {
  const stream = client.query(copyFrom(text));
  stream.end(rows.text);
  await finished(stream);
  return { command: 'COPY', rowCount: stream.rowCount, rows: [] };
}

/**
 * A pg pool whose clients also run COPY FROM STDIN when a query's parameter is CopyRows;
 * Kysely's PostgresDialect takes it in place of the pool.
 */
export function copyCapablePool(pool: pg.Pool): PostgresPool {
  // One wrapper per pooled client, so Kysely sees the same connection object each time.
  const wrappers = new WeakMap<pg.PoolClient, PostgresPoolClient>();
  return {
    async connect() {
      const client = await pool.connect();
      let wrapper = wrappers.get(client);
      if (!wrapper) {
        const query = (text: any, parameters?: readonly unknown[]): any =>
          isCopy(parameters)
            ? copyIn(client, text, parameters[0])
            : isCopyOut(parameters)
              ? copyOut(client, text, parameters[0])
              : preparedNameOf(text)
                ? client.query({ name: preparedNameOf(text), text, values: parameters as unknown[] })
                : client.query(text, parameters as unknown[]);
        wrapper = { query, release: () => client.release() } as PostgresPoolClient;
        wrappers.set(client, wrapper);
      }
      return wrapper;
    },
    end: () => pool.end(),
  };
}

const ESCAPES: Record<string, string> = { '\\': '\\\\', '\t': '\\t', '\n': '\\n', '\r': '\\r' };
const SPECIAL = /[\\\t\n\r]/;

/** A value in COPY's text format: backslash, tab and line breaks escaped. */
export const copyText = (text: string) => (SPECIAL.test(text) ? text.replace(/[\\\t\n\r]/g, (ch) => ESCAPES[ch]!) : text);

/** A nullable text value in COPY's text format. */
export const copyValue = (value: string | number | null | undefined) => (value === null || value === undefined ? '\\N' : copyText(String(value)));

export const quoteIdent = (name: string) => `"${name.replace(/"/g, '""')}"`;
