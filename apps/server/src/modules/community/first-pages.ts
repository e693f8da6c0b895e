import { type FeedPage, type FeedQuery, type FeedSort, type Lang, listOrder } from '@padhub/contracts';
import type { Db } from '#server/db/client.ts';
import { encodeCursor, pageOf } from '#server/lib/cursor.ts';
import { FirstPageCache, type SharedPage, type SharedRead } from './first-page-cache.ts';
import type { PostsRepo } from './posts-repo.ts';
import { type PostRow, toPost } from './rows.ts';
import { type ViewerOnPage, markedForReader, viewerOnPage } from './shared-feed-repo.ts';

/** The first page of a feed as read for nobody this moment. */
export interface FirstRead extends SharedRead {
  rows: PostRow[];
  query: FeedQuery;
}

/**
 * The first page of the plain feed (everyone's posts, no search, no cursor), read once a moment
 * per filter for nobody in particular and given to every reader: as it is to a reader without a
 * session, with their own likes and favourites to a signed-in one, asked with their session in
 * one statement, with the posts' like and favourite counts as they are now. A reader for whom it
 * would be wrong (their lists, a blacklist, their own posts: shared-feed-repo.ts) gets their own
 * read (PostsService.feed). So everyone sees the feed as it was at most a moment ago, and their
 * own likes, favourites, lists and new posts at once.
 */
export class FirstPages extends FirstPageCache<FirstRead, ViewerOnPage, FeedPage> {
  private readonly posts: PostsRepo;

  constructor(
    db: Db,
    repos: { posts: PostsRepo },
    momentMs: number,
    heard: () => bigint,
  ) {
    super(db, momentMs, heard);
    this.posts = repos.posts;
  }

  /** The moment's read of the first page this query asks for. */
  read(orgId: string, requestLang: Lang, query: FeedQuery, seenEvent?: bigint): Promise<FirstRead> {
    const lang = query.lang ?? requestLang;
    // The feed's first page: no search, so never by relevance.
    const sort: FeedSort = listOrder(query.sort, false);
    const filter = { orgId, lang, viewerId: null, sort, model: query.model, hasConfigs: query.hasConfigs, limit: query.limit };
    return this.shared([orgId, lang, sort, query.model ?? null, query.hasConfigs ?? null, query.limit], async () => {
      const rows = await this.posts.feed(filter);
      const shown = rows.slice(0, query.limit);
      // A page shorter than the limit is the whole feed: any post of the reader's belongs on it.
      const from = shown.length < query.limit ? '0' : shown.map((row) => BigInt(row.id)).reduce((a, b) => (b < a ? b : a)).toString();
      const ids = shown.map((row) => row.id);
      const authors = [...new Set(shown.map((row) => row.author_id))];
      return { rows, authors, ask: viewerOnPage(ids, authors, from), query };
    }, seenEvent);
  }

  protected forNobody(read: FirstRead): SharedPage<FeedPage> {
    return { key: JSON.stringify([read.key, [], []]), page: () => toPage(read, read.rows) };
  }

  protected forReader(read: FirstRead, marks: ViewerOnPage): SharedPage<FeedPage> {
    const { key, marked } = markedForReader(marks);
    return { key: JSON.stringify([read.key, key]), page: () => toPage(read, read.rows.map(marked)) };
  }

}

function toPage(read: FirstRead, rows: PostRow[]): FeedPage {
  const popular = read.query.sort === 'popular';
  return pageOf(rows, read.query.limit, (row) => toPost(row, null), (row) => (popular ? encodeCursor('feed-popular', [row.score, row.id]) : encodeCursor('feed-new', [row.id])));
}
