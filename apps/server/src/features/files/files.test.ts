import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as XLSX from '@e965/xlsx';
import { FILE_MESSAGES } from '@leadline/shared';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeZip } from '../../test/zip-fixture.js';
import { createOwner, type TestUser } from '../../test/factories.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { findUploadForTeam } from './files.repository.js';
import { purgeOldUploads, uploadsDir } from './files.service.js';

const LIMIT = 64 * 1024;
let t: TestApp;
let dataDir: string;
let user: TestUser;

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'leadline-files-'));
  t = await createTestApp({ config: { dataDir, maxUploadBytes: LIMIT } });
  user = await createOwner(t.ctx.db);
});
afterAll(async () => {
  await t.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

function multipart(fileName: string, content: Buffer | string, field = 'file') {
  const boundary = `----leadline${crypto.randomBytes(8).toString('hex')}`;
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${fileName}"\r\nContent-Type: application/octet-stream\r\n\r\n`;
  const payload = Buffer.concat([Buffer.from(head), Buffer.from(content), Buffer.from(`\r\n--${boundary}--\r\n`)]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}
const upload = (fileName: string, content: Buffer | string, as: TestUser | null = user, field = 'file') => {
  const { payload, headers } = multipart(fileName, content, field);
  return t.app.inject({ method: 'POST', url: '/api/v1/files', payload, headers: { ...headers, ...(as ? { cookie: as.cookie } : {}) } });
};
const filesOf = (owner: TestUser) => {
  const dir = uploadsDir(dataDir, owner.teamId);
  return fs.existsSync(dir) ? fs.readdirSync(dir) : [];
};
const rowsOf = (owner: TestUser) => t.ctx.db.selectFrom('uploads').selectAll().where('team_id', '=', owner.teamId).execute();

describe('POST /api/v1/files', () => {
  it('stores a CSV on disk and answers its summary, read while it streamed', async () => {
    const csv = '\uFEFFFull Name,Email,Company\r\nAnn Lee,ann@acme.io,Acme\r\n\r\nBob Stone,,Initech\r\n , ,\r\n,,Globex\r\n';
    const response = await upload('C:\\fakepath\\My leads.csv', csv);
    expect(response.statusCode, response.body).toBe(201);
    const { data } = response.json();
    expect(data).toMatchObject({ fileName: 'My leads.csv', fileType: 'csv', size: Buffer.byteLength(csv), headers: ['Full Name', 'Email', 'Company'], rowCount: 3 });

    const row = await findUploadForTeam(t.ctx.db, user.teamId, data._id);
    expect(row).toMatchObject({ user_id: user.userId, row_count: 3, blank_counts: [1, 2, 0], path: path.join(dataDir, 'uploads', user.teamId, `${data._id}.csv`) });
    expect(fs.readFileSync(row!.path, 'utf8')).toBe(csv);
  });

  it('reads the first sheet of an .xlsx and of an .xls', async () => {
    const workbook = new ExcelJS.Workbook();
    workbook.addWorksheet('Leads').addRows([['Full Name', 'Email'], ['Ann', 'ann@acme.io'], ['Bob', null]]);
    const xlsx = await upload('leads.xlsx', Buffer.from(await workbook.xlsx.writeBuffer()));
    expect(xlsx.statusCode, xlsx.body).toBe(201);
    expect(xlsx.json().data).toMatchObject({ fileType: 'xlsx', headers: ['Full Name', 'Email'], rowCount: 2 });

    const book = XLSX.utils.book_new();
    XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet([['Full Name', 'Phone'], ['Ann', 15551234567], ['Cid', '']]), 'S');
    const xls = await upload('old.XLS', XLSX.write(book, { type: 'buffer', bookType: 'biff8' }) as Buffer);
    expect(xls.statusCode, xls.body).toBe(201);
    expect(xls.json().data).toMatchObject({ fileType: 'xls', headers: ['Full Name', 'Phone'], rowCount: 2 });
    const row = await findUploadForTeam(t.ctx.db, user.teamId, xls.json().data._id);
    expect(row?.blank_counts).toEqual([0, 1]);
  });

  it('refuses other file types with 400 and keeps nothing', async () => {
    const owner = await createOwner(t.ctx.db);
    const response = await upload('notes.txt', 'Full Name\nAnn\n', owner);
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatchObject({ code: 'VALIDATION_FAILED', message: FILE_MESSAGES.wrongType });
    expect(filesOf(owner)).toEqual([]);
    expect(await rowsOf(owner)).toEqual([]);
  });

  it('accepts a file of exactly the limit and answers 413 to one byte more, keeping nothing', async () => {
    const owner = await createOwner(t.ctx.db);
    const header = 'Full Name\n';
    const exact = header + 'x'.repeat(LIMIT - header.length);
    const ok = await upload('exact.csv', exact, owner);
    expect(ok.statusCode, ok.body).toBe(201);
    expect(ok.json().data.size).toBe(LIMIT);

    const tooBig = await upload('big.csv', `${exact}y`, owner);
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.json().error).toMatchObject({ code: 'PAYLOAD_TOO_LARGE', message: FILE_MESSAGES.tooLarge(LIMIT) });
    expect(filesOf(owner)).toEqual([`${ok.json().data._id}.csv`]);
    expect((await rowsOf(owner)).map((r) => r.id)).toEqual([ok.json().data._id]);

    const bigXlsx = await upload('big.xlsx', crypto.randomBytes(LIMIT + 1), owner);
    expect(bigXlsx.statusCode).toBe(413);
    expect(filesOf(owner)).toHaveLength(1);
  });

  it('answers 413 over a real connection while the client is still sending', async () => {
    const owner = await createOwner(t.ctx.db);
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { payload, headers } = multipart('huge.csv', `Full Name\n${'x'.repeat(LIMIT * 16)}`);
    const response = await fetch(`${address}/api/v1/files`, { method: 'POST', body: payload, headers: { ...headers, cookie: owner.cookie } });
    expect(response.status).toBe(413);
    expect(((await response.json()) as { error: { code: string } }).error.code).toBe('PAYLOAD_TOO_LARGE');
    expect(filesOf(owner)).toEqual([]);
  });

  it('refuses an .xlsx zip bomb before unpacking it, and an .xlsx that is not a zip', async () => {
    const owner = await createOwner(t.ctx.db);
    const bomb = writeZip([
      { name: '[Content_Types].xml', data: Buffer.from('<Types/>') },
      { name: 'xl/worksheets/sheet1.xml', data: Buffer.alloc(32 * 1024 * 1024, 0x20) },
    ]);
    expect(bomb.length).toBeLessThan(LIMIT);
    const refused = await upload('bomb.xlsx', bomb, owner);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.message).toBe(FILE_MESSAGES.zipBomb);

    const fake = await upload('fake.xlsx', 'Full Name\nAnn\n', owner);
    expect(fake.statusCode).toBe(400);
    expect(fake.json().error.message).toBe(FILE_MESSAGES.notXlsx);
    expect(filesOf(owner)).toEqual([]);
    expect(await rowsOf(owner)).toEqual([]);
  });

  it('answers 400 without a file field and 401 to an anonymous caller', async () => {
    const wrongField = await upload('a.csv', 'Full Name\nAnn\n', user, 'attachment');
    expect(wrongField.statusCode).toBe(400);
    expect(wrongField.json().error.message).toBe(FILE_MESSAGES.noFile);
    const json = await t.app.inject({ method: 'POST', url: '/api/v1/files', payload: {}, headers: { cookie: user.cookie } });
    expect(json.statusCode).toBe(400);
    const anonymous = await upload('a.csv', 'Full Name\nAnn\n', null);
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('findUploadForTeam', () => {
  it("finds the team's own upload only", async () => {
    const response = await upload('mine.csv', 'Full Name\nAnn\n');
    const id = response.json().data._id as string;
    const other = await createOwner(t.ctx.db);
    expect(await findUploadForTeam(t.ctx.db, user.teamId, id)).toMatchObject({ id, file_name: 'mine.csv' });
    expect(await findUploadForTeam(t.ctx.db, other.teamId, id)).toBeUndefined();
    expect(await findUploadForTeam(t.ctx.db, user.teamId, 'not-a-uuid')).toBeUndefined();
  });
});

describe('purgeOldUploads', () => {
  it('deletes uploads older than seven days, file and row, and leaves the contacts imported from them', async () => {
    const owner = await createOwner(t.ctx.db);
    const old = (await upload('old.csv', 'Full Name\nAnn\n', owner)).json().data._id as string;
    const recent = (await upload('recent.csv', 'Full Name\nBob\n', owner)).json().data._id as string;
    await t.ctx.db.updateTable('uploads').set({ created_at: new Date(Date.now() - 8 * 86_400_000) }).where('id', '=', old).execute();
    const contact = await t.ctx.db
      .insertInto('contacts')
      .values({ team_id: owner.teamId, is_custom: true, full_name: 'Ann' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const orphan = path.join(uploadsDir(dataDir, owner.teamId), `${crypto.randomUUID()}.csv`);
    fs.writeFileSync(orphan, 'left by a crash');
    const longAgo = new Date(Date.now() - 9 * 86_400_000);
    fs.utimesSync(orphan, longAgo, longAgo);

    const result = await purgeOldUploads(t.ctx);
    expect(result.deleted).toBeGreaterThanOrEqual(1);
    expect(result.orphans).toBe(1);
    expect(filesOf(owner)).toEqual([`${recent}.csv`]);
    expect((await rowsOf(owner)).map((r) => r.id)).toEqual([recent]);
    const kept = await t.ctx.db.selectFrom('contacts').select(['full_name']).where('id', '=', contact.id).executeTakeFirst();
    expect(kept).toEqual({ full_name: 'Ann' });
    expect(await purgeOldUploads(t.ctx)).toEqual({ deleted: 0, orphans: 0 });
  });
});
