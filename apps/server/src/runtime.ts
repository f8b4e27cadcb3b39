import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { openDatabase, type Database } from './db/database.js';
import { migrateToLatest } from './db/migrate.js';
import { buildApp, type BuildAppOptions } from './http/app.js';
import { Queue, type JobDefinition } from './jobs/queue.js';
import { JOB_DEFINITIONS } from './jobs/registry.js';
import type { Config } from './lib/config.js';
import type { AppContext } from './lib/context.js';
import { createWriteLane, Supervisor, type ServiceDefinition, type SupervisorOptions } from './supervisor/index.js';

export type Runtime = {
  ctx: AppContext;
  database: Database;
  app: FastifyInstance | null;
  /** Runs the supervised services (in a process that works, when any are given). */
  supervisor: Supervisor | null;
  /** Stops accepting requests, lets running jobs finish (or leaves them for retry), closes the database. */
  close(): Promise<void>;
};

export type RuntimeOptions = {
  serve: boolean;
  work: boolean;
  database?: Database;
  jobs?: JobDefinition<any>[];
  pollingIntervalSeconds?: number;
  maintenanceIntervalSeconds?: number;
  logger?: BuildAppOptions['logger'];
  /** Long-lived services the worker supervises (one lease-holding instance per key). */
  services?: ServiceDefinition[];
  /** Supervisor timings for tests; the lease defaults to SERVICE_LEASE_SECONDS. */
  supervisor?: Partial<Pick<SupervisorOptions, 'leaseMs' | 'reconcileIntervalMs' | 'stopTimeoutMs' | 'backoff' | 'holder' | 'log'>>;
};

export async function openDatabaseFor(config: Config): Promise<Database> {
  return config.databaseUrl
    ? openDatabase({ kind: 'postgres', url: config.databaseUrl })
    : openDatabase({ kind: 'pglite', dataDir: path.join(config.dataDir, 'pglite') });
}

export async function startRuntime(config: Config, options: RuntimeOptions): Promise<Runtime> {
  const database = options.database ?? (await openDatabaseFor(config));
  await migrateToLatest(database.db);
  const queue = await Queue.start(
    database.executeSql,
    options.jobs ?? JOB_DEFINITIONS,
    (error) => console.error('[queue]', error.message),
    options.maintenanceIntervalSeconds ? { maintenanceIntervalSeconds: options.maintenanceIntervalSeconds } : {},
  );
  const ctx: AppContext = { db: database.db, queue, config };
  if (options.work) {
    await queue.work(ctx, options.pollingIntervalSeconds ? { pollingIntervalSeconds: options.pollingIntervalSeconds } : {});
  }
  const supervisor =
    options.work && options.services?.length
      ? new Supervisor({
          ctx,
          services: options.services,
          lane: createWriteLane(database.db, database.kind),
          leaseMs: config.serviceLeaseSeconds * 1000,
          ...options.supervisor,
        })
      : null;
  await supervisor?.start();
  const app = options.serve ? await buildApp(ctx, options.logger !== undefined ? { logger: options.logger } : {}) : null;
  if (app) await app.ready();

  let closing: Promise<void> | undefined;
  const close = () =>
    (closing ??= (async () => {
      if (app) await app.close();
      await supervisor?.stop();
      await queue.stop({ graceful: true });
      await database.close();
    })());
  return { ctx, database, app, supervisor, close };
}
