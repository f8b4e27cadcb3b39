import path from 'node:path';
import { openDatabase, type Database } from '../db/database.js';
import { createThrowawayDatabase } from './database.js';

/**
 * The database a test shares with the server processes it starts: the embedded one in
 * `dataDir` (one process at a time: the test opens it only while no server runs), or, when
 * TEST_DATABASE_URL is set, a throwaway database on that PostgreSQL server, which the test may
 * read while servers run.
 */
export type WorkerStorage = {
  /** The environment a server process needs to open it. */
  env: Record<string, string>;
  /** Whether the test may open it while a server process has it open. */
  shared: boolean;
  open(): Promise<Database>;
  cleanUp(): Promise<void>;
};

export async function workerStorage(dataDir: string, options: { leaseSeconds?: number } = {}): Promise<WorkerStorage> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) {
    return { env: { DATA_DIR: dataDir }, shared: false, open: () => openDatabase({ kind: 'pglite', dataDir: path.join(dataDir, 'pglite') }), cleanUp: async () => {} };
  }
  const throwaway = await createThrowawayDatabase(adminUrl);
  return {
    env: { DATA_DIR: dataDir, DATABASE_URL: throwaway.url, SERVICE_LEASE_SECONDS: String(options.leaseSeconds ?? 10) },
    shared: true,
    open: () => openDatabase({ kind: 'postgres', url: throwaway.url, poolSize: 2 }),
    cleanUp: () => throwaway.drop(),
  };
}
