import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../test/database.js';
import { createOwner } from '../test/factories.js';
import type { Database } from './database.js';

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

const MISSING = '00000000-0000-4000-8000-000000000000';

async function teamWithListedContacts(n: number) {
  const db = database.db;
  const owner = await createOwner(db);
  const list = await db
    .insertInto('lists')
    .values({ team_id: owner.teamId, name: 'L', entity_type: 'contactList', created_by: owner.userId })
    .returning('id')
    .executeTakeFirstOrThrow();
  const contacts = await db
    .insertInto('contacts')
    .values(Array.from({ length: n }, (_, i) => ({ team_id: owner.teamId, full_name: `Person ${i}`, is_custom: true })))
    .returning('id')
    .execute();
  await db.insertInto('list_contacts').values(contacts.map((c) => ({ list_id: list.id, contact_id: c.id }))).execute();
  return { owner, listId: list.id, contactIds: contacts.map((c) => c.id) };
}

const errorOf = (p: Promise<unknown>) => p.then(() => null, (e: { code?: string; message?: string }) => e);

describe('statement-level references (contacts.team_id, list_contacts.list_id / contact_id)', () => {
  it('refuse a row naming a team, list or contact that does not exist, and keep the statement out', async () => {
    const db = database.db;
    const { owner, listId, contactIds } = await teamWithListedContacts(2);
    const badTeam = await errorOf(db.insertInto('contacts').values([{ team_id: owner.teamId, full_name: 'ok' }, { team_id: MISSING, full_name: 'orphan' }]).execute());
    expect(badTeam).toMatchObject({ code: '23503' });
    expect(badTeam!.message).toContain(`(team_id)=(${MISSING})`);
    expect(await db.selectFrom('contacts').select('id').where('full_name', '=', 'ok').execute()).toEqual([]);

    const other = await db.insertInto('contacts').values({ team_id: owner.teamId, full_name: 'other' }).returning('id').executeTakeFirstOrThrow();
    expect(await errorOf(db.insertInto('list_contacts').values({ list_id: MISSING, contact_id: other.id }).execute())).toMatchObject({ code: '23503' });
    expect(await errorOf(db.insertInto('list_contacts').values({ list_id: listId, contact_id: MISSING }).execute())).toMatchObject({ code: '23503' });
    await db.insertInto('list_contacts').values({ list_id: listId, contact_id: other.id }).execute();
    expect(await db.selectFrom('list_contacts').select('contact_id').where('list_id', '=', listId).execute()).toHaveLength(contactIds.length + 1);
  });

  it('do not let a referencing column change', async () => {
    const db = database.db;
    const a = await teamWithListedContacts(1);
    const b = await teamWithListedContacts(1);
    expect(await errorOf(db.updateTable('contacts').set({ team_id: b.owner.teamId }).where('id', '=', a.contactIds[0]!).execute())).toMatchObject({ code: '23503' });
    expect(await errorOf(db.updateTable('list_contacts').set({ list_id: b.listId }).where('list_id', '=', a.listId).execute())).toMatchObject({ code: '23503' });
    // Other columns change as before.
    await db.updateTable('contacts').set({ full_name: 'Renamed', team_id: a.owner.teamId }).where('id', '=', a.contactIds[0]!).execute();
    await db.updateTable('list_contacts').set({ page_context: 'search' }).where('list_id', '=', a.listId).execute();
  });

  it('cascade: deleting a list removes its rows; deleting a team removes its contacts and their list rows', async () => {
    const db = database.db;
    const a = await teamWithListedContacts(3);
    const b = await teamWithListedContacts(2);
    const count = async (table: 'contacts' | 'list_contacts', column: 'team_id' | 'list_id', value: string) =>
      Number((await db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n')).where(column, '=', value).executeTakeFirstOrThrow()).n);

    await db.deleteFrom('lists').where('id', '=', a.listId).execute();
    expect(await count('list_contacts', 'list_id', a.listId)).toBe(0);
    expect(await count('contacts', 'team_id', a.owner.teamId)).toBe(3);

    const list2 = await db.insertInto('lists').values({ team_id: a.owner.teamId, name: 'L2', entity_type: 'contactList', created_by: a.owner.userId }).returning('id').executeTakeFirstOrThrow();
    await db.insertInto('list_contacts').values(a.contactIds.map((id) => ({ list_id: list2.id, contact_id: id }))).execute();
    // As when the last member leaves: the team has no users left.
    await db.updateTable('users').set({ team_id: b.owner.teamId }).where('team_id', '=', a.owner.teamId).execute();
    await sql`delete from teams where id = ${a.owner.teamId}`.execute(db);
    expect(await count('contacts', 'team_id', a.owner.teamId)).toBe(0);
    const left = await db.selectFrom('list_contacts').select('contact_id').where('contact_id', 'in', a.contactIds).execute();
    expect(left).toEqual([]);
    // The other team is untouched.
    expect(await count('contacts', 'team_id', b.owner.teamId)).toBe(2);
    expect(await count('list_contacts', 'list_id', b.listId)).toBe(2);
  });

  it('contacts.person_id: a person that does not exist is refused; deleting or truncating people leaves their contacts without one', async () => {
    const db = database.db;
    const owner = await createOwner(db);
    const people = await db.insertInto('people').values([{ full_name: 'ann lee' }, { full_name: 'bo chan' }]).returning('id').execute();
    const [ann, bo] = people.map((p) => p.id) as [string, string];
    const refused = await errorOf(db.insertInto('contacts').values([{ team_id: owner.teamId, person_id: ann, full_name: 'Ann' }, { team_id: owner.teamId, person_id: MISSING, full_name: 'Nobody' }]).execute());
    expect(refused).toMatchObject({ code: '23503' });
    expect(refused!.message).toContain(`(person_id)=(${MISSING})`);
    const contacts = await db
      .insertInto('contacts')
      .values([{ team_id: owner.teamId, person_id: ann, full_name: 'Ann' }, { team_id: owner.teamId, person_id: bo, full_name: 'Bo' }, { team_id: owner.teamId, full_name: 'Custom' }])
      .returning(['id', 'person_id'])
      .execute();
    // It can be cleared, not pointed at another person.
    expect(await errorOf(db.updateTable('contacts').set({ person_id: bo }).where('id', '=', contacts[0]!.id).execute())).toMatchObject({ code: '23503' });

    const personOf = async (id: string) => (await db.selectFrom('contacts').select('person_id').where('id', '=', id).executeTakeFirstOrThrow()).person_id;
    await db.deleteFrom('people').where('id', '=', ann).execute();
    expect(await personOf(contacts[0]!.id)).toBeNull();
    expect(await personOf(contacts[1]!.id)).toBe(bo);
    await sql`truncate people cascade`.execute(db);
    expect(await personOf(contacts[1]!.id)).toBeNull();
    expect(await db.selectFrom('contacts').select('id').where('team_id', '=', owner.teamId).execute()).toHaveLength(3);
  });
});
