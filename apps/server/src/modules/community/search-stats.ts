import { type Lang, languages } from '@padhub/contracts';
import type { Queryable } from '#server/db/client.ts';
import { queryLexemes, quoteLexeme, searchTerms } from './search-text.ts';

/**
 * What ANALYZE last said of `posts`, in one value: the times of its last ANALYZE (by hand or by
 * autovacuum) and its row estimate. Read in the statement that opens each search (search-repo.ts),
 * so knowing whether the statistics changed costs no round trip of its own.
 */
export const statsStamp = `concat_ws(' ', pg_stat_get_last_analyze_time('posts'::regclass), pg_stat_get_last_autoanalyze_time('posts'::regclass),
  (select reltuples from pg_class where oid = 'posts'::regclass)) as stamp`;

/** The shares of the most common lexemes ANALYZE keeps for one set of posts, and how many posts that is. */
interface Shares {
  posts: number;
  share: Map<string, number>;
}

/**
 * The statistics a search reads before it asks a text index (docs/search.md, "The statistics, read
 * once"): the most common lexemes of `posts.search` (of every language at once) and of each
 * language (migration 025's extended statistics), with their shares. Each search used to read them
 * from the catalog (`pg_stats`, `pg_stats_ext_exprs`: views with security checks and unnests of a
 * thousand lexemes each), 1–5 ms of a quiet machine and 7–28 ms of a loaded one; they change only
 * with ANALYZE, so a process reads them once per ANALYZE and answers the gates in memory, as the
 * functions search_may_be_common and search_common_in (migrations 025, 029) did.
 */
export class SearchStats {
  private kept?: { stamp: string; read: Promise<Map<Lang | 'all', Shares>> };

  /** The statistics as of `stamp` (statsStamp's value): read again only when it changed. */
  async at(q: Queryable, stamp: string): Promise<StatsNow> {
    if (this.kept?.stamp !== stamp) {
      const read = readShares(q);
      this.kept = { stamp, read };
      read.catch(() => {
        if (this.kept?.read === read) this.kept = undefined;
      });
    }
    return new StatsNow(await this.kept.read);
  }
}

async function readShares(q: Queryable): Promise<Map<Lang | 'all', Shares>> {
  // The last three of a most_common_elem_freqs are its least, its most and the share of nulls:
  // unnest pads the lexemes with nulls for them, which are dropped.
  const rows = await q.query<{ lang: string; posts: number; lexeme: string; freq: number }>(
    `select 'all' as lang, greatest(c.reltuples, 0)::float8 as posts, e.lexeme, e.freq::float8 as freq
       from pg_stats st join pg_class c on c.oid = 'posts'::regclass
       cross join lateral unnest(st.most_common_elems::text::text[], st.most_common_elem_freqs) e(lexeme, freq)
       where st.schemaname = current_schema() and st.tablename = 'posts' and st.attname = 'search' and e.lexeme is not null
     union all
     select substr(x.statistics_name, 14, 2), ((1 - x.null_frac) * greatest(c.reltuples, 0))::float8, e.lexeme, e.freq::float8
       from pg_stats_ext_exprs x join pg_class c on c.oid = 'posts'::regclass
       cross join lateral unnest(x.most_common_elems::text::text[], x.most_common_elem_freqs) e(lexeme, freq)
       where x.statistics_schemaname = current_schema() and x.statistics_name in ('posts_search_cn_stats', 'posts_search_en_stats', 'posts_search_jp_stats', 'posts_search_ko_stats')
         and e.lexeme is not null`,
  );
  const shares = new Map<Lang | 'all', Shares>();
  for (const row of rows) {
    const lang = row.lang as Lang | 'all';
    let set = shares.get(lang);
    if (!set) shares.set(lang, (set = { posts: Number(row.posts), share: new Map() }));
    set.share.set(row.lexeme, Number(row.freq));
  }
  return shares;
}

/** At most this many terms' rarest lexemes ask the text index for every match (StatsNow.narrowestOf). */
const NARROW_TERMS = 3;

/** The share of posts holding `lexeme` (a prefix: the lexemes it starts, summed). */
function shareOf(set: Shares, lexeme: string, prefix: boolean): number {
  if (!prefix) return set.share.get(lexeme) ?? 0;
  let sum = 0;
  for (const [l, share] of set.share) if (l.startsWith(lexeme)) sum += share;
  return sum;
}

/** One read of the statistics, asked about queries (tsquery literals of search-text.ts). */
export class StatsNow {
  constructor(private readonly shares: Map<Lang | 'all', Shares>) {}

  /**
   * Whether every lexeme of the query stands in `atLeast` posts or more by the column's statistics
   * (a prefix: the lexemes it starts, summed). A lexeme they do not hold is rarer than their least
   * common, which bounds what a probe of the text index can cost.
   */
  mayBeCommon(search: string, atLeast: number, lang: Lang | 'all' = 'all'): boolean {
    const { exact, prefix } = queryLexemes(search);
    return exact.every((l) => this.postsWith(l, false, lang) >= atLeast) && prefix.every((l) => this.postsWith(l, true, lang) >= atLeast);
  }

  /**
   * How many posts of `lang` hold a lexeme (a prefix: the lexemes it starts), by the statistics of
   * all posts and, as well, of the language (byLanguage): a word common in one language can be too
   * rare among all posts for theirs (fakavor, 7 915 English posts of a million), and asking the text
   * index to learn that it is not rare read 501 posts.
   */
  private postsWith(lexeme: string, prefix: boolean, lang: Lang | 'all'): number {
    const inSet = (set: Shares) => shareOf(set, lexeme, prefix) * set.posts;
    const all = this.shares.get('all');
    return Math.max(all === undefined ? 0 : inSet(all), this.byLanguage(lang, inSet));
  }

  /**
   * A figure of the statistics of `lang`; in all languages, the larger of all posts' and the
   * languages' own summed: a word common in one language can be too rare among all posts for theirs.
   */
  private byLanguage(lang: Lang | 'all', figure: (set: Shares) => number): number {
    const of = (l: Lang | 'all') => {
      const set = this.shares.get(l);
      return set === undefined ? 0 : figure(set);
    };
    return lang === 'all' ? Math.max(of('all'), languages.reduce((sum, l) => sum + of(l), 0)) : of(lang);
  }

  /**
   * What a probe of the text index asks for a query not common (docs/search.md, "The probe without
   * its common prefixes"): the query without its terms that are prefixes the statistics put in
   * `atLeast` posts or more (a single CJK character, the last word as typed: `'다':*`, `'it':*`),
   * as long as a term remains. A GIN index answers a prefix with the union of the posting lists of
   * every lexeme it starts, built whole (hundreds of lists for one Hangul syllable), before the
   * other terms can narrow it; the other terms are intersected skipping along their lists. The
   * probe's matches are then a superset of the query's, tested against the whole query after.
   * Undefined when nothing is left out.
   */
  probeOf(search: string, atLeast: number): string | undefined {
    const all = this.shares.get('all') ?? { posts: 0, share: new Map() };
    const terms = searchTerms(search);
    const kept = terms.filter((term) => {
      const { exact, prefix } = queryLexemes(term);
      return exact.length > 0 || prefix.some((l) => shareOf(all, l, true) * all.posts < atLeast);
    });
    return kept.length > 0 && kept.length < terms.length ? kept.join(' & ') : undefined;
  }

  /**
   * What the text index is asked for every match of a query (docs/search.md, "Fewer lexemes
   * asked"): of each term, its rarest lexeme by the statistics of `lang` (a term matches only where
   * each of its lexemes stands: a superset), and of those the `keep` rarest, ANDed; a lexeme the
   * statistics do not hold is rarer than any they do. GIN decodes the posting list of every lexeme
   * it is asked before it intersects them, and the superset's few extra matches are tested against
   * the query. Undefined when that is every lexeme of the query.
   */
  narrowestOf(search: string, lang: Lang | 'all', keep = NARROW_TERMS): string | undefined {
    const set = this.shares.get(lang) ?? this.shares.get('all') ?? { posts: 0, share: new Map() };
    const picks = searchTerms(search).map((term) => {
      const { exact, prefix } = queryLexemes(term);
      const options = [
        ...exact.map((l) => ({ literal: quoteLexeme(l), share: shareOf(set, l, false) })),
        ...prefix.map((l) => ({ literal: `${quoteLexeme(l)}:*`, share: shareOf(set, l, true) })),
      ];
      return options.reduce((rarest, option) => (option.share < rarest.share ? option : rarest));
    });
    const asked = picks.sort((a, b) => a.share - b.share).slice(0, keep);
    const { exact, prefix } = queryLexemes(search);
    return asked.length < exact.length + prefix.length ? asked.map((pick) => pick.literal).join(' & ') : undefined;
  }

  /**
   * At most how many posts of `lang` (or of all: byLanguage) the query matches, by the statistics:
   * its rarest lexeme's posts (a term matches only where each of its lexemes stands). A lexeme the
   * statistics do not hold is rarer than any they do: 0 then.
   */
  mostMatches(search: string, lang: Lang | 'all'): number {
    const { exact, prefix } = queryLexemes(search);
    if (exact.length + prefix.length === 0) return 0;
    return this.byLanguage(lang, (set) => {
      const shares = [...exact.map((l) => shareOf(set, l, false)), ...prefix.map((l) => Math.min(1, shareOf(set, l, true)))];
      return Math.round(Math.min(...shares) * set.posts);
    });
  }

  /** How many posts `lang` has by the statistics (in all languages: byLanguage). */
  postsOf(lang: Lang | 'all'): number {
    return this.byLanguage(lang, (set) => set.posts);
  }

  /**
   * Whether the statistics of one of `langs` put the query's matches there at `atLeast` or more:
   * the language's posts times each lexeme's share, as if the lexemes were independent (the words
   * of one phrase go together, so for them this guesses low, which costs only a count). No lexeme,
   * no estimate.
   */
  commonIn(langs: readonly Lang[], search: string, atLeast: number): boolean {
    const { exact, prefix } = queryLexemes(search);
    if (exact.length + prefix.length === 0) return false;
    return langs.some((lang) => {
      const set = this.shares.get(lang);
      if (!set) return false;
      // In logarithms, as the function did: dozens of small shares multiplied underflow.
      let ln = 0;
      for (const l of exact) ln += Math.log(Math.max(shareOf(set, l, false), 1e-9));
      for (const l of prefix) ln += Math.log(Math.max(Math.min(1, shareOf(set, l, true)), 1e-9));
      return set.posts * Math.exp(Math.max(ln, -700)) >= atLeast;
    });
  }
}

/** The other content languages than `lang`. */
export const otherLanguages = (lang: Lang): Lang[] => languages.filter((l) => l !== lang);
