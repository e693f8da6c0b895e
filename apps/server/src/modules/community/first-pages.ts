import type { FeedPage, FeedQuery, Lang } from '@padhub/contracts';
import type { Db } from '#server/db/client.ts';
import type { SessionQuestion } from '#server/http/context.ts';
import { encodeCursor, pageOf } from '#server/lib/cursor.ts';
import { MomentCache } from '#server/lib/moment-cache.ts';
import { PostsRepo } from './posts-repo.ts';
import { type PostRow, toPost } from './rows.ts';
import { type ViewerOnPage, askAbout, viewerOnPage } from './shared-feed-repo.ts';

/** The first page of a feed as read for nobody this moment. */
export interface FirstRead {
  /** The filter and the read: equal keys, equal rows. */
  key: string;
  rows: PostRow[];
  /** The posts shown (the row past the limit only says there is a next page) and their authors. */
  authors: string[];
  /** What to ask with the reader's session: their marks on this page (shared-feed-repo.ts). */
  ask: SessionQuestion;
  query: FeedQuery;
}

/** A first page as one reader sees it: equal keys hold equal pages, so their answers may be shared. */
export interface FirstPage {
  key: string;
  page: () => FeedPage;
}

/**
 * The first page of the plain feed (everyone's posts, no search, no cursor), read once a moment
 * per filter for nobody in particular and given to every reader: as it is to a reader without a
 * session, with their own likes and favourites to a signed-in one, asked with their session in
 * one statement, with the posts' like and favourite counts as they are now. A reader for whom it would be wrong (their lists, a blacklist, their own posts:
 * shared-feed-repo.ts) gets their own read (PostsService.feed). So everyone sees the feed as it was
 * at most a moment ago, and their own likes, favourites, lists and new posts at once.
 */
export class FirstPages {
  private readonly reads: MomentCache<FirstRead>;
  private count = 0;

  constructor(
    private readonly db: Db,
    momentMs: number,
  ) {
    this.reads = new MomentCache(momentMs);
  }

  get enabled() {
    return this.reads.enabled;
  }

  /** The moment's read of the first page this query asks for. */
  read(orgId: string, requestLang: Lang, query: FeedQuery): Promise<FirstRead> {
    const lang = query.lang ?? requestLang;
    const filter = { orgId, lang, viewerId: null, sort: query.sort, model: query.model, hasConfigs: query.hasConfigs, limit: query.limit };
    const filterKey = [orgId, lang, query.sort, query.model ?? null, query.hasConfigs ?? null, query.limit];
    return this.reads.get(JSON.stringify(filterKey), async () => {
      const rows = await new PostsRepo(this.db).feed(filter);
      const shown = rows.slice(0, query.limit);
      // A page shorter than the limit is the whole feed: any post of the reader's belongs on it.
      const from = shown.length < query.limit ? '0' : shown.map((row) => BigInt(row.id)).reduce((a, b) => (b < a ? b : a)).toString();
      const ids = shown.map((row) => row.id);
      const authors = [...new Set(shown.map((row) => row.author_id))];
      return { key: JSON.stringify([...filterKey, ++this.count]), rows, authors, ask: viewerOnPage(ids, authors, from), query };
    });
  }

  /**
   * The page as the viewer sees it; undefined when the shared read is not theirs. `answer` is what
   * `ask` answered with their session; without it (the session was read before) it is asked now.
   */
  async page(read: FirstRead, viewerId: string | null, answer?: unknown): Promise<FirstPage | undefined> {
    const popular = read.query.sort === 'popular';
    const toPage = (rows: PostRow[]) =>
      pageOf(rows, read.query.limit, (row) => toPost(row, null), (row) => (popular ? encodeCursor('feed-popular', [row.score, row.id]) : encodeCursor('feed-new', [row.id])));
    if (viewerId === null) return { key: JSON.stringify([read.key, [], []]), page: () => toPage(read.rows) };
    if (read.authors.includes(viewerId)) return undefined;
    const marks = (answer as ViewerOnPage | undefined) ?? (await askAbout<ViewerOnPage>(this.db, viewerId, read.ask));
    if (marks.own) return undefined;
    const [liked, favourited] = [new Set(marks.liked), new Set(marks.favourited)];
    const counts = marks.counts ?? {};
    const marked = (row: PostRow): PostRow => {
      const [likeCount, favouriteCount] = counts[row.id] ?? [row.like_count, row.favourite_count];
      return { ...row, liked: liked.has(row.id), favourited: favourited.has(row.id), like_count: likeCount, favourite_count: favouriteCount };
    };
    return {
      key: JSON.stringify([read.key, marks.liked.sort(), marks.favourited.sort(), counts]),
      page: () => toPage(read.rows.map(marked)),
    };
  }
}
