import { sql, type Kysely, type SelectQueryBuilder, type Transaction } from 'kysely';
import type { DB } from '../../db/schema.js';
import { inFolders, inView, messageColumns, type InboxListOptions, type PagedMessage } from './inbox.repository.js';

type Db = Kysely<DB> | Transaction<DB>;

/**
 * A search looks at the newest messages of the view first: the newest 2,000, then 20,000, then
 * all. The full-text index gives matches in no useful order, so a search over the whole mailbox
 * reads every match's table row to sort them by date (a sender's 2,000 messages: 2,000 pages). In
 * a window the plan reads only the matches inside it, or walks the window in date order for a
 * word that is in most messages, and a match there is newer than any outside it, so the page is
 * exact. The count is taken in the widest window (the whole view when it fits there): past it the total says "at least".
 */
export const SEARCH_WINDOWS = [2_000, 20_000] as const;

export type SearchResult = {
  rows: PagedMessage[];
  /** Matches counted, up to the cap. */
  counted: number;
  /** The count covered only the newest messages: the total is at least `counted`. */
  lowerBound: boolean;
};

/**
 * A window's bound: the date of the first dated message past the window's size. The window holds
 * what is newer than it (at most that many messages; fewer when dates tie at the edge, all of the
 * tie then lies outside). Null when the view holds no more dated messages than the window: the
 * window is the whole view.
 */
async function windowBounds(db: Db, o: InboxListOptions, windows: readonly number[]): Promise<(Date | null)[]> {
  const nth = (n: number) =>
    inView(db.selectFrom('mail_messages').select('sent_at'), o)
      .where('sent_at', 'is not', null)
      .orderBy('sent_at', 'desc')
      .orderBy('id', 'desc')
      .offset(n)
      .limit(1);
  const row = await db
    .selectNoFrom(windows.map((n, i) => nth(n).as(`w${i}`)))
    .executeTakeFirstOrThrow();
  return windows.map((_, i) => {
    const at = (row as Record<string, Date | string | null>)[`w${i}`];
    return at == null ? null : new Date(at);
  });
}

/**
 * Matches within a window: those without a date (newest-first order puts them first) and those
 * dated after `since`, each part limited, so the planner can bound both.
 */
function inWindow<O extends { id: string; sent_at: Date | null }>(db: Db, matches: () => SelectQueryBuilder<DB, 'mail_messages', O>, since: Date | null, limit: number) {
  if (!since) return db.selectFrom(matches().orderBy('sent_at', 'desc').orderBy('id', 'desc').limit(limit).as('w')).selectAll();
  const undated = matches().where('sent_at', 'is', null).orderBy('id', 'desc').limit(limit);
  const dated = matches().where('sent_at', '>', since).orderBy('sent_at', 'desc').orderBy('id', 'desc').limit(limit);
  return db.selectFrom(db.selectFrom(undated.as('u')).selectAll().unionAll(db.selectFrom(dated.as('d')).selectAll()).as('w')).selectAll();
}

async function pageIn(db: Db, o: InboxListOptions, since: Date | null) {
  // One row more than the page: a window holding it has a next page too.
  const wanted = o.offset + o.limit + 1;
  const rows = await inWindow(db, () => inFolders(db.selectFrom('mail_messages').select(messageColumns), o), since, wanted)
    .orderBy(sql`sent_at desc nulls first`)
    .orderBy('id', 'desc')
    .limit(wanted)
    .execute();
  return { rows: rows.slice(o.offset, o.offset + o.limit) as PagedMessage[], full: rows.length === wanted };
}

async function countIn(db: Db, o: InboxListOptions, since: Date | null, cap: number) {
  const row = await db
    .selectFrom(inWindow(db, () => inFolders(db.selectFrom('mail_messages').select(['id', 'sent_at']), o), since, cap).limit(cap).as('m'))
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** A page of a search, newest first, and its count up to `cap`. */
export async function searchMessages(db: Db, o: InboxListOptions, cap: number, windows: readonly number[] = SEARCH_WINDOWS): Promise<SearchResult> {
  if (o.folderIds.length === 0) return { rows: [], counted: 0, lowerBound: false };
  const bounds = await windowBounds(db, o, windows);
  // Windows up to the first that is the whole view, then the whole view.
  const open = bounds.indexOf(null);
  const sinces: (Date | null)[] = [...(open === -1 ? bounds : bounds.slice(0, open)), null];
  // Counted in the widest window, or in the whole view when it fits in that window.
  const countSince = bounds.at(-1) ?? null;

  const counting = countIn(db, o, countSince, cap);
  // Awaited below; if a page query fails first, its failure is the one reported, not this one's.
  counting.catch(() => undefined);
  let page = await pageIn(db, o, sinces[0] ?? null);
  let used = 0;
  while (!page.full && used < sinces.length - 1) page = await pageIn(db, o, sinces[++used] ?? null);

  let counted = await counting;
  let lowerBound = countSince !== null && counted < cap;
  if (lowerBound && sinces[used] === null) {
    // The page needed the whole view: the matches are few, and counting them all is cheap.
    counted = await countIn(db, o, null, cap);
    lowerBound = false;
  }
  return { rows: page.rows, counted, lowerBound };
}
