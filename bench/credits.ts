// Credits ledger benchmark, run by hand:
//   node --import tsx bench/credits.ts --db pglite [--charges 5000]
//   node --import tsx bench/credits.ts --db postgres --url postgres://postgres@127.0.0.1:55433/postgres [--charges 5000]
// On PostgreSQL it creates a scratch database next to the one in --url and drops it afterwards.
// Prints ledger charges per second: one after another on one team, many at once on one team
// (all queue on the team's period row), many at once over several teams, and charges drawn from
// a bulk job's hold, one by one and in batches; then runs the ledger check.
import crypto from 'node:crypto';
import os from 'node:os';
import { parseArgs } from 'node:util';
import { openDatabase, type Database } from '../apps/server/src/db/database.js';
import { createThrowawayDatabase } from '../apps/server/src/test/database.js';
import { migrateToLatest } from '../apps/server/src/db/migrate.js';
import { chargeHold, chargeHoldMany, checkLedger, grantCredits, holdCredits, releaseHold, spendCredits, startTeamCredits } from '../apps/server/src/features/credits/credits.service.js';

const { values } = parseArgs({
  options: {
    db: { type: 'string', default: 'pglite' },
    url: { type: 'string' },
    charges: { type: 'string', default: '5000' },
    concurrency: { type: 'string', default: '16' },
    teams: { type: 'string', default: '8' },
    pool: { type: 'string', default: '10' },
  },
});
const charges = Number(values.charges);
const concurrency = Number(values.concurrency);
const teamCount = Number(values.teams);

let database: Database;
let cleanup = async () => {};
if (values.db === 'postgres') {
  const adminUrl = values.url ?? process.env.DATABASE_URL;
  if (!adminUrl) throw new Error('--url (or DATABASE_URL) is required with --db postgres');
  const throwaway = await createThrowawayDatabase(adminUrl, 'leadline_bench_credits');
  database = await openDatabase({ kind: 'postgres', url: throwaway.url, poolSize: Number(values.pool) });
  cleanup = throwaway.drop;
} else {
  database = await openDatabase({ kind: 'pglite' });
}
const db = database.db;

async function newTeam(credits: number) {
  const team = await db.insertInto('teams').values({ name: 'Bench' }).returning('id').executeTakeFirstOrThrow();
  const user = await db
    .insertInto('users')
    .values({ name: 'Bench', email: `bench-${crypto.randomUUID()}@bench.test`, password_hash: 'x', team_id: team.id, permission: 'TEAM_OWNER' })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db.insertInto('team_members').values({ team_id: team.id, user_id: user.id, name: 'Bench', email: `m-${user.id}@bench.test`, role: 'ADMIN', status: 'ACTIVE', credits_cap: null, invited_by: null }).execute();
  await startTeamCredits(db, { teamId: team.id, plan: 'growth', startsAt: new Date(), endsAt: new Date(Date.now() + 30 * 86400_000) });
  await grantCredits(db, { teamId: team.id, amount: credits, idempotencyKey: `bench-grant-${team.id}`, reason: 'bench' });
  return { teamId: team.id, userId: user.id };
}

/** Runs `n` operations with at most `width` in flight; answers operations per second. */
async function rate(n: number, width: number, op: (i: number) => Promise<unknown>) {
  let next = 0;
  const t0 = performance.now();
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (next < n) await op(next++);
    }),
  );
  return n / ((performance.now() - t0) / 1000);
}

const print = (label: string, perSecond: number) => console.log(`${label.padEnd(58)} ${Math.round(perSecond).toLocaleString('en-US').padStart(8)} charges/s`);

try {
  await migrateToLatest(db);
  console.log(`credits bench on ${values.db}: ${charges} charges per case, ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'cpu'}, node ${process.version}`);
  const run = crypto.randomBytes(3).toString('hex');
  const spend = (t: { teamId: string; userId: string }, i: number, tag: string) =>
    spendCredits(db, { teamId: t.teamId, userId: t.userId, action: 'bench', amount: 5, idempotencyKey: `${run}:${tag}:${i}` });

  const warm = await newTeam(1_000_000);
  await rate(200, 1, (i) => spend(warm, i, 'warm'));

  const one = await newTeam(charges * 5 * 2);
  print('spend, one team, one at a time', await rate(charges, 1, (i) => spend(one, i, 'serial')));
  print(`spend, one team, ${concurrency} at once`, await rate(charges, concurrency, (i) => spend(one, i, 'concurrent')));
  const teams = await Promise.all(Array.from({ length: teamCount }, () => newTeam(charges * 5)));
  print(`spend, ${teamCount} teams, ${concurrency} at once`, await rate(charges, concurrency, (i) => spend(teams[i % teamCount]!, i, 'teams')));
  print('replay of a spent key (answers the original)', await rate(charges, 1, (i) => spend(one, i, 'serial')));

  const bulk = await newTeam(charges * 5);
  const { entry: hold } = await holdCredits(db, { teamId: bulk.teamId, userId: bulk.userId, action: 'bench_bulk', amount: charges * 5, idempotencyKey: `${run}:hold` });
  print('charge from a hold (bulk job), one at a time', await rate(charges, 1, (i) => chargeHold(db, { teamId: bulk.teamId, holdId: hold.id, amount: 5, idempotencyKey: `${run}:h:${i}` })));
  await releaseHold(db, { teamId: bulk.teamId, holdId: hold.id });
  const batched = await newTeam(charges * 5);
  const { entry: big } = await holdCredits(db, { teamId: batched.teamId, userId: batched.userId, action: 'bench_bulk', amount: charges * 5, idempotencyKey: `${run}:hold2` });
  const BATCH = 100;
  print(`charge from a hold, batches of ${BATCH} (one entry each)`, (await rate(Math.ceil(charges / BATCH), 1, (b) =>
    chargeHoldMany(db, { teamId: batched.teamId, holdId: big.id, charges: Array.from({ length: BATCH }, (_, i) => ({ amount: 5, idempotencyKey: `${run}:b:${b}:${i}` })) }),
  )) * BATCH);
  await releaseHold(db, { teamId: batched.teamId, holdId: big.id });

  const t0 = performance.now();
  const check = await checkLedger(db);
  console.log(`ledger check: ${check.ok ? 'OK' : `FAILED (${check.discrepancies.length})`} over ${check.entries.toLocaleString('en-US')} entries in ${Math.round(performance.now() - t0)} ms`);
} finally {
  await database.close();
  await cleanup();
}
