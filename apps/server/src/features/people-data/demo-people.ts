import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import { DEFAULT_BATCH_SIZE, loadCompanies, loadPeople, type LoadCounts } from './loader.js';
import { DEFAULT_DEMO_SEED, demoPersonId, generateDemoData } from './generator.js';
import { mapCompany, mapPerson, type MappedPerson, type PdlPerson } from './pdl.js';
import { companyIdMaps, countPeopleUpTo, hasAnyPerson, personExists, type CompanyIdMaps } from './people-data.repository.js';
import { bulkLoadPeople, type BulkLoadOptions } from './bulk-load.repository.js';

export const DEMO_PEOPLE = 50_000;

export type DemoLoadOptions = {
  people: number;
  seed?: number;
  batchSize?: number;
  /** Progress lines go here; every `progressEvery` people. */
  log?: (line: string) => void;
  progressEvery?: number;
  /** People loaded (or generated, on the bulk path) so far, after each batch: the starting page's counter. */
  onProgress?: (done: number, total: number) => void;
  /**
   * Large loads into an empty or small database: take the bulk path (bulk-load.ts) when no
   * person of this seed is loaded yet and the database holds fewer people than the load brings;
   * otherwise (a resumed load, a big database) the regular path.
   */
  bulk?: Omit<BulkLoadOptions, 'log'>;
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
  const seed = options.seed ?? DEFAULT_DEMO_SEED;
  const demo = generateDemoData({ people: options.people, seed });

  const companies = await loadCompanies(db, demo.companies.map(mapCompany), batchSize);
  log(`Demo data: ${companies.inserted.toLocaleString('en-US')} companies loaded (${seconds().toFixed(1)} s).`);

  if (options.bulk && !(await personExists(db, demoPersonId(seed, 0))) && (await countPeopleUpTo(db, options.people)) < options.people) {
    const companyIds = await companyIdMaps(db);
    const inserted = await bulkLoadPeople(db, demoBatches(demo.people(), batchSize, companyIds, (done) => {
      options.onProgress?.(done, options.people);
      if (done % progressEvery < batchSize || done === options.people) log(`Demo data: ${done.toLocaleString('en-US')} / ${options.people.toLocaleString('en-US')} people generated (${seconds().toFixed(1)} s).`);
    }), { ...options.bulk, log });
    return { companies, people: { inserted, skipped: 0 }, seconds: seconds() };
  }

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
    options.onProgress?.(done, options.people);
    // The embedded database answers in microtasks: without a turn of the event loop here, the
    // starting page's requests would wait for the whole load.
    if (options.onProgress) await new Promise((resolve) => setImmediate(resolve));
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

/** Mapped people in batches, linked to their employer's row as the loader links them. */
function* demoBatches(records: Iterable<PdlPerson>, batchSize: number, companies: CompanyIdMaps, progress: (done: number) => void): Generator<MappedPerson[]> {
  let batch: MappedPerson[] = [];
  let done = 0;
  for (const record of records) {
    const person = mapPerson(record);
    const id = (person.company.pdlId ? companies.byPdlId.get(person.company.pdlId) : undefined) ?? (person.company.domain ? companies.byDomain.get(person.company.domain) : undefined);
    if (id) person.row.job_company_id = id;
    batch.push(person);
    if (batch.length === batchSize) {
      yield batch;
      progress((done += batch.length));
      batch = [];
    }
  }
  if (batch.length > 0) {
    yield batch;
    progress((done += batch.length));
  }
}

/**
 * On first start, fills an empty people database with the demo set (and finishes a demo load
 * that was interrupted). A database holding anything else is left alone.
 */
export async function ensureDemoPeople(
  db: Kysely<DB>,
  options: { people?: number; seed?: number; log?: (line: string) => void; onProgress?: (done: number, total: number) => void } = {},
): Promise<DemoLoadResult | null> {
  const people = options.people ?? DEMO_PEOPLE;
  const seed = options.seed ?? DEFAULT_DEMO_SEED;
  if (people <= 0 || (await personExists(db, demoPersonId(seed, people - 1)))) return null;
  const interrupted = await personExists(db, demoPersonId(seed, 0));
  if (!interrupted && (await hasAnyPerson(db))) return null;
  const log = options.log ?? (() => {});
  log(`${interrupted ? 'Resuming' : 'Loading'} ${people.toLocaleString('en-US')} demo people into the prospect database...`);
  const result = await loadDemoPeople(db, { people, seed, log, ...(options.onProgress ? { onProgress: options.onProgress } : {}) });
  log(`Demo data ready: ${result.people.inserted.toLocaleString('en-US')} people and ${result.companies.inserted.toLocaleString('en-US')} companies in ${result.seconds.toFixed(1)} s.`);
  return result;
}
