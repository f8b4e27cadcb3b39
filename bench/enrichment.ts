// Bulk enrichment benchmark, run by hand:
//   node --import tsx bench/enrichment.ts --db pglite [--contacts 50000]
//   node --import tsx bench/enrichment.ts --db postgres --url postgres://postgres@127.0.0.1:55433/postgres [--contacts 50000]
// On PostgreSQL it creates a scratch database next to the one in --url and drops it afterwards.
// Loads demo people, starts a bulk enrichment of `contacts` of them through the service (one
// transaction: contacts, list, run, items, hold), then runs the job's own processing loop twice:
// with an instant provider (every look-up answers at once with a valid address, so what is
// measured is our own overhead: batching, writes, charges, list recounts) and with the real
// local-database provider. Prints milliseconds per contact, and checks the ledger afterwards.
import crypto from 'node:crypto';
import os from 'node:os';
import { parseArgs } from 'node:util';
import { openDatabase, type Database } from '../apps/server/src/db/database.js';
import { createThrowawayDatabase } from '../apps/server/src/test/database.js';
import { migrateToLatest } from '../apps/server/src/db/migrate.js';
import { checkLedger, grantCredits } from '../apps/server/src/features/credits/credits.service.js';
import * as repo from '../apps/server/src/features/enrichment/enrichment.repository.js';
import { finishRun, pricingOf, processRun, startBulkEnrichment } from '../apps/server/src/features/enrichment/enrichment.service.js';
import { createLocalDatabaseProvider } from '../apps/server/src/features/enrichment/providers/local-database.js';
import type { EnrichmentProvider } from '../apps/server/src/features/enrichment/providers/types.js';
import { loadDemoPeople } from '../apps/server/src/features/people-data/demo-people.js';
import { insertUserWithTeam } from '../apps/server/src/features/auth/auth.repository.js';
import { startTeamCredits } from '../apps/server/src/features/credits/credits.service.js';
import type { Actor } from '../apps/server/src/lib/actor.js';
import { Outbox } from '../apps/server/src/events/outbox.js';
import type { AppContext } from '../apps/server/src/lib/context.js';

const { values } = parseArgs({
  options: {
    db: { type: 'string', default: 'pglite' },
    url: { type: 'string' },
    contacts: { type: 'string', default: '50000' },
  },
});
const contacts = Number(values.contacts);

let database: Database;
let cleanup = async () => {};
if (values.db === 'postgres') {
  const adminUrl = values.url ?? process.env.DATABASE_URL;
  if (!adminUrl) throw new Error('--url (or DATABASE_URL) is required with --db postgres');
  const throwaway = await createThrowawayDatabase(adminUrl, 'leadline_bench_enrich');
  database = await openDatabase({ kind: 'postgres', url: throwaway.url, poolSize: 10 });
  cleanup = throwaway.drop;
} else {
  database = await openDatabase({ kind: 'pglite' });
}
const db = database.db;

const instant: EnrichmentProvider = {
  name: 'instant',
  async lookup(query) {
    return { provider: 'instant', emails: [{ email: `${query.personId ?? crypto.randomUUID()}@bench.test`, status: 'valid', kind: 'work' }], phones: [] };
  },
};

async function newActor(): Promise<Actor> {
  const email = `bench-${crypto.randomUUID()}@bench.test`;
  const created = await db.transaction().execute(async (trx) => {
    const ids = await insertUserWithTeam(trx, { name: 'Bench', email, passwordHash: 'x', companyName: 'Bench', trialEndsAt: new Date(Date.now() + 86400_000), plan: 'growth', onboardingStep: 'finished' });
    await startTeamCredits(trx, { teamId: ids.teamId, plan: 'growth', startsAt: new Date(), endsAt: new Date(Date.now() + 30 * 86400_000) });
    return ids;
  });
  await grantCredits(db, { teamId: created.teamId, amount: contacts * 250, idempotencyKey: 'bench', reason: 'bench' });
  return { userId: created.userId, teamId: created.teamId, email, name: 'Bench', permission: 'TEAM_OWNER', role: 'ADMIN', sessionHash: '' } as Actor;
}

/** Starts a bulk enrichment of `contacts` people and processes it with `provider`; answers ms per contact. */
async function measure(label: string, provider: EnrichmentProvider) {
  const actor = await newActor();
  // The bench runs the work itself: jobs sent go nowhere; events are stored as in production (no subscribers).
  const queue = { send: async () => null };
  const events = new Outbox([]);
  events.connect(queue);
  const ctx = { db, queue, events } as unknown as AppContext;
  let t0 = performance.now();
  const started = await startBulkEnrichment(
    ctx,
    actor,
    { inputs: [], inputsSource: { type: 'searchFilters', searchFilters: {}, limit: contacts }, newListTitle: label, enrichType: 'email' },
  );
  const startMs = performance.now() - t0;
  const run = (await db.selectFrom('enrichment_runs' as never).select('id' as never).where('team_id' as never, '=', actor.teamId as never).executeTakeFirstOrThrow()) as { id: string };
  const row = (await repo.findRun(db, run.id))!;
  const pricing = await pricingOf(db, actor.userId);
  t0 = performance.now();
  await processRun(db, row, [provider], pricing);
  await finishRun(db, row, 'completed');
  const ms = performance.now() - t0;
  const counts = await repo.countItems(db, run.id);
  console.log(
    `${label.padEnd(34)} start ${Math.round(startMs).toLocaleString('en-US').padStart(6)} ms (${(startMs / started.prospects).toFixed(3)} ms/contact)` +
      `   process ${Math.round(ms).toLocaleString('en-US').padStart(7)} ms = ${(ms / started.prospects).toFixed(3)} ms/contact` +
      `   found ${counts.found.toLocaleString('en-US')}, charged ${counts.charged.toLocaleString('en-US')} credits`,
  );
}

try {
  await migrateToLatest(db);
  console.log(`enrichment bench on ${values.db}: ${contacts.toLocaleString('en-US')} contacts, ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'cpu'}, node ${process.version}`);
  const t0 = performance.now();
  await loadDemoPeople(db, { people: contacts, seed: 5, bulk: {} });
  console.log(`loaded ${contacts.toLocaleString('en-US')} demo people in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  await measure('instant provider (our overhead)', instant);
  await measure('local database provider', createLocalDatabaseProvider(db));
  const check = await checkLedger(db);
  console.log(`ledger check: ${check.ok ? 'OK' : `FAILED (${check.discrepancies.length})`} over ${check.entries.toLocaleString('en-US')} entries`);
} finally {
  await database.close();
  await cleanup();
}
