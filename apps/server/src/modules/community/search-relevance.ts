import { searchCandidates } from '@padhub/contracts';
import type { FeedFilter } from './posts-repo.ts';
import type { PostRow } from './rows.ts';
import { rankByRelevance } from './search-rank.ts';
import type { Candidate, SearchRepo } from './search-repo.ts';
import { anyTermQuery } from './search-text.ts';

interface Ranked {
  /** The page's rows from `offset`, one more than the page when there is a next. */
  rows: PostRow[];
  /** More posts match than were ranked. */
  cut: boolean;
  otherLanguages?: number;
}

/**
 * The candidates of a search by relevance, ranked (docs/search.md, "Best match"): the newest
 * `searchCandidates` posts with every word, through the search's own passes (a window of the feed
 * holding a page's worth of them answers with those rather than asking the text index for every
 * match); then, when they are fewer and the query has two terms or more, the posts with some of
 * the words among the newest of the feed (one window, never the text index: a word common alone
 * would make that a posting list of hundreds of thousands), unless those with every word fill the
 * page and more.
 */
export async function bestMatches(repo: SearchRepo, f: FeedFilter & { search: string }, typed: string, offset: number, otherMax?: number): Promise<Ranked> {
  // The candidates carry their id and text only: the page's 21 rows are read in full at the end.
  const newest = { ...f, sort: 'new' as const, after: undefined, light: true };
  const full = await repo.search({ ...newest, limit: searchCandidates }, undefined, f.limit + 1);
  const cut = full.rows.length > searchCandidates || full.cut === true;
  let rows = full.rows.slice(0, searchCandidates) as unknown as Candidate[];
  const some = anyTermQuery(typed);
  // A post with every word ranks ahead of any with some (search-rank.ts): when they fill this page
  // and tell of a next, the partial candidates could only stand after it; the page that reaches them asks.
  if (some !== null && !cut && rows.length < searchCandidates && rows.length <= offset + f.limit) {
    const seen = new Set(rows.map((row) => row.id));
    const partial = await repo.windowHits({ ...newest, search: some, limit: searchCandidates - rows.length });
    rows = rows.concat((partial as unknown as Candidate[]).filter((row) => !seen.has(row.id)));
  }
  const page = rankByRelevance(typed, rows).slice(offset, offset + f.limit + 1);
  // The count in the other languages only when this page is the language's last (search-repo.ts).
  const elsewhere = otherMax === undefined || cut || page.length > f.limit ? undefined : await repo.elsewhere({ ...newest, limit: f.limit }, otherMax);
  return {
    rows: await repo.rows(f, page.map((row) => row.id)),
    cut,
    ...(elsewhere === undefined ? {} : { otherLanguages: elsewhere }),
  };
}
