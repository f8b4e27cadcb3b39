import { SUPPRESSION_MESSAGES } from '@leadline/shared/campaigns/index';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOwner, createTeam, type TestUser } from '../../test/factories.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

let t: TestApp;
let team: Awaited<ReturnType<typeof createTeam>>;
let foreign: TestUser;

function multipart(fileName: string, content: Buffer | string) {
  const boundary = '----leadline-test-boundary';
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\nContent-Type: text/csv\r\n\r\n`;
  const payload = Buffer.concat([Buffer.from(head), Buffer.isBuffer(content) ? content : Buffer.from(content), Buffer.from(`\r\n--${boundary}--\r\n`)]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}
const upload = (user: TestUser, fileName: string, content: Buffer | string) => {
  const { payload, headers } = multipart(fileName, content);
  return t.app.inject({ method: 'POST', url: '/api/v1/suppressions/import', headers: { ...headers, cookie: user.cookie }, payload });
};
const list = async (user: TestUser, query = '') => (await t.app.inject({ method: 'GET', url: `/api/v1/suppressions?limit=200${query}`, headers: { cookie: user.cookie } })).json();

beforeAll(async () => {
  t = await createTestApp();
  team = await createTeam(t.ctx.db);
  foreign = await createOwner(t.ctx.db);
});
afterAll(() => t.close());

describe('suppressions CSV import', () => {
  it('reads the email column by its header, counts invalid rows with their row and reason, and ignores duplicates', async () => {
    await t.app.inject({ method: 'POST', url: '/api/v1/suppressions', headers: { cookie: team.member.cookie }, payload: { emails: ['known@acme.test'] } });
    const csv = 'Name,E-mail,Company\nAnn,ann@acme.test,Acme\nBob,not an email,Beta\nCy,KNOWN@acme.test,Acme\nDi,ann@acme.test,Acme\nEd,example.com,Ex\n\nFlo,flo@acme.test,Acme\n';
    const response = await upload(team.member, 'list.csv', csv);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data).toEqual({
      rows: 6,
      added: 2,
      duplicates: 2,
      invalid: 2,
      column: 'E-mail',
      invalidExamples: [
        { row: 3, value: 'not an email', reason: SUPPRESSION_MESSAGES.invalidEmail },
        { row: 6, value: 'example.com', reason: SUPPRESSION_MESSAGES.domainNotSupported },
      ],
    });
    const { data } = await list(team.owner);
    expect(data.map((s: { email: string }) => s.email).sort()).toEqual(['ann@acme.test', 'flo@acme.test', 'known@acme.test']);
    expect(data.find((s: { email: string }) => s.email === 'ann@acme.test').reason).toBe('import');
    expect((await list(foreign)).data).toEqual([]);
    expect((await list(team.owner, '&search=FLO')).data.map((s: { email: string }) => s.email)).toEqual(['flo@acme.test']);
  });

  it('takes a file without a header when its first cell is an address', async () => {
    const response = await upload(team.member, 'plain.csv', 'zed@plain.test\r\nyan@plain.test\r\n');
    expect(response.json().data).toMatchObject({ rows: 2, added: 2, invalid: 0, column: 'column 1' });
  });

  it('refuses a spreadsheet, a binary file, a file without an email column and an empty upload, naming the problem', async () => {
    const xlsx = Buffer.concat([Buffer.from('PK\u0003\u0004', 'latin1'), Buffer.alloc(200, 1)]);
    for (const [name, content, message] of [
      ['list.xlsx', xlsx, SUPPRESSION_MESSAGES.notCsv],
      ['photo.png', Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 0, 0, 0x0d]), SUPPRESSION_MESSAGES.notCsv],
      ['people.csv', 'Name,Company\nAnn,Acme\n', SUPPRESSION_MESSAGES.noEmailColumn],
      ['empty.csv', '', SUPPRESSION_MESSAGES.notCsv],
    ] as const) {
      const response = await upload(team.member, name, content);
      expect(response.statusCode, name).toBe(400);
      expect(response.json().error.message, name).toBe(message);
    }
    const none = await t.app.inject({ method: 'POST', url: '/api/v1/suppressions/import', headers: { cookie: team.member.cookie, 'content-type': 'application/json' }, payload: {} });
    expect(none.statusCode).toBe(400);
  });

  it('imports 50,000 rows (some invalid, some repeated) as they stream, in batches', async () => {
    const other = await createTeam(t.ctx.db);
    const rows = ['email'];
    for (let i = 0; i < 50_000; i++) rows.push(i % 100 === 0 ? `bad-row-${i}` : i % 250 === 3 ? `lead${i - 1}@big.test` : `lead${i}@big.test`);
    const started = Date.now();
    const response = await upload(other.owner, 'big.csv', rows.join('\n'));
    const ms = Date.now() - started;
    expect(response.statusCode, response.body).toBe(200);
    const invalid = 500;
    const repeated = 200;
    expect(response.json().data).toMatchObject({ rows: 50_000, invalid, added: 50_000 - invalid - repeated, duplicates: repeated });
    const stored = await t.ctx.db.selectFrom('suppressions').select((eb) => eb.fn.countAll<string>().as('n')).where('team_id', '=', other.owner.teamId).executeTakeFirstOrThrow();
    expect(Number(stored.n)).toBe(50_000 - invalid - repeated);
    console.log(`50,000-row suppression import: ${ms} ms`);
  }, 180_000);
});
