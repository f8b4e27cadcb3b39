import { AppError } from '@leadline/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/database.js';
import { createTestDatabase } from '../../test/database.js';
import { createOwner, type TestUser } from '../../test/factories.js';
import { purgeExpiredKeys, runOnce, type IdempotentRequest } from './idempotency.service.js';

let database: Database;
let user: TestUser;
beforeAll(async () => {
  database = await createTestDatabase();
  user = await createOwner(database.db);
});
afterAll(() => database.close());

const request = (key: string, body: unknown = { a: 1 }): IdempotentRequest => ({ teamId: user.teamId, userId: user.userId, key, route: 'POST /test', body });
const age = (key: string, ms: number) =>
  database.db.updateTable('idempotency_keys').set({ created_at: new Date(Date.now() - ms) }).where('key', '=', key).execute();

describe('runOnce', () => {
  it('runs every time without a key', async () => {
    let runs = 0;
    await runOnce(database.db, { ...request('x'), key: undefined }, async () => ++runs);
    await runOnce(database.db, { ...request('x'), key: undefined }, async () => ++runs);
    expect(runs).toBe(2);
  });

  it('frees the key when the work fails on our side, so a retry runs', async () => {
    await expect(runOnce(database.db, request('boom'), async () => Promise.reject(new Error('database went away')))).rejects.toThrow('database went away');
    expect(await runOnce(database.db, request('boom'), async () => 'second try')).toBe('second try');
    expect(await runOnce(database.db, request('boom'), async () => 'third')).toBe('second try');
  });

  it('replays an AppError answer below 500 as the same error', async () => {
    await expect(runOnce(database.db, request('no'), async () => Promise.reject(new AppError('INSUFFICIENT_CREDITS', 'poor')))).rejects.toThrow('poor');
    let replayed = false;
    const again = runOnce(database.db, request('no'), async () => 'ran', () => (replayed = true));
    await expect(again).rejects.toMatchObject({ code: 'INSUFFICIENT_CREDITS', message: 'poor' });
    expect(replayed).toBe(true);
  });

  it('takes over a key whose request never answered for 10 minutes, and forgets answers after a day', async () => {
    let wake!: () => void;
    const dying = runOnce(database.db, request('stuck'), () => new Promise<string>((resolve) => (wake = () => resolve('late'))));
    await new Promise((r) => setTimeout(r, 50));
    await age('stuck', 11 * 60_000);
    expect(await runOnce(database.db, request('stuck'), async () => 'taken over')).toBe('taken over');
    wake();
    await dying;
    // The request that seemed dead answers late, but the key's answer stays the one that took it over.
    expect(await runOnce(database.db, request('stuck'), async () => 'again')).toBe('taken over');

    expect(await runOnce(database.db, request('old'), async () => 'yesterday')).toBe('yesterday');
    await age('old', 25 * 3600_000);
    expect(await runOnce(database.db, request('old'), async () => 'today')).toBe('today');
  });

  it('refuses the same key for another body', async () => {
    await runOnce(database.db, request('k', { a: 1 }), async () => 1);
    await expect(runOnce(database.db, request('k', { a: 2 }), async () => 2)).rejects.toMatchObject({ code: 'IDEMPOTENCY_KEY_REUSED', status: 422 });
  });

  it('sweeps the keys of every team once they are a day old', async () => {
    const other = await createOwner(database.db);
    await runOnce(database.db, request('sweep-mine'), async () => 1);
    await runOnce(database.db, { ...request('sweep-theirs'), teamId: other.teamId, userId: other.userId }, async () => 1);
    await runOnce(database.db, request('sweep-fresh'), async () => 1);
    await age('sweep-mine', 25 * 3600_000);
    await age('sweep-theirs', 25 * 3600_000);
    expect(await purgeExpiredKeys(database.db)).toBeGreaterThanOrEqual(2);
    const left = await database.db.selectFrom('idempotency_keys').select('key').where('key', 'like', 'sweep-%').execute();
    expect(left.map((r) => r.key)).toEqual(['sweep-fresh']);
  });
});
