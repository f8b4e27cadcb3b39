import crypto from 'node:crypto';
import os from 'node:os';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.js';
import type { HeldJobs } from './held-jobs.js';
import { beat, deleteLongDeadWorkers, deleteWorker, resumeAbandonedJobs, resumeEveryActiveJob, type ResumedJob } from './job-recovery.repository.js';

const RESTART_MESSAGE = 'interrupted: the process running it stopped; resumed when the embedded database was opened again';
const DEAD_WORKER_MESSAGE = 'interrupted: the worker process running it stopped sending heartbeats';

export type JobRecoveryOptions = {
  db: Kysely<DB>;
  /** The queues whose jobs this process may resume (the ones it knows). */
  queues: string[];
  /** The jobs this process runs, reported by its heartbeat. */
  held: HeldJobs;
  /** How long a heartbeat lasts: a worker silent this long is dead, and its jobs are resumed. */
  leaseSeconds: number;
  /** This process's id in the heartbeat table; default host:pid:random. */
  worker?: string;
  log?: (message: string) => void;
};

const describe = (jobs: ResumedJob[]) => jobs.map((j) => `${j.name} ${j.id}${j.state === 'failed' ? ' (no attempts left: failed)' : ''}`).join(', ');

/**
 * On the embedded database the process that opens it is the only one, so a job still active
 * there was left by a process that died: each is put back to run again now, before any worker
 * starts.
 */
export async function resumeInterruptedJobs(db: Kysely<DB>, log: (message: string) => void = defaultLog): Promise<ResumedJob[]> {
  const resumed = await resumeEveryActiveJob(db, RESTART_MESSAGE);
  if (resumed.length > 0) log(`resumed ${resumed.length} job(s) interrupted by the last stop: ${describe(resumed)}`);
  return resumed;
}

function defaultLog(message: string) {
  console.log(`[jobs] ${message}`);
}

/**
 * Job recovery on a shared PostgreSQL, where several processes run jobs: each process that runs
 * jobs writes a heartbeat row with the ids of the jobs it holds, every third of the lease; every
 * process sweeps as often, putting back the active jobs that no live heartbeat reports once some
 * worker's heartbeat has expired. A worker killed at T has its jobs running again by about
 * T + lease + lease / 3 (40 s with the default 30 s lease), instead of at the jobs' expiry.
 */
export class JobRecovery {
  readonly worker: string;
  readonly #options: JobRecoveryOptions;
  readonly #log: (message: string) => void;
  #beatTimer: NodeJS.Timeout | undefined;
  #sweepTimer: NodeJS.Timeout | undefined;
  #beating: Promise<void> | undefined;
  #sweeping: Promise<ResumedJob[]> | undefined;
  #beats = false;
  #stopped = false;

  constructor(options: JobRecoveryOptions) {
    this.#options = options;
    this.worker = options.worker ?? `${os.hostname()}:${process.pid}:${crypto.randomBytes(4).toString('hex')}`;
    this.#log = options.log ?? defaultLog;
  }

  /**
   * Sweeps now and then on an interval; with `beat` (a process that runs jobs) writes its first
   * heartbeat before returning, so a job it fetches later always belongs to a worker with a row.
   */
  async start(options: { beat: boolean }): Promise<void> {
    const intervalMs = (this.#options.leaseSeconds * 1000) / 3;
    if (options.beat) {
      this.#beats = true;
      await this.beat();
      this.#beatTimer = setInterval(() => void this.beat().catch((error: Error) => this.#log(`heartbeat failed: ${error.message}`)), intervalMs);
    }
    await this.sweep().catch((error: Error) => this.#log(`sweep failed: ${error.message}`));
    this.#sweepTimer = setInterval(() => void this.sweep().catch((error: Error) => this.#log(`sweep failed: ${error.message}`)), intervalMs);
  }

  /** Writes this process's heartbeat with the jobs it holds (one write at a time). */
  beat(): Promise<void> {
    if (this.#stopped) return Promise.resolve();
    this.#beating ??= (async () => {
      try {
        const report = this.#options.held.report();
        await beat(this.#options.db, this.worker, report.ids, this.#options.leaseSeconds);
        report.reported();
      } finally {
        this.#beating = undefined;
      }
    })();
    return this.#beating;
  }

  /** Puts back the jobs of dead workers; answers what it put back. */
  sweep(): Promise<ResumedJob[]> {
    if (this.#stopped) return Promise.resolve([]);
    this.#sweeping ??= (async () => {
      try {
        const { db, queues, leaseSeconds } = this.#options;
        const resumed = await resumeAbandonedJobs(db, { queues, graceSeconds: leaseSeconds, message: DEAD_WORKER_MESSAGE });
        if (resumed.length > 0) this.#log(`resumed ${resumed.length} job(s) of a worker that stopped: ${describe(resumed)}`);
        await deleteLongDeadWorkers(db, leaseSeconds);
        return resumed;
      } finally {
        this.#sweeping = undefined;
      }
    })();
    return this.#sweeping;
  }

  /**
   * Stops beating and sweeping. Call it after the queue has stopped: a process that holds no job
   * any more removes its row; one whose jobs outlived the queue's graceful stop leaves the row to
   * expire, so that another process resumes them.
   */
  async stop(): Promise<void> {
    if (this.#stopped) return;
    this.#stopped = true;
    clearInterval(this.#beatTimer);
    clearInterval(this.#sweepTimer);
    await Promise.allSettled([this.#beating, this.#sweeping]);
    if (this.#beats && this.#options.held.running === 0) {
      await deleteWorker(this.#options.db, this.worker).catch((error: Error) => this.#log(`could not remove the heartbeat: ${error.message}`));
    }
  }
}
