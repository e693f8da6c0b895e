import type { Queryable } from '#server/db/client.ts';
import { Repo } from '#server/db/repo.ts';
import type { FeedFilter } from './posts-repo.ts';
import type { PostRow } from './rows.ts';
import { pageFromKeptSet, pageFromSet, setKey } from './match-set-pages.ts';
import { type MatchSet, MatchSets } from './match-sets.ts';
import { OTHER_COMMON, RARE, SEARCH_WINDOW, type SearchFilter, type Gates, fewStatement, matchSetStatement, matchesStatement, otherCountStatement, surveyStatement, windowStatement } from './search-statements.ts';
import { SearchStats, otherLanguages, statsStamp } from './search-stats.ts';

export type { Candidate } from './search-statements.ts';

/** At most this many times the window's span of ids the third pass asks first (SearchRepo.thirdPass). */
const BOUNDED_SPANS = 16;

/** A filtered feed's range is asked when it is at most this share (its inverse) of the ids below the window (SearchRepo.thirdPass). */
const RANGE_SHARE = 4n;
/** At most this many windows' span the feed is walked on, most popular first, rather than reading every match (SearchRepo.further). */
const FURTHER_SPANS = 8;

/** What a match read from the text index costs in posts walked (SearchRepo.further). */
const MATCH_COST = 2;

/** PostgreSQL's query_canceled: here, the third pass past its budget. */
const QUERY_CANCELED = '57014';

/** What a search answers: the page's rows and, when asked for, the count in the other languages. */
interface Found {
  rows: PostRow[];
  otherLanguages?: number;
  /** The walk took the hits of its window without reading further: older matches may exist. */
  cut?: boolean;
}

/** How a SearchRepo searches; each left out takes its default. */
export interface SearchOptions {
  /** The feed's posts the walk tests (SEARCH_WINDOW); tests make it small, to reach every pass on a few thousand posts. */
  window?: number;
  /** At most this many matches: the text index alone answers (RARE); small in tests too. */
  rare?: number;
  /** How long the third pass may run before the search answers with the window's hits (PostgreSQL: a statement timeout). */
  thirdPassMs?: number;
  /** The process's copy of the statistics (search-stats.ts); a repo without one reads them once itself. */
  stats?: SearchStats;
  /** Every match of a search, kept for a moment (match-sets.ts); a repo without them keeps its own. */
  matchSets?: MatchSets;
}

/** Runs inside the search's transaction (SearchRunner, with `on(q)`), where SET LOCAL holds. */
export class SearchRepo extends Repo {
  private readonly window: number;
  private readonly rare: number;
  private readonly thirdPassMs: number | undefined;
  private readonly stats: SearchStats;
  private readonly matchSets: MatchSets;

  constructor(q: Queryable, options: SearchOptions = {}) {
    super(q);
    this.window = options.window ?? SEARCH_WINDOW;
    this.rare = options.rare ?? RARE;
    this.thirdPassMs = options.thirdPassMs;
    this.stats = options.stats ?? new SearchStats();
    this.matchSets = options.matchSets ?? new MatchSets();
  }

  /**
   * A page of matches; with `otherMax`, and when the page is the language's last (nothing after
   * it), also how many match in the other languages (at most that): what "nothing more here" can
   * point to. A page with a next one does not count them (docs/search.md, "The count in the other
   * languages, when it is wanted"). `enough`: a window of the feed holding at least that many hits answers with them, though it
   * did not fill the page (`cut`), rather than asking the text index for every match.
   */
  async search(f: SearchFilter, otherMax?: number, enough = Infinity): Promise<Found> {
    // The text index answers only rare matches, yet the planner may guess them common (a bigram
    // phrase's estimate is the product of its bigrams') and scan the table. And no parallel
    // workers: the planner costs a walk by the whole feed it might read, so a window of a model's
    // posts got a Gather Merge whose two workers took 15–40 ms to start, for 2 000 rows
    // (docs/search.md, "Parallel workers"). Each statement's generic plan, made once a connection:
    // a custom plan for each call was 29 % of PostgreSQL's time under load, and a search's plans do
    // not turn on its values (the languages' text indexes are chosen inside search_matches, whose
    // plans are generic already). No JIT: a generic plan's cost may pass jit_above_cost, and
    // compiling took 65 ms of a window that runs in 3 (docs/search.md, "Generic plans").
    const [opened] = await this.q.query<{ stamp: string }>(
      `select set_config('enable_seqscan', 'off', true), set_config('max_parallel_workers_per_gather', '0', true),
        set_config('plan_cache_mode', 'force_generic_plan', true), set_config('jit', 'off', true), ${statsStamp}`,
    );
    const said = await this.gates(f, otherMax, opened!.stamp);
    // A set of every match kept from a moment ago answers the page (match-set-pages.ts): no probe.
    const kept = f.following ? undefined : await this.matchSets.peek(setKey(f, said.narrow))?.catch(() => undefined);
    const gates = kept === undefined ? said : { ...said, common: true };
    const survey = surveyStatement(f, gates, this.rare);
    const [found] = survey ? await this.q.query<{ ids: string[] | null }>(survey.text, survey.values) : [{ ids: null }];
    let page: { rows: PostRow[]; cut?: boolean };
    if (found!.ids !== null && found!.ids.length <= this.rare) {
      const few = fewStatement(f, found!.ids, gates.probe !== undefined);
      page = { rows: found!.ids.length === 0 ? [] : await this.q.query<PostRow>(few.text, few.values) };
    } else {
      const fromKept = kept === undefined ? undefined : await pageFromKeptSet(this.q, f, kept, this.window);
      page = fromKept !== undefined ? { rows: fromKept } : await this.walk(f, enough, gates);
    }
    const last = page.rows.length <= f.limit && page.cut !== true;
    return otherMax === undefined || !last ? page : { ...page, otherLanguages: await this.counted(f, otherMax, gates) };
  }

  /**
   * How many posts match in the other languages than the search's, at most `otherMax` (a search
   * by relevance asks once its page proves the last: search-relevance.ts). Undefined in all languages.
   */
  async elsewhere(f: SearchFilter, otherMax: number): Promise<number | undefined> {
    return this.counted(f, otherMax, await this.gates(f, otherMax));
  }

  /** The count in the other languages: the most, unread, when the statistics put that many or more there (Gates.elsewhere). */
  private async counted(f: SearchFilter, otherMax: number, gates: Gates): Promise<number | undefined> {
    if (f.lang === 'all') return undefined;
    if (gates.elsewhere) return otherMax;
    const count = otherCountStatement({ ...f, lang: f.lang }, otherMax, gates.probe);
    const [row] = await this.q.query<{ other: number }>(count.text, count.values);
    return row!.other;
  }

  /**
   * What the statistics say of this search (Gates), from the process's copy of them, read again
   * only after an ANALYZE: `stamp` is statsStamp as the search's first statement read it.
   */
  async gates(f: SearchFilter, otherMax: number | undefined, stamp?: string): Promise<Gates> {
    stamp ??= (await this.q.query<{ stamp: string }>(`select ${statsStamp}`))[0]!.stamp;
    const stats = await this.stats.at(this.q, stamp);
    const common = stats.mayBeCommon(f.search, this.rare, f.lang);
    const probe = stats.probeOf(f.search, this.rare);
    const narrow = stats.narrowestOf(f.search, f.lang);
    return {
      most: stats.mostMatches(f.search, f.lang),
      posts: stats.postsOf(f.lang),
      common,
      elsewhere: otherMax !== undefined && f.lang !== 'all' && stats.commonIn(otherLanguages(f.lang), f.search, OTHER_COMMON * otherMax),
      ...(probe === undefined ? {} : { probe }),
      ...(narrow === undefined ? {} : { narrow }),
    };
  }

  /** The page's rows of these posts (listed and shown to the viewer: the feed's conditions hold), in the order of `ids`. */
  async rows(f: FeedFilter, ids: string[]): Promise<PostRow[]> {
    if (ids.length === 0) return [];
    const statement = fewStatement({ ...f, search: '', limit: ids.length }, ids);
    const found = new Map((await this.q.query<PostRow>(statement.text, statement.values)).map((row) => [row.id, row]));
    return ids.flatMap((id) => found.get(id) ?? []);
  }

  /** The hits of one window of the feed, and no further pass: the partial matches a search by relevance ranks. */
  async windowHits(f: SearchFilter): Promise<PostRow[]> {
    const dense = windowStatement(f, this.window);
    const rows = await this.q.query<PostRow & { hit: boolean }>(dense.text, dense.values);
    return rows.filter((row) => row.hit);
  }

  /** The first pass, and the second when the window did not fill the page. */
  private async walk(f: SearchFilter, enough: number, gates: Gates): Promise<{ rows: PostRow[]; cut?: boolean }> {
    const dense = windowStatement(f, this.window);
    const rows = await this.q.query<PostRow & { hit: boolean; last: boolean; top: string }>(dense.text, dense.values);
    const hits = rows.filter((row) => row.hit);
    const last = rows.find((row) => row.last);
    if (hits.length > f.limit || last === undefined) return { rows: hits };
    if (hits.length >= enough) return { rows: hits, cut: true };
    if (this.thirdPassMs === undefined) return this.thirdPass(f, hits, last, enough, gates, () => Promise.resolve());
    // Every match of a word common in the language yet sparse in this feed (a model's posts, a
    // conjunction) can be tens of thousands of reads. Past its budget the search answers with the
    // window's hits, marked cut, rather than holding its turn (docs/search.md, "A bounded third
    // pass"). The timeout is set inside a savepoint, whose rollback restores the search's own;
    // each statement of the pass gets what is left of the budget. The savepoint is made with the
    // first timeout, in one message (a round trip less: docs/search.md, "Eighth round"), and only
    // when the pass asks anything.
    const until = performance.now() + this.thirdPassMs;
    let saved = false;
    const budget = async () => {
      const left = `select set_config('statement_timeout', '${Math.max(1, Math.ceil(until - performance.now()))}ms', true)`;
      await this.q.query(saved ? left : `savepoint third_pass; ${left}`);
      saved = true;
    };
    try {
      return await this.thirdPass(f, hits, last, enough, gates, budget);
    } catch (error) {
      if (!saved || (error as { code?: unknown }).code !== QUERY_CANCELED) throw error;
      return { rows: hits, cut: true };
    } finally {
      if (saved) await this.q.query('rollback to savepoint third_pass');
    }
  }

  /**
   * The third pass after a window that did not fill the page. Newest first with hits in the window,
   * it first asks the text index for the matches in the ids just below the window, as many times
   * the window's span as should hold twice the page at the window's density (at most BOUNDED_SPANS):
   * the bitmap of every match is then intersected with that range, and only the matches in it are
   * read from the heap (docs/search.md, "The third pass bounded by id"). When they do not fill the
   * page, `enough` of them answer (cut), as a window holding that many does; fewer, and it reads
   * every match below the range, as before. A window without a hit says nothing of how far to
   * look: then every match, at once. Most popular first, the feed may be walked on instead
   * (SearchRepo.further). `budget` runs before each statement (the time left of the pass).
   * `gates.narrow`: what each statement asks the text index, when fewer lexemes than the query's
   * (docs/search.md, "Fewer lexemes asked"); `gates.most`, how many matches there may be.
   */
  private async thirdPass(f: SearchFilter, hits: PostRow[], last: PostRow & { top: string }, enough: number, gates: Gates, budget: () => Promise<void>): Promise<{ rows: PostRow[]; cut?: boolean }> {
    const { narrow } = gates;
    const bottom = BigInt(last.id);
    const wanted = Math.min(f.limit + 1, enough);
    const spans = Math.min(BOUNDED_SPANS, Math.ceil((2 * wanted) / Math.max(hits.length, 1)));
    const above = bottom - (BigInt(last.top) - bottom + 1n) * BigInt(spans);
    // A filtered feed (a model, configurations) spans more ids per window than the text index's
    // matches thin out: its range reads the matches of the posts it filters out too, as many more
    // as the filter is narrow. So it is asked only when the range is at most a quarter of the ids
    // below the window (at most a quarter of the matches, where every match is the other way):
    // 蓝牙连接 有人 in a model's feed, 7 137 matches in the language, 2 137 of the model's, newest
    // first (docs/search.md, "A model's range"). Not the feed of people followed (everyMatch).
    const whole = f.model === undefined && f.hasConfigs === undefined;
    const narrowRange = !f.following && (whole || (bottom - above) * RANGE_SHARE <= bottom);
    if (f.sort !== 'new' && f.model === undefined && !f.following && hits.length > 0) {
      const further = await this.further(f, hits, last, wanted, spans, gates, budget);
      if (further !== undefined) return further.length > f.limit ? { rows: further.slice(0, f.limit + 1) } : { rows: further, cut: true };
    }
    if (f.sort !== 'new' || !narrowRange || hits.length === 0 || above <= 0n) return this.everyMatch(f, narrow, budget);
    const near = matchesStatement({ ...f, after: [bottom.toString()] }, above.toString(), narrow);
    await budget();
    const found = hits.concat(await this.q.query<PostRow>(near.text, near.values));
    if (found.length > f.limit) return { rows: found.slice(0, f.limit + 1) };
    if (found.length >= enough) return { rows: found, cut: true };
    const rest = await this.everyMatch({ ...f, after: [(above + 1n).toString()], limit: f.limit - found.length }, narrow, budget);
    return { rows: found.concat(rest.rows) };
  }

  /**
   * Most popular first, the feed walked on past the window, when the window's hits say a few more
   * windows hold twice the page and that walk costs less than reading every match (docs/search.md,
   * "Further windows"): a post walked costs about half a match read from the text index and
   * ordered (4–5 µs against 8, all languages; 2.5 in one), and the walk stops at the page. The
   * matches are as many as the statistics allow at most (`gates.most`: the rarest lexeme's posts)
   * and, by the window's density, about its hits' share of the language's posts: ンを割り リロ in
   * all languages, 8 hits in 2 000, 15 800 posts hold リロ and 2 068 match; the walk of 10 000 more
   * posts ran past the pass's budget (50 ms), every match read took 17–26 ms, and is kept for the
   * same words in another order. The page's hits when the walk holds `wanted` of them; undefined
   * when it does not (then every match). 어떻게 in all languages: 14 hits in the window, 8 321
   * matches; the walk 6–7.5 ms, the search 14–17, rather than every match read, 68 ms, the search 87.
   */
  private async further(f: SearchFilter, hits: PostRow[], last: PostRow, wanted: number, spans: number, gates: Gates, budget: () => Promise<void>): Promise<PostRow[] | undefined> {
    const more = (spans - 1) * this.window;
    const matches = Math.min(gates.most ?? 0, (hits.length / this.window) * (gates.posts ?? 0));
    if (spans > FURTHER_SPANS || more <= 0 || more >= matches * MATCH_COST) return undefined;
    const walk = windowStatement({ ...f, after: [String(last.score), last.id] }, more);
    await budget();
    const rows = await this.q.query<PostRow & { hit: boolean; last: boolean }>(walk.text, walk.values);
    const found = hits.concat(rows.filter((row) => row.hit));
    return found.length >= wanted ? found : undefined;
  }

  /**
   * Every match below the cursor, in the page's order (docs/search.md, "Match sets"): from the set of
   * the search's matches read a moment ago, or read now and kept, the page's candidates in order,
   * read with the feed's conditions as they are now and tested against the query again (a post
   * since deleted, hidden or edited is not on the page), a page and a few more at a time; filtered
   * by a model, a thousand at a time, through post_models (match-set-pages.ts; a model is a small share of the
   * language's posts): 7 137 matches of 蓝牙连接 有人 read one by one and probed in post_models
   * took 104 ms before, past the pass's budget. The feed of people followed reads its matches as
   * before: its posts are a few authors' among the language's.
   */
  private async everyMatch(f: SearchFilter, narrow: string | undefined, budget: () => Promise<void>): Promise<{ rows: PostRow[] }> {
    if (f.following) {
      const all = matchesStatement(f, undefined, narrow);
      await budget();
      return { rows: await this.q.query<PostRow>(all.text, all.values) };
    }
    const set = await this.matchSets.get(setKey(f, narrow), async () => {
      const statement = matchSetStatement(f, narrow);
      await budget();
      const [read] = await this.q.query<MatchSet>(statement.text, statement.values);
      return read!;
    });
    return { rows: await pageFromSet(this.q, f, set, budget) };
  }
}
