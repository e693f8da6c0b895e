import type { Queryable } from '#server/db/client.ts';
import { type MatchSet, inOrder } from './match-sets.ts';
import type { PostRow } from './rows.ts';
import { type SearchFilter, fewStatement, windowStatement } from './search-statements.ts';

/**
 * A page of a search from a match set (match-sets.ts; docs/search.md, "Match sets"): the candidates
 * in the page's order, read a page and a few more at a time with the feed's conditions as they are
 * now and tested against the query again, so a post since deleted, hidden or edited is not on it.
 */

/** Candidates read beyond the page's, for those the feed's conditions may now leave out. */
const CHUNK_MARGIN = 20;
/** Candidates a statement reads when the feed is a model's: they are looked up in post_models by id, and a model is a small share of a language. */
const MODEL_CHUNK = 1000;

/** What names a search's set: the organisation, the language (or all), the words, and what the text index is asked. */
export const setKey = (f: SearchFilter, narrow: string | undefined) => JSON.stringify([f.orgId, f.lang, f.search, narrow ?? null]);

const popularFirst = (a: PostRow, b: PostRow) => b.score - a.score || (BigInt(b.id) > BigInt(a.id) ? 1 : -1);

/** Whether a post (its id and score) comes after the page's cursor in the page's order: newest first, or most popular first. */
function afterCursor(f: SearchFilter, id: string, score: number): boolean {
  if (!f.after) return true;
  if (f.sort === 'new') return BigInt(id) < BigInt(f.after[0]!);
  const cursor = Number(f.after[0]);
  return score < cursor || (score === cursor && BigInt(id) < BigInt(f.after[1]!));
}

/** The page's rows from the set alone, below the cursor, with configurations when asked; `budget` runs before each statement. */
export async function pageFromSet(q: Queryable, f: SearchFilter, set: MatchSet, budget: () => Promise<void>): Promise<PostRow[]> {
  const wanted = (i: number) => (!f.hasConfigs || set.configs[i]!) && afterCursor(f, set.ids[i]!, set.scores[i]!);
  const order = inOrder(set, f.sort === 'new' ? 'new' : 'popular');
  // Each statement reads twice the candidates of the one before: where the feed's conditions now
  // leave most of them out (a reader who blocked the authors of most matches), a set of 10 000 ids
  // is still a handful of statements.
  let size = f.model === undefined ? f.limit + 1 + CHUNK_MARGIN : Math.max(MODEL_CHUNK, f.limit + 1 + CHUNK_MARGIN);
  const rows: PostRow[] = [];
  let at = 0;
  for (; rows.length <= f.limit && at < order.length; size *= 2) {
    const chunk: string[] = [];
    for (; at < order.length && chunk.length < size; at++) if (wanted(order[at]!)) chunk.push(set.ids[order[at]!]!);
    if (chunk.length === 0) break;
    await budget();
    const page = fewStatement({ ...f, limit: f.limit - rows.length }, chunk, true);
    rows.push(...(await q.query<PostRow>(page.text, page.values)));
  }
  return rows;
}

/**
 * The page from a set kept from a search a moment ago, and the posts written since it was read
 * (a walk of the feed above the set's newest id, newest first: a few posts, where a moment's
 * writes are). No window of the feed, no text index. Undefined when a whole window of posts was
 * written since: then the search runs as it would without the set.
 */
export async function pageFromKeptSet(q: Queryable, f: SearchFilter, set: MatchSet, window: number): Promise<PostRow[] | undefined> {
  const since = windowStatement({ ...f, sort: 'new', after: f.sort === 'new' ? f.after : undefined, since: set.newest, limit: window }, window);
  const walked = await q.query<PostRow & { hit: boolean; last: boolean }>(since.text, since.values);
  if (walked.some((row) => row.last)) return undefined;
  // Newest first the walk started below the cursor already; most popular first, the cursor is a score.
  const newer: PostRow[] = walked.filter((row) => row.hit && afterCursor(f, row.id, row.score));
  const older = await pageFromSet(q, f, set, () => Promise.resolve());
  return (f.sort === 'new' ? newer.concat(older) : [...newer, ...older].sort(popularFirst)).slice(0, f.limit + 1);
}
