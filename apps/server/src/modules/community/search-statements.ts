import { type Lang, languages } from '@padhub/contracts';
import { integer, named, placeholder, textLiteral } from '#server/db/sql.ts';
import { joinUser } from '#server/modules/accounts/public.ts';
import { joinAuthor, windowAuthor } from './aliases.ts';
import { type FeedFilter, feedRows, orderedFeed } from './posts-repo.ts';
import { postColumns } from './rows.ts';
import { otherLanguages } from './search-stats.ts';
import { ownerHidden } from './visibility.ts';

/**
 * Search in the feed, planned by what the data holds rather than by the planner's estimate
 * (docs/search.md). The planner has two ways to answer "matches, newest first": walk the feed's
 * index and test each post (fast when matches are common, a walk of the whole organisation when
 * they are rare), or ask the text index for every match and sort them (fast when rare, thousands
 * of rows when common). Its choice rests on a match estimate that is often far off for bigram
 * phrases (a katakana word) and flips with each ANALYZE. So a search first asks the text index
 * for at most RARE + 1 matches in the language, unless the column statistics say every word of
 * the query is common (then that probe would build a bitmap of every match before its limit
 * stops it). At most RARE matches: those are the page's candidates. Otherwise it walks a bounded
 * window of the feed (the newest SEARCH_WINDOW posts from the cursor, on the feed's own index)
 * and tests those; if they fill the page, that is the page. Only when they do not — matches are
 * rarer than one in a hundred, yet not rare — does it ask the text index for all of them.
 */
export const SEARCH_WINDOW = 2000;
/** At most this many matches in the language: the page comes from the text index alone (docs/search.md). */
export const RARE = 500;
/**
 * Matches in another language that the statistics put at this many times the most the count says:
 * the count says its most without reading them. Only if the feed's conditions (review, deletion,
 * the reader's lists) hid four in five of them would it be wrong.
 */
export const OTHER_COMMON = 5;

/**
 * The feed's filter and a tsquery literal (search-text.ts). `light`: each row only the post's id
 * and text (the candidates a search by relevance ranks: search-relevance.ts), without the columns
 * of a page (its author, counts, the viewer's like), which only the page's rows need.
 */
export type SearchFilter = FeedFilter & { search: string; light?: boolean; since?: string };

/** A candidate of a search by relevance: what ranking reads. */
export interface Candidate {
  id: string;
  content: string;
}

/** The columns of each row: a page's, or the id and text (the viewer's parameter stays referenced, as the statements pass it). */
const columnsOf = (f: { light?: boolean }) => (f.light ? 'p.id, p.content, $2::bigint as viewer' : postColumns(placeholder(2, 'bigint')));

/**
 * The first pass: walks the window of the feed in order and stops as soon as the page is full,
 * so a common word reads a few dozen posts. The window's last post comes back too (`last`), hit
 * or not, when the walk reaches it: then the window was read to its end without filling the page.
 * The window carries each post's document, so the test reads what the walk fetched (joined back
 * to posts, the planner would rather fetch every match from the text index, and misled by its
 * estimate, thousands of them). The window is of listed posts, their authors unchecked: the
 * check (a `users` lookup each) applies to the hits only, a few dozen rather than 2 000 lookups.
 */
export function windowStatement(f: SearchFilter, window = SEARCH_WINDOW) {
  // Posts with configurations have their own indexes in each order (migrations 002 and 045), so
  // the window reads those posts alone: where they are few, it holds them all.
  const { from, where, values, param, key, order } = orderedFeed(f, 'apart');
  // Only the posts written since a match set was read (match-set-pages.ts, pageFromKeptSet).
  if (f.since !== undefined) where.push(`${key.id} > ${param(f.since)}::bigint`);
  // The organisation and the window's length written into the text as well: a search's statements
  // run on their generic plans (search-repo.ts), and a plan that sees neither walked every
  // organisation's posts by primary key, filtered, rather than the asked one's feed index
  // (docs/search.md, "Generic plans"; search-plans.test.ts).
  where.push(`${key.id.startsWith('pm.') ? 'pm' : 'p'}.org_id = ${textLiteral(f.orgId)}`);
  const text = param(f.search);
  const size = integer(window);
  const [inner, outer] = f.sort === 'new' ? ['w.id desc', 'hit.id desc'] : ['w.score desc, w.id desc', 'hit.score desc, hit.id desc'];
  const shown = `not ${ownerHidden(windowAuthor, placeholder(2, 'bigint'))}`;
  return {
    text: `select ${columnsOf(f)}, hit.hit, hit.last, hit.top from (
        select w.id, w.score, w.hit and ${shown} as hit, w.last, w.top from (
          select w.id, w.score, w.author_id, w.hit, w.n = ${size} as last, w.top from (
            select ${key.id} as id, ${key.score} as score, p.author_id, p.search @@ ${text}::tsquery as hit, row_number() over (order by ${order}) as n,
              first_value(${key.id}) over (order by ${order}) as top
            from ${from} where ${where.join(' and ')} order by ${order} limit ${size}) w
          where w.hit or w.n = ${size}) w
        ${joinUser(windowAuthor, named('w.author_id', 'bigint'))}
        where (w.hit and ${shown}) or w.last order by ${inner} limit ${param(f.limit + 1)}) hit
      join posts p on p.id = hit.id ${joinAuthor}
      order by ${outer}`,
    values,
  };
}

/**
 * The matches of the organisation that the feed lists in one language (or in every one), at most
 * `most` (a parameter, or `null` for all), found by the text index alone: `search_matches`
 * (migration 029) asks the language's own index through a plan made without seeing the query, so
 * the planner's estimate (of every language at once) can never turn it into a walk of a feed the
 * query is absent from. `when`, a condition on other rows, skips the call altogether.
 */
function matches(alias: string, lang: Lang | null, text: string, most: string, when = 'true', columns = `${alias}.id`, between?: [string, string], asked?: string) {
  const language = lang === null ? 'null' : `'${languages.includes(lang) ? lang : 'none'}'`;
  // Asked with fewer lexemes than the query's (migration 051): the same matches, tested against the query.
  const as = asked === undefined ? ['', ''] : ['_asking', `, ${asked}::tsquery`];
  const from = between
    ? `search_matches_between${as[0]}($1, ${language}, ${text}::tsquery${as[1]}, ${between[0]}::bigint, ${between[1]}::bigint)`
    : `search_matches${as[0]}($1, ${language}, ${text}::tsquery${as[1]}, ${most})`;
  return `select ${columns} from ${from} ${alias} where ${when}`;
}

/** What the feed's conditions (posts-repo.ts, authors apart) read of a post, carried by the third pass's matches. */
const feedColumns = ['id', 'score', 'author_id', 'has_configs', 'org_id', 'lang', 'review_status', 'deleted_at', 'video_held'];

/**
 * The third pass: every match from the text index, then the feed's conditions and order. The
 * matches carry what the feed's conditions read, from the rows the index scan read anyway, so they
 * are filtered and ordered without reading each back from posts, and the authors are checked on
 * the first in order only (7 794 matches of PS5 摇杆, most popular first: 62 015 buffers before,
 * docs/search.md). Filtered by a model the feed orders by post_models' keys: there each match is
 * read back. With `above`, newest first from a cursor (`after`): only the matches with ids between
 * the two, whose bitmap from the text index is intersected with that range of ids before the heap
 * is read (search_matches_between, migration 050; SearchRepo picks the range).
 */
export function matchesStatement(f: SearchFilter, above?: string, narrow?: string) {
  const lang = f.lang === 'all' ? null : f.lang;
  // Newest first from a cursor, down to `above`: the matches of that range of ids only (migration 050).
  const range = (param: (value: unknown) => string) => (above !== undefined && f.sort === 'new' && f.after ? ([param(above), param(f.after[0])] as [string, string]) : undefined);
  if (f.model !== undefined) {
    const { from, where, values, param, key, order } = orderedFeed(f);
    const text = param(f.search);
    const cte = matches('m', lang, text, 'null::int', 'true', 'm.id', range(param), narrow === undefined ? undefined : param(narrow));
    return {
      text: `with m as materialized (${cte})
        select ${columnsOf(f)} from ${from} where ${where.join(' and ')} and ${key.id} in (select id from m)
        order by ${order} limit ${param(f.limit + 1)}`,
      values,
    };
  }
  const { where, values, param, order } = orderedFeed(f, 'apart');
  const text = param(f.search);
  const cte = matches('m', lang, text, 'null::int', 'true', feedColumns.map((c) => `m.${c}`).join(', '), range(param), narrow === undefined ? undefined : param(narrow));
  const [inner, outer] = f.sort === 'new' ? ['w.id desc', 'hit.id desc'] : ['w.score desc, w.id desc', 'hit.score desc, hit.id desc'];
  return {
    text: `with m as materialized (${cte})
      select ${columnsOf(f)} from (
        select w.id, w.score from (select p.id, p.score, p.author_id from m p where ${where.join(' and ')} order by ${order} offset 0) w
        ${joinUser(windowAuthor, named('w.author_id', 'bigint'))} where not ${ownerHidden(windowAuthor, placeholder(2, 'bigint'))} order by ${inner} limit ${param(f.limit + 1)}) hit
      join posts p on p.id = hit.id ${joinAuthor}
      order by ${outer}`,
    values,
  };
}

/**
 * Every match of the search in its language (or in all), newest first, as three arrays: the
 * candidates of the third pass kept for a moment (match-sets.ts), read from the text index as the
 * third pass reads them (`narrow`: the rarest lexemes asked, each match tested against the query).
 */
export function matchSetStatement(f: SearchFilter, narrow?: string) {
  const values: unknown[] = [f.orgId];
  const param = (value: unknown) => `$${values.push(value)}`;
  const text = param(f.search);
  const asked = narrow === undefined ? undefined : param(narrow);
  const all = matches('m', f.lang === 'all' ? null : f.lang, text, 'null::int', 'true', 'm.id, m.score, m.has_configs', undefined, asked);
  return {
    text: `select coalesce(array_agg(m.id order by m.id desc), '{}')::text[] as ids, coalesce(array_agg(m.score order by m.id desc), '{}') as scores,
        coalesce(array_agg(m.has_configs order by m.id desc), '{}') as configs, (select max(id) from posts)::text as newest
      from (${all}) m`,
    values,
  };
}

type OtherFilter = Omit<SearchFilter, 'sort' | 'after' | 'limit' | 'lang'> & { lang: Lang };

/**
 * How many posts match in the other languages, at most `max`, from each other language's text
 * index (at most `max` of each: what it says is "1000 or more"). Matches in the other languages
 * are nearly always rare, so this asks the indexes straight away: a walk of the newest posts of
 * the other languages first (as the page's first pass) read 2 000 posts to find none. (When the
 * statistics put the matches in one other language at five times `max` or more, the count is not
 * asked at all: `Gates.elsewhere`.)
 */
function otherLanguagesCount(f: OtherFilter, max: number, probe: string | undefined) {
  const { from, where, values, param, key } = feedRows(f, true);
  const text = param(probe ?? f.search);
  const most = param(max);
  const each = otherLanguages(f.lang).map((lang) => `(${matches('m', lang, text, `${most}::int`)})`);
  // A probe without some terms finds more than the query: each is tested against it (a lower bound
  // then, when more than `max` posts of a language hold the probe's terms).
  const whole = probe === undefined ? '' : ` and ${testedAgainst(param(f.search))}`;
  return {
    cte: `other as materialized (${each.join(' union all ')})`,
    count: `(select count(*)::int from (select 1 from ${from} where ${where.join(' and ')} and ${key.id} in (select id from other)${whole} limit ${most}) x)`,
    values,
    param,
  };
}

/**
 * What the statistics say of a search before it asks a text index (search-stats.ts), answered in
 * memory from the process's copy of them:
 * - `common`: every lexeme of the query stands in `RARE` posts or more (a prefix: the lexemes it
 *   starts, summed). Then a probe of the text index could build a bitmap of hundreds of thousands
 *   of posts before its limit stops it (マクロ: 50 000 in 9 ms), so the first pass walks the feed.
 *   A lexeme the statistics do not hold is in fewer posts than their least common one (under 1 %
 *   of posts), which bounds the probe;
 * - `elsewhere`: the statistics of one other language put the query's matches there at
 *   `OTHER_COMMON` times the most the count says, or more: the count says its most without reading
 *   them (stick from the Chinese feed: the English index built a bitmap of 50 000 matches, 31 ms,
 *   before its limit stopped it; docs/search.md).
 */
export interface Gates {
  common: boolean;
  elsewhere: boolean;
  /** What the probe and the count ask the text index, when not the whole query (StatsNow.probeOf); their matches are then tested against the query. */
  probe?: string;
  /** What the third pass asks the text index, when not the whole query (StatsNow.narrowestOf); its matches are then tested against the query. */
  narrow?: string;
  /** At most how many posts of the feed's language the query matches, by the statistics (StatsNow.mostMatches). */
  most?: number;
  /** How many posts the feed's language has, by the statistics (StatsNow.postsOf). */
  posts?: number;
}

/**
 * The survey that starts a search: unless the gates say the query may be common, the ids of its
 * matches in the language from the text index, at most `rare + 1` (cheap when few; more than
 * `rare` means not rare after all). Nothing to ask: no statement.
 */
export function surveyStatement(f: SearchFilter, gates: Gates, rare = RARE) {
  if (gates.common) return undefined;
  const values: unknown[] = [f.orgId];
  const param = (value: unknown) => `$${values.push(value)}`;
  const probe = matches('m', f.lang === 'all' ? null : f.lang, param(gates.probe ?? f.search), `${param(rare)}::int + 1`);
  return { text: `select array(${probe})::text[] as ids`, values };
}

/** The count in the other languages, one statement (otherLanguagesCount). */
export function otherCountStatement(f: OtherFilter, max: number, probe: string | undefined) {
  const other = otherLanguagesCount(f, max, probe);
  return { text: `with ${other.cte} select ${other.count} as other`, values: other.values };
}

/**
 * A post tested against the query, never a way to find posts: written as `@@`, the planner may
 * answer it from the text index (every match of the whole query, 1 732 rows of a model's feed
 * for a list of 40 ids) rather than read the listed posts by id and test them; a generic plan,
 * blind to the query, does so more often (docs/search.md, "Generic plans").
 */
const testedAgainst = (query: string) => `ts_match_vq(p.search, ${query}::tsquery)`;

/**
 * The page from the few matches the survey found: the feed's conditions and order on them; with
 * `whole`, each tested against the query too (the probe asked without some of its terms: Gates.probe).
 */
export function fewStatement(f: SearchFilter, ids: string[], whole = false) {
  const { from, where, values, param, key, order } = orderedFeed(f);
  const tested = whole ? ` and ${testedAgainst(param(f.search))}` : '';
  return {
    text: `select ${columnsOf(f)} from ${from} where ${where.join(' and ')} and ${key.id} = any(${param(ids)}::bigint[])${tested}
      order by ${order} limit ${param(f.limit + 1)}`,
    values,
  };
}
