import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';

/** A column another feature adds to a contact list (a research agent's answers). */
export type ExtraColumn = { key: string; title: string; description: string };
export type ExtraCell = { key: string; contactId: string; value: string };

/**
 * Where extra columns come from. Lists cannot import the features that fill them (they build on
 * lists), so the composition (src/features.ts) hands the sources to the lists module.
 */
export type ExtraColumnSource = {
  /** The columns of one list of this team, in display order. */
  columnsOf(db: Kysely<DB>, list: { id: string; team_id: string }): Promise<ExtraColumn[]>;
  /** The filled cells of those columns for these contacts; a missing cell is an empty one. */
  cellsOf(db: Kysely<DB>, columns: ExtraColumn[], contactIds: string[]): Promise<ExtraCell[]>;
};

export type ListExtraColumns = { columns: ExtraColumn[]; cellsOf(contactIds: string[]): Promise<Map<string, Record<string, string>>> };

/** A list's extra columns from every source, and a reader of their cells by contact. */
export async function listExtraColumns(db: Kysely<DB>, sources: readonly ExtraColumnSource[], list: { id: string; team_id: string }): Promise<ListExtraColumns> {
  const perSource = await Promise.all(sources.map(async (source) => ({ source, columns: await source.columnsOf(db, list) })));
  const filled = perSource.filter((s) => s.columns.length > 0);
  return {
    columns: filled.flatMap((s) => s.columns),
    async cellsOf(contactIds) {
      const byContact = new Map<string, Record<string, string>>();
      if (contactIds.length === 0) return byContact;
      for (const { source, columns } of filled) {
        for (const cell of await source.cellsOf(db, columns, contactIds)) {
          const row = byContact.get(cell.contactId) ?? {};
          row[cell.key] = cell.value;
          byContact.set(cell.contactId, row);
        }
      }
      return byContact;
    },
  };
}
