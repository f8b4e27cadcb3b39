import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { btree_gin } from '@electric-sql/pglite/contrib/btree_gin';
import { citext } from '@electric-sql/pglite/contrib/citext';
import { intarray } from '@electric-sql/pglite/contrib/intarray';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { copyCapablePool, markCopyOutCapable } from './copy.js';
import { Mutex } from './mutex.js';
import { PGliteDialect } from './pglite-dialect.js';
import type { DB } from './schema.js';
import { ensurePrivateDir, PRIVATE_DIR_MODE } from './private-dir.js';

const INT8_OID = 20;
const NUMERIC_OID = 1700;

/** The SQL runner pg-boss needs; it is the only thing the queue knows about the database. */
export type ExecuteSql = (text: string, values?: unknown[]) => Promise<{ rows: any[] }>;

export type Database = {
  db: Kysely<DB>;
  executeSql: ExecuteSql;
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
};

export type DatabaseOptions =
  | { kind: 'postgres'; url: string; poolSize?: number }
  /** dataDir undefined means in memory (tests). */
  | { kind: 'pglite'; dataDir?: string };

pg.types.setTypeParser(INT8_OID, (v) => Number(v));

const turnCounters = new WeakMap<Kysely<any>, () => number>();

/**
 * On PGlite, how many turns at its one connection have been asked for so far (undefined on
 * PostgreSQL): the write lane tells others' use of the database from its own by this count.
 */
export const turnsTaken = (db: Kysely<any>): number | undefined => turnCounters.get(db)?.();

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.kind === 'postgres') return openPostgres(options.url, options.poolSize ?? 10);
  return openPGlite(options.dataDir);
}

async function openPostgres(url: string, poolSize: number): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: poolSize });
  let closed = false;
  // An idle connection that the server drops (restart, failover) must not crash the process;
  // the pool replaces it on the next checkout.
  pool.on('error', (error) => {
    if (!closed) console.error('[db] idle connection lost:', error.message);
  });
  const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool: copyCapablePool(pool) }) });
  markCopyOutCapable(db);
  return {
    db,
    kind: 'postgres',
    executeSql: (text, values) => pool.query(text, values as any[]),
    close: async () => {
      closed = true;
      await db.destroy();
    },
  };
}

/**
 * PGlite does not lock its directory, and two processes writing one database corrupt it; so
 * we hold a lock file with our pid, and take over one left by a process that no longer runs.
 */
function lockDataDir(dataDir: string): () => void {
  const lockFile = `${dataDir}.lock`;
  try {
    fs.writeFileSync(lockFile, String(process.pid), { flag: 'wx' });
  } catch {
    const holder = Number(fs.readFileSync(lockFile, 'utf8'));
    let alive = false;
    try {
      process.kill(holder, 0);
      alive = holder !== process.pid;
    } catch {
      alive = false;
    }
    if (alive) {
      throw new Error(`The embedded database in ${dataDir} is in use by process ${holder}. Stop it first (or use DATABASE_URL for several processes).`);
    }
    fs.writeFileSync(lockFile, String(process.pid));
  }
  return () => fs.rmSync(lockFile, { force: true });
}

/**
 * PostgreSQL settings of the embedded server, on its command line (they win over its
 * postgresql.conf, which initdb wrote and which stays as it is). PGlite's default 128 MB of
 * shared buffers is resident from the start, in a process that also holds the API and the
 * workers: 32 MB takes the process from about 527 to 428 MB of RSS once open (16 MB saves
 * only 28 MB more: the WebAssembly memory does not go below its initial 128 MB).
 */
const PGLITE_SETTINGS = ['shared_buffers=32MB'];

async function openPGlite(dataDir: string | undefined): Promise<Database> {
  if (dataDir) {
    // DATA_DIR is created private when missing; an existing parent (a shared folder such as /tmp,
    // when a database is opened elsewhere) is left as it is. The database's own folder is narrowed.
    fs.mkdirSync(path.dirname(dataDir), { recursive: true, mode: PRIVATE_DIR_MODE });
    ensurePrivateDir(dataDir);
  }
  const unlock = dataDir ? lockDataDir(dataDir) : () => {};
  const pglite = await PGlite.create({
    ...(dataDir ? { dataDir } : {}),
    startParams: [...PGlite.defaultStartParams, ...PGLITE_SETTINGS.flatMap((setting) => ['-c', setting])],
    extensions: { pg_trgm, btree_gin, citext, unaccent, intarray },
    parsers: { [INT8_OID]: (v: string) => Number(v), [NUMERIC_OID]: (v: string) => v },
  });
  const mutex = new Mutex();
  const db = new Kysely<DB>({ dialect: new PGliteDialect(pglite, mutex) });
  turnCounters.set(db, () => mutex.turns);
  const executeSql: ExecuteSql = (text, values) =>
    mutex.run(async () => {
      // pg-boss sends multi-statement scripts without parameters (its own migrations); the
      // extended protocol takes one statement, so those go through exec.
      if (!values || values.length === 0) {
        const results = await pglite.exec(text);
        return { rows: results.at(-1)?.rows ?? [] };
      }
      return pglite.query(text, values);
    });
  return {
    db,
    kind: 'pglite',
    executeSql,
    close: async () => {
      await db.destroy();
      await mutex.run(() => pglite.close());
      unlock();
    },
  };
}

/** The database a configuration names: PostgreSQL at `databaseUrl`, else PGlite in `dataDir/pglite`. */
export async function openDatabaseFor(config: { databaseUrl?: string | undefined; dataDir: string }): Promise<Database> {
  return config.databaseUrl
    ? openDatabase({ kind: 'postgres', url: config.databaseUrl })
    : openDatabase({ kind: 'pglite', dataDir: path.join(config.dataDir, 'pglite') });
}
