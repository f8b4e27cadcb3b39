import crypto from 'node:crypto';
import type { CompiledQuery, Compilable, Kysely } from 'kysely';

/**
 * Statements a hot path runs many times (a campaign send's claim and record, the mailbox read),
 * made once and run many times:
 *
 * - The query is built and compiled once, with stand-ins for its arguments, and each call puts its
 *   arguments in their places. Kysely builds and compiles a query afresh at every call, and for the
 *   send's claim, a join of six tables, that took longer than running it.
 * - On PostgreSQL the text runs as a named prepared statement (the pool's connections look it up
 *   here, copy.ts): each connection parses and plans it once (a generic plan after PostgreSQL's
 *   first five custom ones) instead of at every execution. PGlite runs it as any other statement.
 *
 * `build` must pass its arguments to the query as they are: it runs once, with stand-ins, so it
 * cannot look at them (no `args.x ?? null`, no `args.x ? a : b`; the caller does that first).
 */
const names = new Map<string, string>();

export const preparedNameOf = (text: string): string | undefined => names.get(text);

class Slot {
  constructor(readonly name: string) {}
}

export function preparedStatement<Db extends Kysely<any>, A extends Record<string, unknown>, R>(build: (db: Db, args: A) => Compilable<R>) {
  let template: CompiledQuery<R> | undefined;
  return async (db: Db, args: A): Promise<R[]> => {
    if (!template) {
      const slots = new Proxy({}, { get: (_target, name) => new Slot(String(name)) }) as A;
      template = build(db, slots).compile();
      names.set(template.sql, `ll_${crypto.createHash('sha1').update(template.sql).digest('hex').slice(0, 20)}`);
    }
    const parameters = template.parameters.map((p) => (p instanceof Slot ? args[p.name] : p));
    const { rows } = await db.executeQuery<R>({ ...template, parameters });
    return rows;
  };
}
