import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import { DEFAULT_BATCH_SIZE, loadCompanies, loadPeople, type LoadCounts } from './loader.js';
import { DEFAULT_DEMO_SEED, demoPersonId, generateDemoData } from './generator.js';
import { mapCompany, mapPerson, type MappedPerson } from './pdl.js';
import { hasAnyPerson, personExists } from './people-data.repository.js';

export const DEMO_PEOPLE = 50_000;

export type DemoLoadOptions = {
  people: number;
  seed?: number;
  batchSize?: number;
  /** Progress lines go here; every `progressEvery` people. */
  log?: (line: string) => void;
  progressEvery?: number;
};

export type DemoLoadResult = { companies: LoadCounts; people: LoadCounts; seconds: number };

/**
 * Generates the demo set and loads it through the importer's own mapping and loader. Loading
 * again is harmless: rows already present are skipped by `pdl_id`, so an interrupted load
 * resumes where it stopped.
 */
export async function loadDemoPeople(db: Kysely<DB>, options: DemoLoadOptions): Promise<DemoLoadResult> {
  const started = performance.now();
  const log = options.log ?? (() => {});
  const batchSize = options.batchSize ?? DEFAULT_BATCH_SIZE;
  const progressEvery = options.progressEvery ?? 10_000;
  const seconds = () => (performance.now() - started) / 1000;
  const demo = generateDemoData({ people: options.people, seed: options.seed ?? DEFAULT_DEMO_SEED });

  const companies = await loadCompanies(db, demo.companies.map(mapCompany), batchSize);
  log(`Demo data: ${companies.inserted.toLocaleString('en-US')} companies loaded (${seconds().toFixed(1)} s).`);

  const people: LoadCounts = { inserted: 0, skipped: 0 };
  let batch: MappedPerson[] = [];
  let done = 0;
  let nextProgress = progressEvery;
  const flush = async () => {
    const counts = await loadPeople(db, batch, batchSize);
    people.inserted += counts.inserted;
    people.skipped += counts.skipped;
    done += batch.length;
    batch = [];
    if (done >= nextProgress || done === options.people) {
      nextProgress = (Math.floor(done / progressEvery) + 1) * progressEvery;
      log(`Demo data: ${done.toLocaleString('en-US')} / ${options.people.toLocaleString('en-US')} people (${seconds().toFixed(1)} s).`);
    }
  };
  // Generated records are typed as PDL records already; validating 50,000 of them again would
  // add a sixth to the load time. The tests check that they pass the importer's validation.
  for (const record of demo.people()) {
    batch.push(mapPerson(record));
    if (batch.length === batchSize) await flush();
  }
  if (batch.length > 0) await flush();
  return { companies, people, seconds: seconds() };
}

/**
 * On first start, fills an empty people database with the demo set (and finishes a demo load
 * that was interrupted). A database holding anything else is left alone.
 */
export async function ensureDemoPeople(
  db: Kysely<DB>,
  options: { people?: number; seed?: number; log?: (line: string) => void } = {},
): Promise<DemoLoadResult | null> {
  const people = options.people ?? DEMO_PEOPLE;
  const seed = options.seed ?? DEFAULT_DEMO_SEED;
  if (people <= 0 || (await personExists(db, demoPersonId(seed, people - 1)))) return null;
  const interrupted = await personExists(db, demoPersonId(seed, 0));
  if (!interrupted && (await hasAnyPerson(db))) return null;
  const log = options.log ?? (() => {});
  log(`${interrupted ? 'Resuming' : 'Loading'} ${people.toLocaleString('en-US')} demo people into the prospect database...`);
  const result = await loadDemoPeople(db, { people, seed, log });
  log(`Demo data ready: ${result.people.inserted.toLocaleString('en-US')} people and ${result.companies.inserted.toLocaleString('en-US')} companies in ${result.seconds.toFixed(1)} s.`);
  return result;
}
