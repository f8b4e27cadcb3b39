import crypto from 'node:crypto';
import { once } from 'node:events';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import * as XLSX from '@e965/xlsx';
import { FILE_MESSAGES, MAX_UPLOAD_BYTES } from '@leadline/shared';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeZip } from '../../test/zip-fixture.js';
import { createOwner, type TestUser } from '../../test/factories.js';
import { writeHostileCorpus } from '../../test/hostile-files.js';
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
const upload = (fileName: string, content: Buffer | string, as: TestUser | null = user, field = 'file', on: TestApp = t) => {
  const { payload, headers } = multipart(fileName, content, field);
  return on.app.inject({ method: 'POST', url: '/api/v1/files', payload, headers: { ...headers, ...(as ? { cookie: as.cookie } : {}) } });
};
const filesOf = (owner: TestUser, root = dataDir) => {
  const dir = uploadsDir(root, owner.teamId);
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

describe('uploads kept private and within the team quota', () => {
  const QUOTA = 1000;
  let small: TestApp;
  let smallDir: string;
  beforeAll(async () => {
    smallDir = fs.mkdtempSync(path.join(os.tmpdir(), 'leadline-quota-'));
    small = await createTestApp({ config: { dataDir: smallDir, uploadQuotaBytes: QUOTA } });
  });
  afterAll(async () => {
    await small.close();
    fs.rmSync(smallDir, { recursive: true, force: true });
  });

  it('creates upload folders 0700 and files 0600', async () => {
    const owner = await createOwner(small.ctx.db);
    const response = await upload('private.csv', 'Full Name\nAnn\n', owner, 'file', small);
    expect(response.statusCode, response.body).toBe(201);
    const mode = (p: string) => fs.statSync(p).mode & 0o777;
    expect(mode(path.join(smallDir, 'uploads'))).toBe(0o700);
    expect(mode(uploadsDir(smallDir, owner.teamId))).toBe(0o700);
    expect(mode(path.join(uploadsDir(smallDir, owner.teamId), `${response.json().data._id}.csv`))).toBe(0o600);
  });

  it("answers 413 with the quota message once the team's stored uploads would pass the quota, keeping nothing of the refused file", async () => {
    const owner = await createOwner(small.ctx.db);
    const other = await createOwner(small.ctx.db);
    const file = (size: number) => `Full Name\n${'x'.repeat(size - 11)}\n`;
    expect((await upload('a.csv', file(600), owner, 'file', small)).statusCode).toBe(201);
    const over = await upload('b.csv', file(600), owner, 'file', small);
    expect(over.statusCode).toBe(413);
    expect(over.json().error).toMatchObject({ code: 'PAYLOAD_TOO_LARGE', message: FILE_MESSAGES.quotaExceeded(QUOTA) });
    expect(fs.readdirSync(uploadsDir(smallDir, owner.teamId))).toHaveLength(1);
    expect((await upload('c.csv', file(400), owner, 'file', small)).statusCode).toBe(201);
    const full = await upload('d.csv', file(20), owner, 'file', small);
    expect(full.json().error.message).toBe(FILE_MESSAGES.quotaExceeded(QUOTA));
    // Another team has its own quota; an expired upload frees its share.
    expect((await upload('e.csv', file(600), other, 'file', small)).statusCode).toBe(201);
    await small.ctx.db.updateTable('uploads').set({ created_at: new Date(Date.now() - 8 * 86_400_000) }).where('team_id', '=', owner.teamId).execute();
    await purgeOldUploads(small.ctx);
    expect((await upload('f.csv', file(600), owner, 'file', small)).statusCode).toBe(201);
  });

  it('counts uploads arriving at the same time against the quota', async () => {
    const owner = await createOwner(small.ctx.db);
    const responses = await Promise.all([1, 2, 3].map((i) => upload(`${i}.csv`, `Full Name\n${'x'.repeat(400)}\n`, owner, 'file', small)));
    expect(responses.map((r) => r.statusCode).sort()).toEqual([201, 201, 413]);
  });
});

describe('hostile files through the upload route', () => {
  let big: TestApp;
  let bigDir: string;
  beforeAll(async () => {
    bigDir = fs.mkdtempSync(path.join(os.tmpdir(), 'leadline-hostile-uploads-'));
    big = await createTestApp({ config: { dataDir: bigDir, maxUploadBytes: MAX_UPLOAD_BYTES } });
  });
  afterAll(async () => {
    await big.close();
    fs.rmSync(bigDir, { recursive: true, force: true });
  });

  it('answers each refusal as a 400 with its message and keeps nothing', async () => {
    const owner = await createOwner(big.ctx.db);
    const corpus = await writeHostileCorpus(path.join(os.tmpdir(), 'leadline-hostile-corpus'));
    for (const name of ['row-never-closes.xlsx', 'shared-strings-huge.xlsx', 'ratio-many-entries.xlsx', 'columns-100k.xlsx', 'columns-100k.csv', 'many-entries.xlsx']) {
      const file = corpus.find((f) => f.name === name)!;
      const response = await upload(name, fs.readFileSync(file.path), owner, 'file', big);
      expect(response.statusCode, name).toBe(400);
      expect(response.json().error, name).toMatchObject({ code: 'VALIDATION_FAILED', message: file.refusal });
    }
    const unclosed = await upload('quote.csv', 'Full Name,Email\nAnn,a@x.io\n"Bob,b@x.io\nCid,c@x.io\n', owner, 'file', big);
    expect(unclosed.json().error.message).toBe(FILE_MESSAGES.csvBadQuote(3));
    expect(filesOf(owner, bigDir)).toEqual([]);
  }, 120_000);

  it('reads a file refused at its header to the end, so the next request on the same connection is answered', async () => {
    const owner = await createOwner(big.ctx.db);
    await big.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = big.app.server.address() as net.AddressInfo;
    const socket = net.connect(port, '127.0.0.1');
    await once(socket, 'connect');
    let received = Buffer.alloc(0);
    socket.on('data', (chunk: Buffer) => (received = Buffer.concat([received, chunk])));
    /** Sends one request on the shared keep-alive socket and reads one whole response: its status and body. */
    const send = async (name: string, content: string) => {
      const { payload, headers } = multipart(name, content);
      socket.write(`POST /api/v1/files HTTP/1.1\r\nhost: 127.0.0.1\r\ncookie: ${owner.cookie}\r\ncontent-type: ${headers['content-type']}\r\ncontent-length: ${payload.length}\r\n\r\n`);
      socket.write(payload);
      for (let waited = 0; waited < 20_000; waited += 20) {
        const head = received.indexOf('\r\n\r\n');
        const length = head < 0 ? -1 : Number(/content-length: (\d+)/i.exec(received.subarray(0, head).toString())?.[1]);
        if (head >= 0 && received.length >= head + 4 + length) {
          const response = { status: Number(received.subarray(9, 12).toString()), body: JSON.parse(received.subarray(head + 4, head + 4 + length).toString()) };
          received = received.subarray(head + 4 + length);
          return response;
        }
        await new Promise((r) => setTimeout(r, 20));
      }
      throw new Error(`no answer to ${name}`);
    };
    const wide = `${Array.from({ length: 100_000 }, (_, i) => `Column ${i}`).join(',')}\n${'Ann\n'.repeat(500_000)}`;
    expect(await send('wide.csv', wide)).toMatchObject({ status: 400, body: { error: { message: FILE_MESSAGES.tooManyColumns(1) } } });
    expect(await send('next.csv', 'Full Name\nAnn\n')).toMatchObject({ status: 201 });
    socket.destroy();
  }, 60_000);
});
