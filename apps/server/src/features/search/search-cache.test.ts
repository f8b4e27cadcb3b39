import { TOTAL_EXACT_LIMIT, type SearchFiltersInput } from '@leadline/shared';
import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createOwner, createPeople, type TestUser } from '../../test/factories.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { DATA_VERSION_CHECK_MS, SEARCH_CACHE_TTL_MS, SearchCache } from './search-cache.js';
import { countUpTo, pagePeople } from './search.repository.js';

describe('the search cache', () => {
  const clock = { now: 1_000 };
  const cache = () => new SearchCache({ ttlMs: 100, maxEntries: 3, now: () => clock.now });
  const counter = () => {
    let calls = 0;
    return { compute: async () => ++calls, calls: () => calls };
  };

  it('reuses an answer until its time to live has passed, then computes it anew', async () => {
    const c = cache();
    const n = counter();
    expect(await c.get('a', n.compute)).toBe(1);
    clock.now += 99;
    expect(await c.get('a', n.compute)).toBe(1);
    clock.now += 1;
    expect(await c.get('a', n.compute)).toBe(2);
    expect(n.calls()).toBe(2);
  });

  it('computes once for callers that ask while the answer is being computed', async () => {
    const c = cache();
    let release!: (n: number) => void;
    let calls = 0;
    const slow = () => {
      calls++;
      return new Promise<number>((resolve) => (release = resolve));
    };
    const answers = Promise.all([c.get('a', slow), c.get('a', slow), c.get('a', slow)]);
    release(7);
    expect(await answers).toEqual([7, 7, 7]);
    expect(calls).toBe(1);
  });

  it('keeps no failed answer', async () => {
    const c = cache();
    await expect(c.get('a', () => Promise.reject(new Error('connection lost')))).rejects.toThrow('connection lost');
    expect(await c.get('a', async () => 5)).toBe(5);
  });

  it('keys answers apart and drops the oldest beyond its size', async () => {
    const c = cache();
    const n = counter();
    for (const key of ['a', 'b', 'c', 'd']) await c.get(key, n.compute);
    expect(c.size).toBe(3);
    expect(await c.get('d', n.compute)).toBe(4);
    expect(await c.get('a', n.compute)).toBe(5);
  });

  it('reads the data version once per check interval, once for concurrent callers, again when the clock is set back, and keeps no failed read', async () => {
    const c = new SearchCache({ versionCheckMs: 50, now: () => clock.now });
    const n = counter();
    const read = () => n.compute().then(String);
    expect(await Promise.all([c.dataVersion(read), c.dataVersion(read)])).toEqual(['1', '1']);
    clock.now += 49;
    expect(await c.dataVersion(read)).toBe('1');
    clock.now += 1;
    expect(await c.dataVersion(read)).toBe('2');
    await expect(c.dataVersion(() => Promise.reject(new Error('connection lost')))).resolves.toBe('2');
    clock.now += 50;
    await expect(c.dataVersion(() => Promise.reject(new Error('connection lost')))).rejects.toThrow('connection lost');
    expect(await c.dataVersion(read)).toBe('3');
    clock.now -= 1;
    expect(await c.dataVersion(read)).toBe('4');
  });
});

describe('search with the cache', () => {
  let t: TestApp;
  let first: TestUser;
  let second: TestUser;
  const opt = (value: string) => ({ label: value, value, status: 'include' as const });
  const FILTERS: SearchFiltersInput = { location_country: [opt('portugal')] };
  const search = async (user: TestUser, params: SearchFiltersInput) => {
    const response = await t.app.inject({ method: 'POST', url: '/search/contacts', headers: { cookie: user.cookie }, payload: { params } });
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data.response as { total: number; data: Array<{ full_name: string }> };
  };
  const addPortuguese = (ids: string[]) => createPeople(t.ctx.db, ids.map((id) => ({ id, full_name: `person ${id}`, location_country: 'portugal' })));

  beforeAll(async () => {
    t = await createTestApp();
    first = await createOwner(t.ctx.db);
    second = await createOwner(t.ctx.db);
    await addPortuguese(['pt-1', 'pt-2']);
  });
  afterAll(() => t.close());
  afterEach(() => vi.useRealTimers());

  it('answers every team the same count and page for the same filters, and shows new people once the data version is read again, long before the time to live', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    expect((await search(first, FILTERS)).total).toBe(2);
    await addPortuguese(['pt-3']);

    // Another team, before the version is read again: the count and the page of the first search.
    const reused = await search(second, FILTERS);
    expect(reused.total).toBe(2);
    expect(reused.data.map((p) => p.full_name).sort()).toEqual(['person pt-1', 'person pt-2']);

    vi.setSystemTime(Date.now() + DATA_VERSION_CHECK_MS);
    expect(DATA_VERSION_CHECK_MS).toBeLessThan(SEARCH_CACHE_TTL_MS);
    const fresh = await search(second, FILTERS);
    expect(fresh.total).toBe(3);
    expect(fresh.data.map((p) => p.full_name).sort()).toEqual(['person pt-1', 'person pt-2', 'person pt-3']);
  });

  it('counts companies anew once companies are added', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const acme = [sql<boolean>`companies.name like ${'acme cache %'}`];
    expect((await countUpTo(t.ctx.db, 'companies', acme, TOTAL_EXACT_LIMIT)).total).toBe(0);
    await t.ctx.db.insertInto('companies').values([{ name: 'acme cache one' }, { name: 'acme cache two' }]).execute();
    vi.setSystemTime(Date.now() + DATA_VERSION_CHECK_MS);
    expect((await countUpTo(t.ctx.db, 'companies', acme, TOTAL_EXACT_LIMIT)).total).toBe(2);
  });

  it('counts the right number for each filter set', async () => {
    await createPeople(t.ctx.db, [
      { id: 'cl-1', full_name: 'ana', location_country: 'chile', job_title_levels: ['vp'] },
      { id: 'cl-2', full_name: 'beto', location_country: 'chile', job_title_levels: ['cxo'] },
      { id: 'cl-3', full_name: 'caro', location_country: 'chile', job_title_levels: ['vp'] },
    ]);
    const chile = { location_country: [opt('chile')] };
    expect((await search(first, chile)).total).toBe(3);
    expect((await search(first, { ...chile, job_title_levels: [opt('vp')] })).total).toBe(2);
    expect((await search(second, { ...chile, job_title_levels: [opt('cxo')] })).total).toBe(1);
    expect((await search(second, chile)).total).toBe(3);
  });

  it('keeps a count whose conditions name a team apart for each team', async () => {
    const ids = await createPeople(t.ctx.db, [
      { id: 'nz-1', full_name: 'kiwi one' },
      { id: 'nz-2', full_name: 'kiwi two' },
      { id: 'nz-3', full_name: 'kiwi three' },
    ]);
    await sql`insert into contacts (team_id, person_id, full_name) values (${first.teamId}, ${ids['nz-1']!}, 'saved by the first team')`.execute(t.ctx.db);
    // Kiwis the team has not saved yet: the count depends on the team.
    const notSavedBy = (teamId: string) => [
      sql<boolean>`people_search.full_name like ${'kiwi %'}`,
      sql<boolean>`not exists (select 1 from contacts where contacts.person_id = people_search.id and contacts.team_id = ${teamId})`,
    ];
    for (let round = 0; round < 2; round++) {
      expect(await countUpTo(t.ctx.db, 'people_search', notSavedBy(first.teamId), TOTAL_EXACT_LIMIT)).toEqual({ total: 2, isLowerBound: false });
      expect(await countUpTo(t.ctx.db, 'people_search', notSavedBy(second.teamId), TOTAL_EXACT_LIMIT)).toEqual({ total: 3, isLowerBound: false });
      expect(await pagePeople(t.ctx.db, notSavedBy(first.teamId), { after: null, limit: 10 })).toHaveLength(2);
      expect(await pagePeople(t.ctx.db, notSavedBy(second.teamId), { after: null, limit: 10 })).toHaveLength(3);
    }
  });

  it('runs anew inside a transaction and when asked for a fresh answer', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const poland = [sql<boolean>`people_search.full_name like ${'pole %'}`];
    await createPeople(t.ctx.db, [{ id: 'pl-1', full_name: 'pole one' }]);
    expect((await countUpTo(t.ctx.db, 'people_search', poland, TOTAL_EXACT_LIMIT)).total).toBe(1);
    await createPeople(t.ctx.db, [{ id: 'pl-2', full_name: 'pole two' }]);
    expect((await countUpTo(t.ctx.db, 'people_search', poland, TOTAL_EXACT_LIMIT)).total).toBe(1);
    expect((await countUpTo(t.ctx.db, 'people_search', poland, TOTAL_EXACT_LIMIT, { fresh: true })).total).toBe(2);
    await t.ctx.db.transaction().execute(async (trx) => {
      expect((await countUpTo(trx, 'people_search', poland, TOTAL_EXACT_LIMIT)).total).toBe(2);
      expect(await pagePeople(trx, poland, { after: null, limit: 10 })).toHaveLength(2);
    });
  });
});
