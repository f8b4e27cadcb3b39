import { notFound, type JobProgressDto } from '@leadline/shared';
import type { Kysely } from 'kysely';
import type { DB, JobProgress } from '../../db/schema.js';
import * as repo from './progress.repository.js';

export function presentProgress(p: JobProgress): JobProgressDto {
  return {
    _id: p.id,
    kind: p.kind,
    state: p.state,
    done: p.done,
    total: p.total,
    errorCount: p.error_count,
    errors: p.errors,
    result: p.result,
    createdAt: p.created_at.toISOString(),
    startedAt: p.started_at?.toISOString() ?? null,
    finishedAt: p.finished_at?.toISOString() ?? null,
  };
}

/** A long job's progress record: created when the work is asked for, updated by its handler. */
export class ProgressTracker {
  constructor(private readonly db: Kysely<DB>, readonly id: string) {}

  static async create(db: Kysely<DB>, values: { teamId: string; userId: string | null; kind: string; total?: number | null }) {
    const row = await repo.insertProgress(db, { ...values, total: values.total ?? null });
    return new ProgressTracker(db, row.id);
  }

  async current() {
    const row = await repo.findProgress(this.db, this.id);
    if (!row) throw notFound('Job');
    return row;
  }
  start(total?: number | null) {
    return repo.updateProgress(this.db, this.id, { state: 'running', ...(total !== undefined ? { total } : {}) });
  }
  advance(done: number, total?: number | null) {
    return repo.updateProgress(this.db, this.id, { done, ...(total !== undefined ? { total } : {}) });
  }
  recordErrors(errors: { message: string; item?: string }[]) {
    const at = new Date().toISOString();
    return repo.appendErrors(this.db, this.id, errors.map((e) => ({ ...e, at })));
  }
  complete(result?: Record<string, unknown>) {
    return repo.updateProgress(this.db, this.id, { state: 'completed', ...(result ? { result } : {}) });
  }
  /** Completes the record unless another attempt already did; only the one that did should announce it. */
  completeOnce(result: Record<string, unknown>) {
    return repo.completeOnce(this.db, this.id, result);
  }
  async fail(message: string) {
    await this.recordErrors([{ message }]);
    await repo.updateProgress(this.db, this.id, { state: 'failed' });
  }
}

export async function getJobProgress(db: Kysely<DB>, teamId: string, id: string): Promise<JobProgressDto> {
  const row = await repo.findProgressForTeam(db, teamId, id);
  if (!row) throw notFound('Job');
  return presentProgress(row);
}

export async function listJobProgress(db: Kysely<DB>, teamId: string, options: { kind?: string | undefined; limit: number }) {
  const rows = await repo.listProgressForTeam(db, teamId, {
    limit: options.limit,
    ...(options.kind ? { kind: options.kind } : {}),
  });
  return rows.map(presentProgress);
}
