import { pipeline } from 'node:stream/promises';
import { Writable, type Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { canCopyOut } from '../../../db/copy.js';
import type { Database } from '../../../db/database.js';
import { createCsvStream } from '../../../lib/files/index.js';
import { createTestDatabase } from '../../../test/database.js';
import { createOwner } from '../../../test/factories.js';
import { seededRandom } from '../../../test/random.js';
import { CONTACT_EXPORT_HEADERS, contactCells, downloadList } from './list-export.service.js';
import { insertList } from '../lists.repository.js';
import * as repo from './list-export.repository.js';

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

async function collect(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  await pipeline(stream, new Writable({ write(chunk, _e, cb) { chunks.push(chunk); cb(); } }));
  return Buffer.concat(chunks);
}

const PIECES = ['a', 'Zoë', '日本', '😀', ',', '"', '""', '\n', '\r\n', '\r', '\t', ' ', "'", '=', '+', '-', '@', '=SUM(A1:A2)', "'=", "''+", ';', '\\', ''];

describe('list download on PostgreSQL (COPY)', () => {
  it.runIf(!!process.env.TEST_DATABASE_URL)('writes byte for byte what the streamed encoder writes', async () => {
    const db = database.db;
    expect(canCopyOut(db)).toBe(true);
    const owner = await createOwner(db);
    const list = await insertList(db, { teamId: owner.teamId, name: 'Copy', entityType: 'contactList', createdBy: owner.userId, processing: false });
    const next = seededRandom(5);
    const cell = () => Array.from({ length: Math.floor(next() * 5) }, () => PIECES[Math.floor(next() * PIECES.length)]).join('') || null;
    const contacts = await db
      .insertInto('contacts')
      .values(
        Array.from({ length: 400 }, () => {
          const email = cell();
          return {
            team_id: owner.teamId, is_custom: true, full_name: cell(), job_title: cell(), level: cell(), department: cell(), company_name: cell(),
            company_domain: cell(), country: cell(), city: cell(), state: cell(), industry: cell(), linkedin_url: cell(), first_name: cell(),
            last_name: cell(), primary_email: email, primary_phone: cell(),
            emails: JSON.stringify([{ email, status: 'unknown' }, { email: cell(), status: 'unknown' }]),
            phones: JSON.stringify([{ phoneNumber: cell(), status: 'other' }]),
          };
        }),
      )
      .returning('id')
      .execute();
    await db.insertInto('list_contacts').values(contacts.map((c) => ({ list_id: list.id, contact_id: c.id }))).execute();

    const viaCopy = await collect((await downloadList(db, { teamId: owner.teamId, userId: owner.userId } as never, list.id)).body);
    const rows = await repo.listContactsAfter(db, list.id, null, 1000);
    const viaEncoder = await collect(createCsvStream(CONTACT_EXPORT_HEADERS, [rows.map(contactCells)]));
    expect(rows).toHaveLength(400);
    expect(viaCopy.toString('utf8')).toBe(viaEncoder.toString('utf8'));
  });
});
