import { companyFilterPlan, wildcardToLikePattern, type CompanyClause, type FilterOption, type SearchFilters } from '@leadline/shared';
import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { DB } from '../../../db/schema.js';

type Condition = RawBuilder<boolean>;

/** Bands keep their list spelling ('$1M-$10M', '51-200'); every other company value is stored lower-cased. */
const EXACT_FIELDS: ReadonlySet<string> = new Set(['size', 'inferred_revenue']);

/** field = any of the included values and none of the excluded; a company without a value is never excluded. */
function optionsCondition(field: string, options: FilterOption[]): Condition[] {
  const exact = EXACT_FIELDS.has(field);
  const values = (status: 'include' | 'exclude') =>
    options.filter((o) => (o.status ?? 'include') === status).map((o) => (exact ? o.value : o.value.toLowerCase()));
  const include = values('include');
  const exclude = values('exclude');
  const column = sql.ref(`companies.${field}`);
  const out: Condition[] = [];
  if (include.length) out.push(sql<boolean>`${column} = any(${include}::text[])`);
  if (exclude.length) out.push(sql<boolean>`(${column} is null or ${column} <> all(${exclude}::text[]))`);
  return out;
}

function clauseConditions(clause: CompanyClause): Condition[] {
  switch (clause.kind) {
    case 'options':
      return optionsCondition(clause.field, clause.options);
    case 'range': {
      const column = sql.ref(`companies.${clause.field}`);
      const out: Condition[] = [];
      if (clause.range.min != null) out.push(sql<boolean>`${column} >= ${clause.range.min}`);
      if (clause.range.max != null) out.push(sql<boolean>`${column} <= ${clause.range.max}`);
      return out;
    }
    case 'keywords': {
      // As for people, `*` and `?` are wildcards; a company matches by its name, domain or industry.
      const pattern = `%${wildcardToLikePattern(clause.text)}%`;
      return [sql<boolean>`(companies.name ilike ${pattern} or companies.domain ilike ${pattern} or companies.industry ilike ${pattern})`];
    }
  }
}

/**
 * The search filters as conditions on `companies`: every filter with a company meaning applies
 * (see companyFilterPlan: a person's location tests the headquarters); the others cannot.
 */
export function companyConditions(filters: SearchFilters): Condition[] {
  return companyFilterPlan(filters).clauses.flatMap(clauseConditions);
}

/** The ids of the first `limit` companies matching `conditions`, in the order company search pages them. */
export async function findCompanyIds(db: Kysely<DB>, conditions: Condition[], limit: number) {
  const where = conditions.length ? sql.join(conditions, sql` and `) : sql`true`;
  const { rows } = await sql<{ id: string }>`select companies.id from companies where ${where} order by companies.id limit ${limit}`.execute(db);
  return rows.map((r) => r.id);
}
