import { CompiledQuery } from 'kysely';
import PgBoss from 'pg-boss';
import type { ExecuteSql } from '../db/database.js';
import type { AppContext } from '../lib/context.js';
import type { JobHandler, JobRegistration, Schedule } from '../lib/feature-module.js';
import type { JobDefinition, JobSender, SendOptions } from '../lib/job-definition.js';
import { HeldJobs } from './held-jobs.js';
import { handBackJobs, QUEUE_SCHEMA } from './job-recovery.repository.js';

const DEFAULT_EXPIRE_SECONDS = 15 * 60;
const NOT_STARTED = 'not started: the batch it was fetched with ran past half its expiry; it runs again';
const NOT_STARTED_STOPPING = 'not started: the worker was stopping; it runs again';
/** A job handed back unrun waits this long before it can be fetched again (see work). */
const HAND_BACK_SECONDS = 10;
/** How long a job of a batch runs before the next starts beside it (see JobDefinition.batchTurnSeconds). */
const DEFAULT_BATCH_TURN_SECONDS = 5;
/** Jobs of one batch running at once, at most (slow ones past their turn, and the next). */
const BATCH_MAX_RUNNING = 3;

/** Resolves when `run` settles or after `ms`, whichever is first. */
async function turnOf(run: Promise<void>, ms: number) {
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([run, new Promise<void>((resolve) => (timer = setTimeout(resolve, ms)))]);
  clearTimeout(timer);
}

/** pg-boss on the application's own database (PGlite or PostgreSQL). */
export class Queue implements JobSender {
  readonly #boss: PgBoss;
  readonly #jobs = new Map<string, JobRegistration>();
  /** The jobs this process is running, for its heartbeat (jobs/job-recovery.ts). */
  readonly held = new HeldJobs();
  #working = false;
  /** Set by stop: a batch under way starts no more of its jobs. */
  #stopping = false;

  private constructor(boss: PgBoss, jobs: readonly JobRegistration[]) {
    this.#boss = boss;
    for (const job of jobs) {
      if (this.#jobs.has(job.definition.name)) throw new Error(`Two jobs are named ${job.definition.name}`);
      this.#jobs.set(job.definition.name, job);
    }
  }

  static async start(
    executeSql: ExecuteSql,
    jobs: readonly JobRegistration[],
    onError: (e: Error) => void,
    options: { maintenanceIntervalSeconds?: number } = {},
  ) {
    const boss = new PgBoss({
      db: { executeSql } as never,
      schema: QUEUE_SCHEMA,
      // Maintenance also puts a job active past its expiry back up for retry: the last resort
      // behind jobs/job-recovery.ts, which resumes a dead process's jobs well before that.
      maintenanceIntervalSeconds: options.maintenanceIntervalSeconds ?? 30,
      monitorStateIntervalSeconds: 60,
    });
    boss.on('error', onError);
    await boss.start();
    for (const { definition: d } of jobs) {
      // A batch fails and hands back its jobs just before pg-boss completes the rest (see work):
      // they must not be fetchable at once, and a stately key allows one job waiting for retry.
      if ((d.batchSize ?? 1) > 1 && (d.retryDelaySeconds === 0 || d.policy === 'stately')) throw new Error(`Job ${d.name}: a batchSize needs a retry delay, and no stately policy`);
      const options = {
        policy: d.policy ?? 'standard',
        retryLimit: d.retryLimit ?? 3,
        retryDelay: d.retryDelaySeconds ?? 5,
        retryBackoff: true,
        expireInSeconds: d.expireInSeconds ?? DEFAULT_EXPIRE_SECONDS,
      };
      // createQueue leaves an existing queue as it was: the update makes the definition in the code the one in force.
      await boss.createQueue(d.name, { name: d.name, ...options });
      await boss.updateQueue(d.name, { name: d.name, ...options });
    }
    return new Queue(boss, jobs);
  }

  async send<P>(definition: JobDefinition<P>, payload: P, options: SendOptions = {}): Promise<string | null> {
    if (!this.#jobs.has(definition.name)) throw new Error(`Job ${definition.name} is not registered with the queue`);
    const data = definition.payload.parse(payload);
    const trx = options.trx;
    const singletonKey = definition.singletonKey?.(data);
    return this.#boss.send(definition.name, data as object, {
      ...(singletonKey ? { singletonKey } : {}),
      ...(options.startAfterSeconds ? { startAfter: options.startAfterSeconds } : {}),
      ...(trx
        ? {
            db: {
              executeSql: async (text: string, values: unknown[]) =>
                trx.executeQuery(CompiledQuery.raw(text, values)),
            },
          }
        : {}),
    });
  }

  async sendMany<P>(definition: JobDefinition<P>, jobs: Array<{ payload: P; startAfterSeconds?: number }>, options: Pick<SendOptions, 'trx'> = {}): Promise<void> {
    if (!this.#jobs.has(definition.name)) throw new Error(`Job ${definition.name} is not registered with the queue`);
    if (jobs.length === 0) return;
    const trx = options.trx;
    // pg-boss's insert takes the queue's options (retries, expiry, policy) from the queue row, as send does.
    const rows = jobs.map((job) => {
      const data = definition.payload.parse(job.payload);
      const singletonKey = definition.singletonKey?.(data);
      return {
        name: definition.name,
        data: data as object,
        ...(singletonKey ? { singletonKey } : {}),
        // As send's: a delay from the database's clock.
        ...(job.startAfterSeconds ? { startAfter: `${job.startAfterSeconds} seconds` } : {}),
      };
    });
    await this.#boss.insert(rows, trx ? { db: { executeSql: async (text: string, values: unknown[]) => trx.executeQuery(CompiledQuery.raw(text, values)) } } : {});
  }

  /** Start handling every registered job in this process; a handler module is loaded with its first job. */
  async work(ctx: AppContext, options: { pollingIntervalSeconds?: number } = {}) {
    this.#working = true;
    for (const { definition, handler } of this.#jobs.values()) {
      let loaded: Promise<JobHandler<unknown>> | undefined;
      // The handler first runs after a fetch, once `work` has answered the worker's id.
      const expireMs = (definition.expireInSeconds ?? DEFAULT_EXPIRE_SECONDS) * 1000;
      const turnMs = (definition.batchTurnSeconds ?? DEFAULT_BATCH_TURN_SECONDS) * 1000;
      const workerId: string = await this.#boss.work(
        definition.name,
        { pollingIntervalSeconds: options.pollingIntervalSeconds ?? 1, includeMetadata: true, batchSize: definition.batchSize ?? 1 },
        async (jobs) => {
          const fetchedAt = Date.now();
          for (const job of jobs) this.held.begin(job.id);
          try {
            loaded ??= handler().then((m) => m.default);
            loaded.catch(() => (loaded = undefined)); // a module that failed to load is tried again
            const handle = await loaded;
            const failed: Array<{ id: string; error: unknown }> = [];
            let handBack: { ids: string[]; message: string } | null = null;
            const runs: Array<Promise<void>> = [];
            const running = new Set<Promise<void>>();
            for (const [i, job] of jobs.entries()) {
              // A job not started by half the expiry, or by a stop, goes back unrun: left in the
              // batch it would run after pg-boss gave up on the batch, beside its own retry.
              if ((i > 0 && Date.now() - fetchedAt > expireMs / 2) || this.#stopping) {
                handBack = { ids: jobs.slice(i).map((j) => j.id), message: this.#stopping ? NOT_STARTED_STOPPING : NOT_STARTED };
                break;
              }
              const run = (async () => handle(ctx, definition.payload.parse(job.data), { id: job.id, retryCount: job.retryCount }))().catch((error: unknown) => {
                failed.push({ id: job.id, error });
              });
              runs.push(run);
              running.add(run);
              void run.finally(() => running.delete(run));
              // The next job waits for this one, or for its turn to end: one slow job (an SMTP
              // server that hangs until its timeouts) does not hold up the rest of its batch.
              await turnOf(run, turnMs);
              // But no more than BATCH_MAX_RUNNING at once: a slow server is not sent ten
              // sessions at a time (some allow three a mailbox), nor is the database.
              while (running.size >= BATCH_MAX_RUNNING) await Promise.race(running);
            }
            await Promise.all(runs);
            // Past the expiry pg-boss has already put the whole batch up for retry (it stops
            // waiting for this function then, not this function): nothing more of it is ours.
            if (Date.now() - fetchedAt >= expireMs) return;
            // Failed and handed-back jobs leave `active` only now, as the batch ends: pg-boss then
            // completes the batch's jobs still active. One that left earlier could have been
            // fetched again meanwhile (by another worker), and that completion would end its run.
            // Both come back after a delay (the retry delay, HAND_BACK_SECONDS), well after it.
            if (handBack) await handBackJobs(ctx.db, { name: definition.name, ids: handBack.ids, message: handBack.message, delaySeconds: HAND_BACK_SECONDS });
            for (const { id, error } of failed) {
              await this.#boss.fail(definition.name, id, { message: error instanceof Error ? error.message : String(error), ...(error instanceof Error ? { stack: error.stack } : {}) });
            }
          } finally {
            for (const job of jobs) this.held.end(job.id);
            // pg-boss waits out the polling interval after every fetch, even one that found work.
            if (definition.drain) this.#boss.notifyWorker(workerId);
          }
        },
      );
    }
  }

  /** Sends each job on its cron schedule (pg-boss keeps one schedule per name across processes). */
  async schedule(schedules: readonly Schedule[]) {
    for (const { job, cron } of schedules) await this.#boss.schedule(job.name, cron, {});
  }

  /** The names of the registered jobs (one pg-boss queue each). */
  get names(): string[] {
    return [...this.#jobs.keys()];
  }

  get working() {
    return this.#working;
  }

  async getJob(name: string, id: string) {
    return this.#boss.getJobById(name, id);
  }

  /** Stop fetching; with `graceful`, wait for running handlers (up to the timeout) first. */
  async stop(options: { graceful: boolean; timeoutMs?: number }) {
    this.#stopping = true;
    await this.#boss.stop({ graceful: options.graceful, wait: true, timeout: options.timeoutMs ?? 30_000 });
  }
}
