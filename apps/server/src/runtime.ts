import type { FastifyInstance } from 'fastify';
import { openDatabaseFor, type Database } from './db/database.js';
import { migrateToLatest } from './db/migrate.js';
import { Outbox } from './events/outbox.js';
import { FEATURES, SESSIONS } from './features.js';
import { buildApp, type BuildAppOptions } from './http/app.js';
import { JobRecovery, resumeInterruptedJobs } from './jobs/job-recovery.js';
import { Queue } from './jobs/queue.js';
import type { Config } from './lib/config.js';
import type { AppContext } from './lib/context.js';
import { createWriteLane, Supervisor, type ServiceDefinition, type SupervisorOptions } from './supervisor/index.js';
import type { FeatureModule, JobRegistration, Schedule } from './lib/feature-module.js';

export type Runtime = {
  ctx: AppContext;
  database: Database;
  app: FastifyInstance | null;
  /** Runs the supervised services (in a process that works, when any are given). */
  supervisor: Supervisor | null;
  queue: Queue;
  /** Every recurring job of the features and of the outbox. */
  schedules: readonly Schedule[];
  /** Stops accepting requests, lets running jobs finish (or leaves them for retry), closes the database. */
  close(): Promise<void>;
};

export type RuntimeOptions = {
  serve: boolean;
  work: boolean;
  database?: Database;
  /** The features to run (default: all of them, as src/features.ts lists them). */
  features?: readonly FeatureModule[];
  /** Replaces the features' jobs (the outbox's own jobs are always there): tests that run one job. */
  jobs?: readonly JobRegistration[];
  pollingIntervalSeconds?: number;
  maintenanceIntervalSeconds?: number;
  logger?: BuildAppOptions['logger'];
  /** Long-lived services to supervise besides the features' own (one lease-holding instance per key). */
  services?: ServiceDefinition[];
  /** Supervisor timings for tests; the lease defaults to SERVICE_LEASE_SECONDS. */
  supervisor?: Partial<Pick<SupervisorOptions, 'leaseMs' | 'reconcileIntervalMs' | 'stopTimeoutMs' | 'backoff' | 'holder' | 'log'>>;
};

export async function startRuntime(config: Config, options: RuntimeOptions): Promise<Runtime> {
  const features = options.features ?? FEATURES;
  const database = options.database ?? (await openDatabaseFor(config));
  await migrateToLatest(database.db);
  const outbox = new Outbox(features.flatMap((f) => f.subscriptions ?? []));
  const queue = await Queue.start(
    database.executeSql,
    [...(options.jobs ?? features.flatMap((f) => f.jobs ?? [])), ...outbox.jobs()],
    (error) => console.error('[queue]', error.message),
    options.maintenanceIntervalSeconds ? { maintenanceIntervalSeconds: options.maintenanceIntervalSeconds } : {},
  );
  outbox.connect(queue);
  const ctx: AppContext = { db: database.db, queue, events: outbox, config };
  // Jobs interrupted by a process that died run again now, not at their expiry (up to an hour).
  // The embedded database has one process: whatever is active was left by the last one. On a
  // shared PostgreSQL, heartbeats tell the dead workers from the live ones.
  let recovery: JobRecovery | null = null;
  if (database.kind === 'pglite') {
    await resumeInterruptedJobs(database.db);
  } else {
    recovery = new JobRecovery({ db: database.db, queues: queue.names, held: queue.held, leaseSeconds: config.serviceLeaseSeconds });
    await recovery.start({ beat: options.work });
  }
  if (options.work) {
    await queue.work(ctx, options.pollingIntervalSeconds ? { pollingIntervalSeconds: options.pollingIntervalSeconds } : {});
  }
  const services = [...features.flatMap((f) => f.services ?? []), ...(options.services ?? [])];
  const supervisor =
    options.work && services.length
      ? new Supervisor({
          ctx,
          services,
          lane: createWriteLane(database.db, database.kind),
          leaseMs: config.serviceLeaseSeconds * 1000,
          ...options.supervisor,
        })
      : null;
  await supervisor?.start();
  const routes = features.flatMap((f) => (f.routes ? [f.routes(ctx)] : []));
  const app = options.serve
    ? await buildApp(ctx, { routes, sessions: SESSIONS }, options.logger !== undefined ? { logger: options.logger } : {})
    : null;
  if (app) await app.ready();

  let closing: Promise<void> | undefined;
  const close = () =>
    (closing ??= (async () => {
      if (app) await app.close();
      await supervisor?.stop();
      await queue.stop({ graceful: true });
      await recovery?.stop();
      await database.close();
    })());
  const schedules = [...features.flatMap((f) => f.schedules ?? []), ...outbox.schedules()];
  return { ctx, database, app, queue, schedules, supervisor, close };
}
