import { type Lang, languages } from '@padhub/contracts';
import type { Queryable } from '#server/db/client.ts';
import { joinUser } from '#server/modules/accounts/public.ts';
import { type FeedFilter, feedRows, orderedFeed } from './posts-repo.ts';
import { type PostRow, postColumns } from './rows.ts';

/**
 * Search in the feed, planned by what the data holds rather than by the planner's estimate
 * (docs/search.md). The planner has two ways to answer "matches, newest first": walk the feed's
 * index and test each post (fast when matches are common, a walk of the whole organisation when
 * they are rare), or ask the text index for every match and sort them (fast when rare, thousands
 * of rows when common). Its choice rests on a match estimate that is often far off for bigram
 * phrases (a katakana word) and flips with each ANALYZE. So a search first walks a bounded
 * window of the feed (the newest SEARCH_WINDOW posts from the cursor, on the feed's own index)
 * and tests those; if they fill the page, that is the page. Only when they do not — matches are
 * rarer than one in a hundred — does it ask the text index, which then answers few rows.
 */
const SEARCH_WINDOW = 2000;

/** The feed's filter and a tsquery literal (search-text.ts). */
type SearchFilter = FeedFilter & { search: string };

/**
 * The first pass: walks the window of the feed in order and stops as soon as the page is full,
 * so a common word reads a few dozen posts. The window's last post comes back too (`last`), hit
 * or not, when the walk reaches it: then the window was read to its end without filling the page.
 * The window carries each post's document, so the test reads what the walk fetched (joined back
 * to posts, the planner would rather fetch every match from the text index, and misled by its
 * estimate, thousands of them).
 */
export function windowStatement(f: SearchFilter, window = SEARCH_WINDOW) {
  const { from, where, values, param, key, order } = orderedFeed(f);
  const text = param(f.search);
  const size = param(window);
  const [inner, outer] = f.sort === 'new' ? ['w.id desc', 'hit.id desc'] : ['w.score desc, w.id desc', 'hit.score desc, hit.id desc'];
  return {
    text: `select ${postColumns('$2::bigint')}, hit.hit, hit.last from (
        select w.id, w.score, w.search @@ ${text}::tsquery as hit, w.n = ${size} as last from (
          select ${key.id} as id, ${key.score} as score, p.search, row_number() over (order by ${order}) as n
          from ${from} where ${where.join(' and ')} order by ${order} limit ${size}) w
        where w.search @@ ${text}::tsquery or w.n = ${size} order by ${inner} limit ${param(f.limit + 1)}) hit
      join posts p on p.id = hit.id ${joinUser('u', 'p.author_id')}
      order by ${outer}`,
    values,
  };
}

/**
 * The matches of the organisation that the feed lists in one language (or in every one), found by
 * the text index alone. The language is written into the statement, not passed as a parameter,
 * so the planner sees which language's index (migration 022) answers it.
 */
function matches(alias: string, lang: Lang | null, text: string, limit = '') {
  const inLanguage = lang === null ? '' : `and ${alias}.lang = '${languages.includes(lang) ? lang : 'none'}'`;
  return `select ${alias}.id from posts ${alias} where ${alias}.org_id = $1 ${inLanguage}
    and ${alias}.review_status = 'passed' and ${alias}.deleted_at is null and ${alias}.search @@ ${text}::tsquery ${limit}`;
}

/** The second pass: every match from the text index, then the feed's conditions and order. */
export function matchesStatement(f: SearchFilter) {
  const { from, where, values, param, key, order } = orderedFeed(f);
  const cte = matches('m', f.lang === 'all' ? null : f.lang, param(f.search));
  return {
    text: `with m as materialized (${cte})
      select ${postColumns('$2::bigint')} from ${from} where ${where.join(' and ')} and ${key.id} in (select id from m)
      order by ${order} limit ${param(f.limit + 1)}`,
    values,
  };
}

type OtherFilter = Omit<SearchFilter, 'sort' | 'after' | 'limit' | 'lang'> & { lang: Lang };

/** How many posts match in the other languages, at most `max`: first among a window of them. */
function otherLanguagesWindowStatement(f: OtherFilter, max: number, window = SEARCH_WINDOW) {
  const { from, where, values, param, key } = feedRows(f, true);
  const text = param(f.search);
  const size = param(window);
  return {
    text: `select (count(*) filter (where hit))::int as n, bool_or(last) as full from (
        select w.search @@ ${text}::tsquery as hit, w.n = ${size} as last from (
          select p.search, row_number() over (order by ${key.id} desc) as n from ${from} where ${where.join(' and ')} order by ${key.id} desc limit ${size}) w
        where w.search @@ ${text}::tsquery or w.n = ${size} limit ${param(max + 1)}) x`,
    values,
  };
}

/**
 * …then, when the window did not settle it, among the matches of each other language's index,
 * at most `max` of each (a count that stops early: what it says is "1000 or more").
 */
function otherLanguagesMatchesStatement(f: OtherFilter, max: number) {
  const { from, where, values, param, key } = feedRows(f, true);
  const text = param(f.search);
  const limit = `limit ${param(max)}`;
  const each = languages.filter((lang) => lang !== f.lang).map((lang) => `(${matches('m', lang, text, limit)})`);
  return {
    text: `with m as materialized (${each.join(' union all ')})
      select count(*)::int as n from (select 1 from ${from} where ${where.join(' and ')} and ${key.id} in (select id from m) ${limit}) x`,
    values,
  };
}

/** Runs inside the search's transaction (SearchRunner), where SET LOCAL holds. */
export class SearchRepo {
  constructor(
    private readonly q: Queryable,
    /** Tests make it small, to reach both passes on a few thousand posts. */
    private readonly window = SEARCH_WINDOW,
  ) {}

  async page(f: SearchFilter): Promise<PostRow[]> {
    const dense = windowStatement(f, this.window);
    const rows = await this.q.query<PostRow & { hit: boolean; last: boolean }>(dense.text, dense.values);
    const hits = rows.filter((row) => row.hit);
    if (hits.length > f.limit || !rows.some((row) => row.last)) return hits;
    await this.sparse();
    const all = matchesStatement(f);
    return this.q.query<PostRow>(all.text, all.values);
  }

  async otherLanguages(f: OtherFilter, max: number): Promise<number> {
    const dense = otherLanguagesWindowStatement(f, max, this.window);
    const [row] = await this.q.query<{ n: number; full: boolean | null }>(dense.text, dense.values);
    if (row!.n >= max || !row!.full) return Math.min(row!.n, max);
    await this.sparse();
    const all = otherLanguagesMatchesStatement(f, max);
    const [counted] = await this.q.query<{ n: number }>(all.text, all.values);
    return counted!.n;
  }

  /**
   * The second pass runs only for matches rarer than one in a hundred, yet the planner may guess
   * them common (a bigram phrase's estimate is the product of its bigrams') and scan the table.
   */
  private async sparse() {
    await this.q.query('set local enable_seqscan = off');
  }
}
