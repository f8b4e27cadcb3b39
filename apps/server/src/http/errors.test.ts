import Fastify from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/database.js';
import { createTestDatabase } from '../test/database.js';
import { DATA_EXCEPTION_LOG, registerErrorHandling } from './errors.js';

let database: Database;
const logged: string[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

async function appThatRuns(query: () => Promise<unknown>) {
  const app = Fastify({ logger: { level: 'warn', stream: { write: (line: string) => logged.push(line) } } });
  registerErrorHandling(app);
  app.get('/x', async () => query());
  await app.ready();
  return app;
}

describe('the error handler', () => {
  it.each([
    ['text for an integer', () => sql`select ${'0.5'}::integer`.execute(database.db)],
    ['a NUL byte in text', () => sql`select ${'a\u0000b'}::text`.execute(database.db)],
    ['an integer out of range', () => sql`select ${'2147483648'}::integer`.execute(database.db)],
  ])('answers 400, not 500, when the database refuses %s, and logs it as a miss of the schemas', async (_what, query) => {
    const app = await appThatRuns(query);
    const before = logged.length;
    const response = await app.inject({ method: 'GET', url: '/x' });
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().error.code).toBe('VALIDATION_FAILED');
    expect(logged.slice(before).map((line) => JSON.parse(line).msg)).toContain(DATA_EXCEPTION_LOG);
    await app.close();
  });

  it('still answers 500 for any other database error', async () => {
    const app = await appThatRuns(() => sql`select * from no_such_table`.execute(database.db));
    expect((await app.inject({ method: 'GET', url: '/x' })).statusCode).toBe(500);
    await app.close();
  });
});
