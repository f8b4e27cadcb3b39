import { describe, expect, it } from 'vitest';
import { FEATURES } from './features.js';

const jobs = FEATURES.flatMap((f) => f.jobs ?? []);
const subscriptions = FEATURES.flatMap((f) => f.subscriptions ?? []);

describe('the composition', () => {
  it('loads the handler of every job and subscriber a module names', async () => {
    for (const job of jobs) expect(typeof (await job.handler()).default, job.definition.name).toBe('function');
    for (const s of subscriptions) expect(typeof (await s.handler()).default, s.name).toBe('function');
  });

  it('names each feature, job and subscriber once, and schedules only jobs that are registered', () => {
    const unique = (names: string[]) => expect(new Set(names).size, names.join(', ')).toBe(names.length);
    unique(FEATURES.map((f) => f.name));
    unique(jobs.map((j) => j.definition.name));
    unique(subscriptions.map((s) => s.name));
    for (const { job } of FEATURES.flatMap((f) => f.schedules ?? [])) expect(jobs.map((j) => j.definition)).toContain(job);
  });
});
