import type { FeedPage } from '@padhub/contracts';
import { FirstPageCache, type SharedPage } from './first-page-cache.ts';
import type { SharedRead } from './first-page-cache.ts';
import type { PostRow } from './rows.ts';
import { type ViewerOnPage, markedForReader, viewerOnPage } from './shared-feed-repo.ts';

/** What a search finds: the page's rows (one more when there is a next) and what the page says besides. */
export interface SearchFound {
  rows: PostRow[];
  cut?: boolean;
  otherLanguages?: number;
}

/** A search as run for nobody this moment, and how its rows make a page. */
export interface SearchRead extends SharedRead {
  found: SearchFound;
  toPage: (found: SearchFound) => FeedPage;
}

/**
 * A search run once a moment for nobody in particular (the same organisation, language, words,
 * filter, order and page) and given to everyone who asks it meanwhile, as the feed's first page
 * is (first-pages.ts): as it is to a reader without a session, and with their own likes and
 * favourites to a signed-in one (feed_marks, one statement), whose personal filters the caller
 * applies after. A reader for whom the shared answer would be wrong gets undefined from `page` and
 * runs the search themselves: people on their lists (blocks, blacklists), an author on the page
 * who blacklisted them, a post of theirs on it, or one the answer may lack (newer than the page's
 * last, newest first; any live post of theirs in the other orders, whose place is not by id).
 * So a burst of the same search costs one, and a change shows within the moment.
 */
export class SearchPages extends FirstPageCache<SearchRead, ViewerOnPage, FeedPage> {
  /** This moment's run of the search `what` names (equal keys, one run); `newestFirst` and `limit` say where a reader's new post would go. */
  read(what: unknown[], newestFirst: boolean, limit: number, run: () => Promise<SearchFound>, toPage: (found: SearchFound) => FeedPage): Promise<SearchRead> {
    return this.shared(
      what,
      async () => {
        const found = await run();
        const shown = found.rows.slice(0, limit);
        const from = newestFirst && shown.length === limit ? shown.map((row) => BigInt(row.id)).reduce((a, b) => (b < a ? b : a)).toString() : '0';
        const ids = shown.map((row) => row.id);
        const authors = [...new Set(shown.map((row) => row.author_id))];
        return { found, toPage, authors, ask: viewerOnPage(ids, authors, from) };
      },
      undefined,
    );
  }

  protected forNobody(read: SearchRead): SharedPage<FeedPage> {
    return { key: JSON.stringify([read.key, [], []]), page: () => read.toPage(read.found) };
  }

  protected forReader(read: SearchRead, marks: ViewerOnPage): SharedPage<FeedPage> {
    const { key, marked } = markedForReader(marks);
    return { key: JSON.stringify([read.key, key]), page: () => read.toPage({ ...read.found, rows: read.found.rows.map(marked) }) };
  }

}
