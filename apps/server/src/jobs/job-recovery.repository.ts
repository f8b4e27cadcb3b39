import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { DB } from '../db/schema.js';

/** The schema pg-boss keeps its tables in. */
export const QUEUE_SCHEMA = 'pgboss';

const jobTable = sql.table(`${QUEUE_SCHEMA}.job`);
const jobState = sql.id(QUEUE_SCHEMA, 'job_state');
const secondsAgo = (seconds: number) => sql<Date>`now() - make_interval(secs => ${seconds})`;
const secondsFromNow = (seconds: number) => sql<Date>`now() + make_interval(secs => ${seconds})`;

export type ResumedJob = { id: string; name: string; state: 'retry' | 'failed' };

/**
 * Puts active jobs matching `where` back for an attempt now (`retry`: its next fetch counts one
 * more attempt). A job interrupted on its last attempt gets one more, so that its handler's
 * last-attempt clean-up runs if it fails (an import marks its list complete); one interrupted
 * on that extra attempt too is `failed`, so a job that kills its process every time stops.
 * A `stately` job whose key already has one waiting for retry fails instead, as pg-boss's own
 * unique index allows one per key. `skip locked`: two processes sweeping at once never both
 * put back the same job.
 */
async function resumeActiveJobs(db: Kysely<DB>, where: RawBuilder<boolean>, message: string): Promise<ResumedJob[]> {
  const { rows } = await sql<ResumedJob>`
    with interrupted as (
      select j.id, j.name,
        case when j.retry_count > j.retry_limit
               or (j.policy = 'stately' and exists (
                 select 1 from ${jobTable} w
                 where w.name = j.name and w.state = 'retry' and coalesce(w.singleton_key, '') = coalesce(j.singleton_key, '')))
             then 'failed' else 'retry' end as next_state
      from ${jobTable} j
      where j.state = 'active' and ${where}
      for update of j skip locked
    )
    update ${jobTable} j
    set state = cast(i.next_state as ${jobState}),
        start_after = now(),
        completed_on = case when i.next_state = 'failed' then now() end,
        output = jsonb_build_object('message', cast(${message} as text))
    from interrupted i
    where j.name = i.name and j.id = i.id
    returning j.id, j.name, cast(j.state as text) as state`.execute(db);
  return rows;
}

/**
 * Puts active jobs back unrun, to be fetched again `delaySeconds` from now as if never fetched:
 * `started_on` cleared, so that fetch counts no attempt (pg-boss counts one for a job that was
 * started). For the jobs a batch did not start (jobs/queue.ts).
 */
export async function handBackJobs(db: Kysely<DB>, options: { name: string; ids: string[]; message: string; delaySeconds: number }): Promise<void> {
  if (options.ids.length === 0) return;
  await sql`
    update ${jobTable}
    set state = 'retry', started_on = null, start_after = ${secondsFromNow(options.delaySeconds)},
        output = jsonb_build_object('message', cast(${options.message} as text))
    where name = ${options.name} and id = any(cast(array[${sql.join(options.ids)}] as uuid[])) and state = 'active'`.execute(db);
}

/** Every active job: on the embedded database, whose one process is starting, all of them were interrupted. */
export function resumeEveryActiveJob(db: Kysely<DB>, message: string): Promise<ResumedJob[]> {
  return resumeActiveJobs(db, sql<boolean>`true`, message);
}

/**
 * The active jobs of `queues` that no live worker reports and that started more than
 * `graceSeconds` ago (time for the worker that fetched one to report it). They are looked for
 * only while some worker's heartbeat has expired: without a dead worker nothing can be
 * abandoned, and PostgreSQL then skips the scan.
 */
export function resumeAbandonedJobs(db: Kysely<DB>, options: { queues: string[]; graceSeconds: number; message: string }): Promise<ResumedJob[]> {
  if (options.queues.length === 0) return Promise.resolve([]);
  return resumeActiveJobs(
    db,
    sql<boolean>`j.name in (${sql.join(options.queues)})
      and j.started_on < ${secondsAgo(options.graceSeconds)}
      and exists (select 1 from worker_heartbeats dead where dead.expires_at <= now())
      and not exists (select 1 from worker_heartbeats live where live.expires_at > now() and j.id = any(live.job_ids))`,
    options.message,
  );
}

/** Records that `worker` is alive for `leaseSeconds` more and runs `jobIds`. */
export async function beat(db: Kysely<DB>, worker: string, jobIds: string[], leaseSeconds: number): Promise<void> {
  const ids = jobIds.length > 0 ? sql<string[]>`cast(array[${sql.join(jobIds)}] as uuid[])` : sql<string[]>`cast('{}' as uuid[])`;
  await db
    .insertInto('worker_heartbeats')
    .values({ worker, expires_at: secondsFromNow(leaseSeconds), job_ids: ids })
    .onConflict((oc) =>
      oc.column('worker').doUpdateSet((eb) => ({
        heartbeat_at: sql<Date>`now()`,
        expires_at: eb.ref('excluded.expires_at'),
        job_ids: eb.ref('excluded.job_ids'),
      })),
    )
    .execute();
}

export async function deleteWorker(db: Kysely<DB>, worker: string): Promise<void> {
  await db.deleteFrom('worker_heartbeats').where('worker', '=', worker).execute();
}

/** Rows expired more than `graceSeconds` ago: by then every job their worker left has been resumed. */
export async function deleteLongDeadWorkers(db: Kysely<DB>, graceSeconds: number): Promise<void> {
  await db.deleteFrom('worker_heartbeats').where('expires_at', '<', secondsAgo(graceSeconds)).execute();
}
