import { CompiledQuery, type Kysely } from 'kysely';
import PgBoss from 'pg-boss';
import type { z } from 'zod';
import type { ExecuteSql } from '../db/database.js';
import type { DB } from '../db/schema.js';
import type { AppContext } from '../lib/context.js';

export type JobRun = { id: string; retryCount: number };

/** A job is data: a name, a payload schema and an idempotent handler. */
export type JobDefinition<P> = {
  name: string;
  payload: z.ZodType<P>;
  retryLimit?: number;
  retryDelaySeconds?: number;
  expireInSeconds?: number;
  /** Runs at least once per send: it must re-check state before acting. */
  handle(ctx: AppContext, payload: P, run: JobRun): Promise<void>;
};

export function defineJob<P>(definition: JobDefinition<P>): JobDefinition<P> {
  return definition;
}

export type SendOptions = {
  /** Enqueue inside this transaction, so the job exists only if the transaction commits. */
  trx?: Kysely<DB>;
  singletonKey?: string;
  startAfterSeconds?: number;
};

/** pg-boss on the application's own database (PGlite or PostgreSQL). */
export class Queue {
  readonly #boss: PgBoss;
  readonly #definitions = new Map<string, JobDefinition<any>>();
  #working = false;

  private constructor(boss: PgBoss, definitions: JobDefinition<any>[]) {
    this.#boss = boss;
    for (const d of definitions) this.#definitions.set(d.name, d);
  }

  static async start(
    executeSql: ExecuteSql,
    definitions: JobDefinition<any>[],
    onError: (e: Error) => void,
    options: { maintenanceIntervalSeconds?: number } = {},
  ) {
    const boss = new PgBoss({
      db: { executeSql } as never,
      schema: 'pgboss',
      // Maintenance also puts jobs of a crashed worker (expired while active) back up for retry.
      maintenanceIntervalSeconds: options.maintenanceIntervalSeconds ?? 30,
      monitorStateIntervalSeconds: 60,
    });
    boss.on('error', onError);
    await boss.start();
    for (const d of definitions) {
      await boss.createQueue(d.name, {
        name: d.name,
        retryLimit: d.retryLimit ?? 3,
        retryDelay: d.retryDelaySeconds ?? 5,
        retryBackoff: true,
        expireInSeconds: d.expireInSeconds ?? 15 * 60,
      });
    }
    return new Queue(boss, definitions);
  }

  async send<P>(definition: JobDefinition<P>, payload: P, options: SendOptions = {}): Promise<string | null> {
    const data = definition.payload.parse(payload);
    const trx = options.trx;
    return this.#boss.send(definition.name, data as object, {
      ...(options.singletonKey ? { singletonKey: options.singletonKey } : {}),
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

  /** Start handling every defined job in this process. */
  async work(ctx: AppContext, options: { pollingIntervalSeconds?: number } = {}) {
    this.#working = true;
    for (const definition of this.#definitions.values()) {
      await this.#boss.work(
        definition.name,
        { pollingIntervalSeconds: options.pollingIntervalSeconds ?? 1, includeMetadata: true },
        async (jobs) => {
          for (const job of jobs) {
            const payload = definition.payload.parse(job.data);
            await definition.handle(ctx, payload, { id: job.id, retryCount: job.retryCount });
          }
        },
      );
    }
  }

  /** Sends the job on a cron schedule (pg-boss keeps one schedule per name across processes). */
  async schedule(definition: JobDefinition<any>, cron: string) {
    await this.#boss.schedule(definition.name, cron, {});
  }

  get working() {
    return this.#working;
  }

  async getJob(name: string, id: string) {
    return this.#boss.getJobById(name, id);
  }

  /** Stop fetching; with `graceful`, wait for running handlers (up to the timeout) first. */
  async stop(options: { graceful: boolean; timeoutMs?: number }) {
    await this.#boss.stop({ graceful: options.graceful, wait: true, timeout: options.timeoutMs ?? 30_000 });
  }
}
