import { displayCase, FILE_MESSAGES, LISTS_MESSAGES, type ListContactDto } from '@leadline/shared';
import type { InjectOptions } from 'fastify';
import { mkdir, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FileType } from '../../../db/schema-lists.js';
import { summarizeTable } from '../../../lib/files/index.js';
import { createOwner, type TestUser } from '../../../test/factories.js';
import { seededRandom } from '../../../test/random.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { ProgressTracker } from '../../progress/index.js';
import { loadPeople } from '../../people-data/index.js';
import { mapPerson, PdlPerson } from '../../people-data/index.js';
import type { JobRun } from '../../../lib/feature-module.js';
import handleImport from '../handlers/import-prospect-file.js';
import { BATCH_ROWS, IN_FLIGHT, importFileIntoList, LEGACY_BATCH_ROWS } from './list-import.service.js';
import { ImportPayload } from '../lists.jobs.js';
import { listImportFinished } from '../lists.events.js';
import * as lists from '../lists.repository.js';
import * as repo from './list-import.repository.js';

let t: TestApp;
let owner: TestUser;
const dir = path.join(os.tmpdir(), `leadline-lists-import-${process.pid}`);

const call = (options: InjectOptions, user: TestUser = owner) =>
  t.app.inject({ ...options, headers: { ...(options.headers ?? {}), cookie: user.cookie } });

const until = async (check: () => Promise<boolean>, timeoutMs = 20_000) => {
  const end = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 50));
  }
};

/** Puts a file where uploads go and records it as the upload route does (summary included). */
async function upload(name: string, content: string | Buffer, user: TestUser = owner) {
  await mkdir(dir, { recursive: true });
  const file = path.join(dir, `${Date.now()}-${Math.random()}-${name}`);
  await writeFile(file, content);
  const type = name.split('.').pop() as FileType;
  const summary = await summarizeTable(file, type);
  const row = await t.ctx.db
    .insertInto('uploads')
    .values({
      team_id: user.teamId,
      user_id: user.userId,
      file_name: name,
      file_type: type,
      size_bytes: Buffer.byteLength(content),
      path: file,
      headers: JSON.stringify(summary.headers),
      row_count: summary.rowCount,
      blank_counts: JSON.stringify(summary.blankCounts),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

async function importInto(fileId: string, target: { listTitle?: string; existingListId?: string }, useRawFileData = true) {
  const response = await call({ method: 'POST', url: '/api/v1/prospects/upload-to-list', payload: { attachedFileInfo: { _id: fileId }, useRawFileData, ...target } });
  expect(response.statusCode, response.body).toBe(202);
  const { list, jobId } = response.json().data;
  await until(async () => ['completed', 'failed'].includes((await new ProgressTracker(t.ctx.db, jobId).current()).state));
  return { list, jobId, progress: await new ProgressTracker(t.ctx.db, jobId).current() };
}

async function listContacts(listId: string): Promise<ListContactDto[]> {
  const response = await call({ method: 'POST', url: `/api/v1/lists/${listId}`, payload: { sortBy: 'name', sortOrder: 'asc', limit: 100 } });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data.contacts;
}

/** The list.import.finished events published for an import (its progress id). */
const finishedEvents = async (importId: string) =>
  (await t.ctx.db.selectFrom('domain_events').select('payload').where('name', '=', listImportFinished.name).execute())
    .map((e) => e.payload as { importId: string })
    .filter((p) => p.importId === importId);

const HEADER = 'Full Name,Job Title,Job Level,Department,Company,Email,Phone,Company Domain,Country,City,LinkedIn URL';

beforeAll(async () => {
  t = await createTestApp({ work: true });
  owner = await createOwner(t.ctx.db);
  await loadPeople(t.ctx.db, [
    mapPerson(PdlPerson.parse({ id: 'ann', full_name: 'ann lee', job_title: 'vp of sales', job_title_levels: ['vp'], job_title_role: 'sales', job_company_name: 'acme', job_company_website: 'acme.com', job_company_industry: 'computer software', location_country: 'united states', location_locality: 'austin', linkedin_url: 'linkedin.com/in/ann-lee' })),
    mapPerson(PdlPerson.parse({ id: 'bob', full_name: 'bob stone', job_title: 'cto', job_company_name: 'initech', job_company_website: 'initech.com', location_country: 'germany' })),
  ]);
});
afterAll(() => t.close());

describe('upload to list', () => {
  it('imports every accepted header into a new list, skipping empty lines and keeping values as written', async () => {
    const csv = `\uFEFF${HEADER},Favourite Colour\r\n` +
      'Jane Roe,Head of Growth,director,marketing,Roe & Co,jane@roe.co,+1 555 0101,roe.co,United States,Boston,https://www.linkedin.com/in/jane-roe/,blue\r\n' +
      '\r\n,,,,,,,,,,,\r\n'.replace(',,,,,,,,,,,\r\n', '') +
      '"Ng, Alex","Sales ""Ninja""",,,,,,,,,,\r\n' +
      "'=Formula Man,,,,,,,,,,,\r\n";
    const fileId = await upload('people.csv', csv);
    const { list, progress } = await importInto(fileId, { listTitle: 'Imported' });
    expect(list.completionStatus).toBe('processing');
    expect(progress).toMatchObject({ state: 'completed', done: 3, total: 3 });
    const rows = await listContacts(list._id);
    expect(rows.map((r) => r.fullName)).toEqual(['=Formula Man', 'Jane Roe', 'Ng, Alex']);
    expect(rows[1]).toMatchObject({
      firstName: 'Jane',
      lastName: 'Roe',
      jobTitle: 'Head of Growth',
      level: 'director',
      department: 'marketing',
      company: { name: 'Roe & Co', domain: 'roe.co' },
      emails: [{ email: 'jane@roe.co', status: 'unverified' }],
      primaryEmail: 'jane@roe.co',
      phones: [{ phoneNumber: '+1 555 0101', status: 'other' }],
      primaryPhone: '+1 555 0101',
      address: { city: 'Boston', country: 'United States' },
      linkedIn: 'https://www.linkedin.com/in/jane-roe/',
      isCustom: true,
    });
    expect(rows[2]!.jobTitle).toBe('Sales "Ninja"');
    expect(await finishedEvents(progress.id)).toEqual([{ teamId: owner.teamId, listId: list._id, importId: progress.id, fileName: 'people.csv', imported: 3, rows: 3 }]);
    const after = await call({ method: 'POST', url: `/api/v1/lists/${list._id}`, payload: {} });
    expect(after.json().data.list).toMatchObject({ completionStatus: 'complete', contacts: 3, totalWithProfessionalEmail: 0, totalWithLinkedin: 1 });
  });

  it('fills blank fields from the people database only when asked, never replacing a value', async () => {
    const csv = `${HEADER}\nAnn Lee,,,,,,,,,,linkedin.com/in/ann-lee\nBob Stone,Founder,,,Initech,,,,,,\n`;
    const fileId = await upload('fill.csv', csv);
    const raw = await listContacts((await importInto(fileId, { listTitle: 'Raw' }, true)).list._id);
    expect(raw.map((r) => r.jobTitle)).toEqual([null, 'Founder']);

    const filled = await listContacts((await importInto(fileId, { listTitle: 'Filled' }, false)).list._id);
    expect(filled[0]).toMatchObject({ jobTitle: 'vp of sales', level: 'vp', department: 'sales', company: { name: 'Acme', domain: 'acme.com' }, industry: 'computer software', address: { city: 'Austin', country: 'United States' }, emails: [] });
    expect(filled[1]).toMatchObject({ jobTitle: 'Founder', company: { name: 'Initech', domain: 'initech.com' }, address: { country: 'Germany' } });
  });

  it('adds to an existing list and answers the three file checks before writing anything', async () => {
    const existing = (await call({ method: 'POST', url: '/api/v1/lists', payload: { name: 'Existing' } })).json().data;
    const listsBefore = await t.ctx.db.selectFrom('lists').select('id').where('team_id', '=', owner.teamId).execute();
    const cases: Array<[string, string]> = [
      ['', LISTS_MESSAGES.fileEmpty],
      [`${HEADER}\n`, LISTS_MESSAGES.fileEmpty],
      ['Name,Email\nJane,j@x.co\n', LISTS_MESSAGES.fullNameColumnMissing],
      [`${HEADER}\nJane,,,,,,,,,,\n,Cook,,,,,,,,,\n`, LISTS_MESSAGES.fullNameValueMissing],
    ];
    for (const [csv, message] of cases) {
      const fileId = await upload('bad.csv', csv);
      for (const target of [{ listTitle: 'Never made' }, { existingListId: existing._id }]) {
        const response = await call({ method: 'POST', url: '/api/v1/prospects/upload-to-list', payload: { attachedFileInfo: { _id: fileId }, ...target } });
        expect(response.statusCode, csv).toBe(400);
        expect(response.json().error.message).toBe(message);
      }
    }
    const noList = await call({ method: 'POST', url: '/api/v1/prospects/upload-to-list', payload: { attachedFileInfo: { _id: await upload('ok.csv', `${HEADER}\nJane,,,,,,,,,,\n`) } } });
    expect(noList.statusCode).toBe(400);
    expect(noList.json().error).toMatchObject({ field: 'existingListId', message: `existingListId: ${LISTS_MESSAGES.listRequired}` });
    expect(await t.ctx.db.selectFrom('lists').select('id').where('team_id', '=', owner.teamId).execute()).toHaveLength(listsBefore.length);

    const fileId = await upload('two.csv', `${HEADER}\nJane Doe,,,,,,,,,,\nJohn Doe,,,,,,,,,,\n`);
    const { list } = await importInto(fileId, { existingListId: existing._id });
    expect(list._id).toBe(existing._id);
    expect((await listContacts(existing._id)).map((r) => r.fullName)).toEqual(['Jane Doe', 'John Doe']);
  });

  it("refuses another team's file and list", async () => {
    const other = await createOwner(t.ctx.db);
    const theirFile = await upload('theirs.csv', `${HEADER}\nJane,,,,,,,,,,\n`, other);
    const response = await call({ method: 'POST', url: '/api/v1/prospects/upload-to-list', payload: { attachedFileInfo: { _id: theirFile }, listTitle: 'Mine' } });
    expect(response.statusCode).toBe(404);
    const theirList = (await call({ method: 'POST', url: '/api/v1/lists', payload: { name: 'Theirs' } }, other)).json().data;
    const mine = await upload('mine.csv', `${HEADER}\nJane,,,,,,,,,,\n`);
    const intoTheirs = await call({ method: 'POST', url: '/api/v1/prospects/upload-to-list', payload: { attachedFileInfo: { _id: mine }, existingListId: theirList._id } });
    expect(intoTheirs.statusCode).toBe(404);
  });

  it('resumes after a crash without inserting any row twice', async () => {
    const rows = (IN_FLIGHT + 1) * BATCH_ROWS + 2_345;
    const lines = Array.from({ length: rows }, (_, i) => `Person ${i},,,,,p${i}@x.co,,,,,`);
    const fileId = await upload('big.csv', `${HEADER}\n${lines.join('\n')}\n`);
    const list = await lists.insertList(t.ctx.db, { teamId: owner.teamId, name: 'Crashy', entityType: 'contactList', createdBy: owner.userId, processing: true });
    const tracker = await ProgressTracker.create(t.ctx.db, { teamId: owner.teamId, userId: owner.userId, kind: 'lists.import-prospects' });
    const payload = { progressId: tracker.id, teamId: owner.teamId, uploadId: fileId, listId: list.id, useRawFileData: true };

    // The attempt dies when it first records progress: the first batch has committed, and the
    // others already in flight beside it commit too.
    const crashing = new ProgressTracker(t.ctx.db, tracker.id);
    crashing.advance = async () => {
      throw new Error('killed');
    };
    await expect(importFileIntoList(t.ctx, payload, crashing)).rejects.toThrow('killed');
    expect(await repo.countImported(t.ctx.db, tracker.id)).toBe(IN_FLIGHT * BATCH_ROWS);

    await importFileIntoList(t.ctx, payload, tracker);
    await importFileIntoList(t.ctx, payload, tracker); // a duplicate delivery changes nothing
    expect(await repo.countImported(t.ctx.db, tracker.id)).toBe(rows);
    expect(await finishedEvents(tracker.id)).toHaveLength(1);
    const stored = await lists.findList(t.ctx.db, owner.teamId, list.id);
    // Uploaded emails are unverified: no work email is counted until a verification proves one.
    expect(stored).toMatchObject({ contacts_count: rows, total_with_professional_email: 0, completion_status: 'complete' });
    expect(await lists.findMiscountedLists(t.ctx.db, owner.teamId)).toEqual([]);
  });

  it('counts what interrupted attempts stored in the progress of the attempt that resumes', async () => {
    // As many batches as are written at once: the attempt dies once all of them have committed.
    const rows = IN_FLIGHT * BATCH_ROWS;
    const lines = Array.from({ length: rows }, (_, i) => `Stored ${i},,,,,s${i}@x.co,,,,,`);
    const fileId = await upload('stored.csv', `${HEADER}\n${lines.join('\n')}\n`);
    const list = await lists.insertList(t.ctx.db, { teamId: owner.teamId, name: 'Stored', entityType: 'contactList', createdBy: owner.userId, processing: true });
    const tracker = await ProgressTracker.create(t.ctx.db, { teamId: owner.teamId, userId: owner.userId, kind: 'lists.import-prospects' });
    const payload = { progressId: tracker.id, teamId: owner.teamId, uploadId: fileId, listId: list.id, useRawFileData: true };
    const crashing = new ProgressTracker(t.ctx.db, tracker.id);
    crashing.advance = async () => {
      throw new Error('killed');
    };
    await expect(importFileIntoList(t.ctx, payload, crashing)).rejects.toThrow('killed');
    expect(await repo.countImported(t.ctx.db, tracker.id)).toBe(rows);

    await importFileIntoList(t.ctx, payload, tracker);
    expect(await tracker.current()).toMatchObject({ state: 'completed', done: rows, total: rows });
  });

  it('stores every row once when the same import is delivered twice at the same time', async () => {
    const rows = 3 * BATCH_ROWS + 17;
    const lines = Array.from({ length: rows }, (_, i) => `Twin ${i},,,,,t${i}@x.co,,,,,`);
    const fileId = await upload('twice.csv', `${HEADER}\n${lines.join('\n')}\n`);
    const list = await lists.insertList(t.ctx.db, { teamId: owner.teamId, name: 'Twice', entityType: 'contactList', createdBy: owner.userId, processing: true });
    const tracker = await ProgressTracker.create(t.ctx.db, { teamId: owner.teamId, userId: owner.userId, kind: 'lists.import-prospects' });
    const payload = { progressId: tracker.id, teamId: owner.teamId, uploadId: fileId, listId: list.id, useRawFileData: true };

    // One delivery takes the database's path, the other parses here: they cut the same batches.
    await Promise.all([
      importFileIntoList(t.ctx, payload, tracker),
      importFileIntoList(t.ctx, payload, new ProgressTracker(t.ctx.db, tracker.id), { copyCsv: false }),
    ]);
    expect(await repo.countImported(t.ctx.db, tracker.id)).toBe(rows);
    const stored = await t.ctx.db.selectFrom('contacts').select((eb) => eb.fn.countAll<string>().as('n')).where('source_import_id', '=', tracker.id).executeTakeFirstOrThrow();
    expect(Number(stored.n)).toBe(rows);
    expect(await finishedEvents(tracker.id)).toHaveLength(1);
    expect(await lists.findList(t.ctx.db, owner.teamId, list.id)).toMatchObject({ contacts_count: rows, total_with_professional_email: 0 });
    expect(await lists.findMiscountedLists(t.ctx.db, owner.teamId)).toEqual([]);
  });

  it('cuts the batches a job was enqueued with, and 5,000-row ones for jobs enqueued before that was recorded', async () => {
    const lines = Array.from({ length: 12_000 }, (_, i) => `Legacy ${i},,,,,,,,,,`);
    const fileId = await upload('legacy.csv', `${HEADER}\n${lines.join('\n')}\n`);
    const firstRows = async (payload: Record<string, unknown>) => {
      const list = await lists.insertList(t.ctx.db, { teamId: owner.teamId, name: 'Legacy', entityType: 'contactList', createdBy: owner.userId, processing: true });
      const tracker = await ProgressTracker.create(t.ctx.db, { teamId: owner.teamId, userId: owner.userId, kind: 'lists.import-prospects' });
      const parsed = ImportPayload.parse({ progressId: tracker.id, teamId: owner.teamId, uploadId: fileId, listId: list.id, useRawFileData: true, ...payload });
      await handleImport(t.ctx, parsed, { retryCount: 0 } as JobRun);
      const batches = await t.ctx.db.selectFrom('import_batches').select('first_row').where('import_id', '=', tracker.id).orderBy('first_row').execute();
      return batches.map((b) => b.first_row);
    };
    expect(await firstRows({})).toEqual([1, LEGACY_BATCH_ROWS + 1, 2 * LEGACY_BATCH_ROWS + 1]);
    expect(await firstRows({ batchRows: BATCH_ROWS })).toEqual([1, BATCH_ROWS + 1]);
  });

  it('gives back the same values when a download is uploaded again', async () => {
    const tricky = ['=SUM(A1)', '+1 (555) 0100', '-minus', '@at', '\ttab', 'quote "q"', 'comma, c', 'new\nline', 'ünïcødé ✓', "'apostrophe"];
    const csv = `${HEADER}\n` + tricky.map((v, i) => [`Name ${i}`, v, '', '', v, '', v, '', '', '', ''].map((c) => `"${c.replace(/"/g, '""')}"`).join(',')).join('\n');
    const first = await importInto(await upload('tricky.csv', csv), { listTitle: 'Tricky' });
    const original = await listContacts(first.list._id);
    expect(original.map((r) => r.jobTitle)).toEqual(tricky.map((v) => v.trim()));

    const download = await call({ method: 'GET', url: `/api/v1/lists/download/${first.list._id}` });
    expect(download.statusCode).toBe(200);
    const again = await importInto(await upload('again.csv', download.rawPayload), { listTitle: 'Again' });
    const reimported = await listContacts(again.list._id);
    const fields = (r: ListContactDto) => [r.fullName, r.jobTitle, r.company.name, r.primaryPhone];
    // A download writes names, titles and companies by the display rule; nothing else changes.
    const downloaded = (r: ListContactDto) => [displayCase(r.fullName), displayCase(r.jobTitle), displayCase(r.company.name), r.primaryPhone];
    expect(reimported.map(fields)).toEqual(original.map(downloaded));
  });
});

describe('dynamic lists', () => {
  const sales = { job_title_role: [{ label: 'Sales', value: 'sales', status: 'include' }] };
  const waitForList = async (id: string, check: (list: { completionStatus: string; refreshedAt: string | null; newSinceRefresh: number }) => boolean) => {
    let last: any;
    await until(async () => {
      last = (await call({ method: 'POST', url: `/api/v1/lists/${id}`, payload: {} })).json().data.list;
      return check(last);
    });
    return last;
  };

  it('fills from the filters on creation, then adds only new matches on refresh', async () => {
    const created = await call({ method: 'POST', url: '/api/v1/lists', payload: { name: 'Sales people', isDynamic: true, filters: sales } });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().data._id;
    expect(created.json().data).toMatchObject({ isDynamic: true, completionStatus: 'processing' });
    const first = await waitForList(id, (l) => l.completionStatus === 'complete');
    expect(first).toMatchObject({ contacts: 1, newSinceRefresh: 1 });

    await loadPeople(t.ctx.db, [mapPerson(PdlPerson.parse({ id: 'eve', full_name: 'eve park', job_title_role: 'sales' }))]);
    const refreshed = await call({ method: 'POST', url: `/api/v1/lists/${id}/refresh`, payload: {} });
    expect(refreshed.statusCode, refreshed.body).toBe(202);
    const second = await waitForList(id, (l) => l.refreshedAt !== first.refreshedAt);
    expect(second).toMatchObject({ contacts: 2, newSinceRefresh: 1 });
    expect((await listContacts(id)).map((c) => c.fullName)).toEqual(['Ann Lee', 'Eve Park']);

    await call({ method: 'POST', url: `/api/v1/lists/${id}/refresh`, payload: {} });
    const third = await waitForList(id, (l) => l.refreshedAt !== second.refreshedAt);
    expect(third).toMatchObject({ contacts: 2, newSinceRefresh: 0 });
  });

  it('refuses to refresh a static list', async () => {
    const list = (await call({ method: 'POST', url: '/api/v1/lists', payload: { name: 'Static' } })).json().data;
    const response = await call({ method: 'POST', url: `/api/v1/lists/${list._id}/refresh`, payload: {} });
    expect(response.statusCode).toBe(400);
  });
});

describe('CSV parsed by the database (COPY)', () => {
  const PIECES = ['Ann', 'Lee', ' ', '\u00a0', '\u3000', '\t', 'Zoë', '日本', '😀', ',', ';', '"', '\n', '\r\n', "'", '=', '+', '-', '@', "'=1", "''+", '\\', 'x'];
  const quote = (cell: string, delimiter: string) => (/[",;\r\n\t]/.test(cell) || cell.includes(delimiter) ? `"${cell.replace(/"/g, '""')}"` : cell);

  /** Cells that can start or end with nothing a cleaning would remove (csv-copy.ts "tidy"). */
  const EDGES = ['A', 'b', '7', '=', '@', '-', '"', 'x'];

  /** `untidyRows`: which rows get the random cells (all when absent); the others get tidy ones. */
  function file(rows: number, delimiter: string, newline: string, seed: number, breakAt = -1, untidyRows?: (row: number) => boolean) {
    const next = seededRandom(seed);
    const pick = <T,>(items: readonly T[]) => items[Math.floor(next() * items.length)]!;
    const randomCell = () => Array.from({ length: Math.floor(next() * 4) }, () => pick(PIECES)).join('');
    const tidyCell = () => (next() < 0.2 ? '' : `${pick(EDGES)}${randomCell()}${pick(EDGES)}`);
    let row = 0;
    const cell = () => (untidyRows && !untidyRows(row) ? tidyCell() : randomCell());
    const lines = [HEADER.split(',').join(delimiter)];
    for (let i = 1; i <= rows; i++) {
      row = i;
      // Every row has a name with something printable in it, so none is blank.
      const cells = [`${cell()}N${i}${cell()}`, ...Array.from({ length: 10 }, cell)];
      lines.push(i === breakAt ? `bad"quote${delimiter.repeat(10)}` : cells.map((c) => (c === '' && next() < 0.5 ? '""' : quote(c, delimiter))).join(delimiter));
    }
    return `\uFEFF${lines.join(newline)}${newline}`;
  }

  async function importBoth(content: string) {
    const fileId = await upload('copy.csv', content);
    const results = [];
    for (const copyCsv of [true, false]) {
      const list = await lists.insertList(t.ctx.db, { teamId: owner.teamId, name: `COPY ${copyCsv}`, entityType: 'contactList', createdBy: owner.userId, processing: true });
      const tracker = await ProgressTracker.create(t.ctx.db, { teamId: owner.teamId, userId: owner.userId, kind: 'lists.import-prospects' });
      const result = await importFileIntoList(t.ctx, { progressId: tracker.id, teamId: owner.teamId, uploadId: fileId, listId: list.id, useRawFileData: true }, tracker, { copyCsv });
      const contacts = await t.ctx.db
        .selectFrom('contacts')
        .select(['source_row', 'full_name', 'first_name', 'last_name', 'job_title', 'level', 'department', 'company_name', 'primary_email', 'emails', 'primary_phone', 'phones', 'company_domain', 'country', 'city', 'linkedin_url'])
        .where('source_import_id', '=', tracker.id)
        .orderBy('source_row')
        .execute();
      const stored = await lists.findList(t.ctx.db, owner.teamId, list.id);
      results.push({ result, contacts, counts: [stored!.contacts_count, stored!.total_with_professional_email, stored!.total_with_linkedin] });
    }
    return results;
  }

  it('stores exactly what PapaParse reads here, for each delimiter and line ending', async () => {
    for (const [delimiter, newline, seed] of [[',', '\r\n', 1], [';', '\n', 2], ['\t', '\r', 3]] as const) {
      const [copied, parsed] = await importBoth(file(6_000, delimiter, newline, seed));
      expect(copied!.result.copiedRows).toBe(6_000);
      expect(parsed!.result.copiedRows).toBe(0);
      expect(copied!.contacts).toHaveLength(6_000);
      expect(copied!.contacts).toEqual(parsed!.contacts);
      expect(copied!.counts).toEqual(parsed!.counts);
    }
  });

  it('stores the same when most pieces need no trimming and are only made null where blank', async () => {
    // Pieces of 5,000 rows: the first holds a few untidy rows, the second and third none.
    const content = file(12_000, ',', '\n', 5, -1, (row) => row % 1_000 === 7 && row < 5_000);
    const [copied, parsed] = await importBoth(content);
    expect(copied!.result.copiedRows).toBe(12_000);
    expect(copied!.contacts).toHaveLength(12_000);
    expect(copied!.contacts).toEqual(parsed!.contacts);
    expect(copied!.counts).toEqual(parsed!.counts);
    // Blank cells became null, names with white space inside were split.
    expect(copied!.contacts.some((c) => c.job_title === null)).toBe(true);
    expect(copied!.contacts.some((c) => c.last_name !== null && /\s/u.test(c.full_name!))).toBe(true);
  });

  it('hands the rest of a file that stops being regular to PapaParse, storing every row once', async () => {
    const [copied, parsed] = await importBoth(file(12_000, ',', '\n', 4, 11_000));
    expect(copied!.result.copiedRows).toBe(10_000);
    expect(copied!.contacts).toHaveLength(12_000);
    expect(copied!.contacts).toEqual(parsed!.contacts);
    expect(copied!.contacts[10_999]!.full_name).toBe('bad"quote');
  });
});

describe('files with odd bytes', () => {
  it('imports the rows around a NUL character and reports the row that held it', async () => {
    const csv = `Full Name,Company\nAnn Lee,Acme\nBob\u0000Stone,Initech\nCid Moss,Globex\n`;
    const { list, progress } = await importInto(await upload('nul.csv', csv), { listTitle: 'With a NUL' });
    expect(progress).toMatchObject({ state: 'completed', error_count: 1, result: { imported: 2, rows: 3 } });
    expect(progress.errors).toMatchObject([{ message: FILE_MESSAGES.nulRowSkipped(2), item: 'row 2' }]);
    expect((await listContacts(list._id)).map((r) => r.fullName)).toEqual(['Ann Lee', 'Cid Moss']);
  });

  it('imports UTF-16 files (LE and BE, with their BOM) like UTF-8 ones', async () => {
    const text = 'Full Name,Company\r\nZoë Quinn,"Acme, Inc."\r\nLi 李,Globex\r\n';
    const le = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')]);
    const be = Buffer.concat([Buffer.from([0xfe, 0xff]), Buffer.from(text, 'utf16le').swap16()]);
    for (const [name, bytes] of [['le.csv', le], ['be.csv', be]] as const) {
      const { list, progress } = await importInto(await upload(name, bytes), { listTitle: `UTF-16 ${name}` });
      expect(progress, name).toMatchObject({ state: 'completed', result: { imported: 2 } });
      expect((await listContacts(list._id)).map((r) => [r.fullName, r.company?.name])).toEqual([['Li 李', 'Globex'], ['Zoë Quinn', 'Acme, Inc.']]);
    }
  });
});
