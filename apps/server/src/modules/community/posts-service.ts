import { type AuthorHiddenData, type FavouriteState, type FeedPage, type FeedQuery, type Lang, type LikeState, type Page, type PageQuery, type Post, listOrder, otherLanguagesMax } from '@padhub/contracts';
import type { Member, Viewer } from '#server/http/session.ts';
import { AppError, fail } from '#server/lib/errors.ts';
import type { AbuseLimits } from '#server/lib/abuse-limits.ts';
import type { MediaLifecycle } from '#server/modules/media-lifecycle/public.ts';
import type { Notices } from '#server/lib/notices.ts';
import { decodeCursor, encodeCursor, pageOf } from '#server/lib/cursor.ts';
import { type ReaderFilter, type ReaderFilters, applyFilter, fillPage } from '#server/lib/watched-words/personal.ts';
import { type PostRow, authorOf, toPost } from './rows.ts';
import { announceCounts } from './announce.ts';
import type { PostsRepo } from './posts-repo.ts';
import type { ReactionsRepo } from './reactions-repo.ts';
import type { SearchRepo } from './search-repo.ts';
import type { SearchRunner } from './search-runner.ts';
import { bestMatches } from './search-relevance.ts';
import type { SearchFound, SearchPages } from './search-pages.ts';
import { searchQuery } from './search-text.ts';
import { SharedSearches } from './shared-searches.ts';

export class PostsService {
  private readonly posts: PostsRepo;
  private readonly reactions: ReactionsRepo;
  /** The search's statements, run inside its turn with `on(q)`; built with the runner's budget for the third pass. */
  private readonly search: SearchRepo;
  private readonly sharedSearches = new SharedSearches<FeedPage>();

  constructor(
    repos: { posts: PostsRepo; reactions: ReactionsRepo; search: SearchRepo },
    private readonly limits: AbuseLimits,
    private readonly lifecycle: MediaLifecycle,
    private readonly notifier: Notices,
    private readonly searches: SearchRunner,
    /** The reader's own filters (docs/moderation.md, "Personal filters"). */
    private readonly filters: ReaderFilters,
    /** Searches run once a moment for everyone who asks them (search-pages.ts). */
    private readonly searchPages?: SearchPages,
  ) {
    this.posts = repos.posts;
    this.reactions = repos.reactions;
    this.search = repos.search;
  }

  /**
   * Passed posts of the organisation in one content language (the request's unless `lang` says
   * another, or `all`), newest or popular first. The first page of a search in one language also
   * says how many posts match in the others.
   */
  async feed(viewer: Viewer, requestLang: Lang, query: FeedQuery, signal?: AbortSignal): Promise<FeedPage> {
    const lang = query.lang ?? requestLang;
    const search = query.q === undefined ? undefined : searchQuery(query.q);
    // Punctuation alone searches for nothing, rather than for everything.
    if (search === null) return { items: [], nextCursor: null };
    const following = query.feed === 'following';
    if (following && viewer.userId === null) throw fail('login_required');
    const sort = listOrder(query.sort, search !== undefined);
    const popular = sort === 'popular';
    let after: string[] | undefined;
    let offset = 0;
    if (query.cursor !== undefined && sort === 'relevance') offset = Number(decodeCursor('feed-relevance', query.cursor, ['int'])[0]);
    else if (query.cursor !== undefined) {
      after = popular ? decodeCursor('feed-popular', query.cursor, ['int', 'bigint']) : decodeCursor('feed-new', query.cursor, ['bigint']);
    }
    const filter = {
      orgId: viewer.orgId,
      lang,
      viewerId: viewer.userId,
      sort: popular ? ('popular' as const) : ('new' as const),
      model: query.model,
      hasConfigs: query.hasConfigs,
      following,
      after,
      limit: query.limit,
    };
    const cursorOf = (row: PostRow) => (popular ? encodeCursor('feed-popular', [row.score, row.id]) : encodeCursor('feed-new', [row.id]));
    const toPage = (rows: Array<PostRow & { filtered?: string[] }>) => pageOf(rows, query.limit, (row) => filteredPost(row, viewer.userId), cursorOf);
    const reader = await this.filters.of(viewer.userId, search === undefined ? 'feed' : 'search', viewer.filterVersion);
    if (search === undefined && reader === null) return toPage(await this.posts.feed(filter));
    if (search === undefined) {
      // The page stays full: rows the reader's filters hide are replaced by the rows after them.
      const keep = (rows: PostRow[]) => applyFilter(reader, viewer.userId, rows, (row) => ({ text: row.content, authorId: row.author_id }));
      const read = (last: PostRow | undefined) => this.posts.feed({ ...filter, after: popular ? [String(last!.score), last!.id] : [last!.id] });
      const filled = await fillPage(read, await this.posts.feed(filter), query.limit, keep);
      if (filled.lastRead === undefined) return toPage(filled.rows);
      return { items: filled.rows.map((row) => filteredPost(row, viewer.userId)), nextCursor: cursorOf(filled.lastRead) };
    }
    // The first page of a search in one language also counts the matches in the others.
    const otherMax = lang === 'all' || query.cursor !== undefined ? undefined : otherLanguagesMax;
    const find = (viewerId: string | null, signal: AbortSignal | undefined): Promise<SearchFound> =>
      this.searches.run(signal, (q) =>
        sort === 'relevance' ? bestMatches(this.search.on(q), { ...filter, viewerId, search }, query.q!, offset, otherMax) : this.search.on(q).search({ ...filter, viewerId, search }, otherMax),
      );
    const relevanceCursor = () => encodeCursor('feed-relevance', [offset + query.limit]);
    // Shared or not: an answer shared between readers is made for nobody (a post's review reason and waiting edit are its author's).
    const toSearchPage = (found: SearchFound, viewerId: string | null = null): FeedPage => ({
      ...pageOf(found.rows, query.limit, (row) => toPost(row, viewerId), sort === 'relevance' ? relevanceCursor : cursorOf),
      ...(found.cut ? { cut: true } : {}),
      ...(found.otherLanguages === undefined ? {} : { otherLanguages: found.otherLanguages }),
    });
    // A search's page is not refilled (its relevance pages go by offset): the reader's hidden posts leave it short.
    const filtered = (page: FeedPage): FeedPage => (viewer.userId === null ? page : { ...page, items: filterPosts(reader, viewer.userId, page.items) });
    const key = [viewer.orgId, lang, query];
    if (this.searchPages?.enabled && !following) {
      const shared = await this.sharedSearch(key, sort === 'new', query.limit, () => find(null, signal), toSearchPage, signal, viewer.userId);
      if (shared) return filtered(shared);
    }
    // Nobody signed in: the same search asked meanwhile shares one run (shared-searches.ts).
    if (viewer.userId === null) return this.sharedSearches.run(JSON.stringify(key), signal, async (signal) => toSearchPage(await find(null, signal)));
    return filtered(toSearchPage(await find(viewer.userId, signal), viewer.userId));
  }

  /**
   * This moment's answer to a search for nobody, as this reader sees it (search-pages.ts);
   * undefined when it is not theirs. The search runs under the signal of whoever asked first: if
   * they leave, it is cancelled, and the others run their own.
   */
  private async sharedSearch(key: unknown[], newestFirst: boolean, limit: number, find: () => Promise<SearchFound>, toPage: (found: SearchFound) => FeedPage, signal: AbortSignal | undefined, viewerId: string | null) {
    let ran = false;
    try {
      const read = await this.searchPages!.read(key, newestFirst, limit, () => ((ran = true), find()), toPage);
      return (await this.searchPages!.page(read, viewerId))?.page();
    } catch (error) {
      if (ran || signal?.aborted || error instanceof AppError) throw error;
      return undefined;
    }
  }

  /**
   * A post in full. One the viewer would see but for their own block or blacklist of its author
   * answers author_hidden_by_you, naming the author and the list, so the viewer can undo their
   * own choice; it tells them nothing they did not decide. Everything else hidden is not_found,
   * but for staff, who also open a post not passed or waiting for review.
   */
  async get(viewer: Viewer & { staff?: boolean }, id: string): Promise<Post> {
    const post = await this.posts.find(viewer.orgId, id, viewer.userId);
    if (post) return toPost(post, viewer.userId);
    // Staff open a live post that is not passed or waits for review (an audit line leads there).
    const staffRead = viewer.staff && viewer.userId !== null ? await this.posts.findAsStaff(viewer.orgId, id, viewer.userId) : undefined;
    if (staffRead && staffRead.review_status !== 'passed') return toPost(staffRead, viewer.userId);
    const hidden = viewer.userId === null ? undefined : await this.posts.hiddenByViewer(viewer.orgId, id, viewer.userId);
    if (hidden) throw fail('author_hidden_by_you', { data: { author: authorOf(hidden), list: hidden.list } satisfies AuthorHiddenData });
    throw fail('not_found');
  }

  /** Only the author deletes a post; it disappears everywhere, its comments and likes with it, and its files from storage. */
  async remove(viewer: Viewer & { userId: string }, id: string): Promise<void> {
    const post = await this.visible(viewer, id);
    if (post.author_id !== viewer.userId) throw fail('forbidden');
    await this.lifecycle.removing(async (q, queue) => {
      const media = await this.posts.on(q).softDelete(viewer.orgId, id, viewer.userId);
      if (!media) throw fail('not_found');
      await queue.media(media);
    });
  }

  async like(viewer: Member, id: string, on: boolean): Promise<LikeState> {
    await this.limits.enforce('like', viewer.userId, viewer.ip);
    const post = await this.visible(viewer, id);
    const event = { orgId: viewer.orgId, type: 'post_like', recipientId: post.author_id, actorId: viewer.userId, target: { type: 'post', id, excerpt: post.content } } as const;
    const likeCount = await this.reactions.set('post-like', id, viewer.userId, on, async (q) => {
      await (on ? this.notifier.notify(q, event) : this.notifier.retract(q, event));
      await announceCounts(q, viewer.orgId, id);
    });
    return { liked: on, likeCount };
  }

  async favourite(viewer: Member, id: string, on: boolean): Promise<FavouriteState> {
    await this.limits.enforce('favourite', viewer.userId, viewer.ip);
    await this.visible(viewer, id);
    const favouriteCount = await this.reactions.set('post-favourite', id, viewer.userId, on);
    return { favourited: on, favouriteCount };
  }

  async mine(viewer: Viewer & { userId: string }, page: PageQuery): Promise<Page<Post>> {
    const after = page.cursor === undefined ? undefined : decodeCursor('my-posts', page.cursor, ['bigint'])[0];
    const rows = await this.posts.byAuthor(viewer.orgId, viewer.userId, after, page.limit);
    return pageOf(rows, page.limit, (row) => toPost(row, viewer.userId), (row) => encodeCursor('my-posts', [row.id]));
  }

  async reacted(viewer: Viewer & { userId: string }, kind: 'likes' | 'favourites', page: PageQuery): Promise<Page<Post>> {
    const cursorKind = kind === 'likes' ? 'my-likes' : 'my-favourites';
    const after = page.cursor === undefined ? undefined : decodeCursor(cursorKind, page.cursor, ['bigint'])[0];
    const rows = await this.posts.reactedBy(kind, viewer.orgId, viewer.userId, after, page.limit);
    return pageOf(rows, page.limit, (row) => toPost(row, viewer.userId), (row) => encodeCursor(cursorKind, [row.seq]));
  }

  /** The post as the viewer may see it; not_found for another organisation's, a deleted or a hidden one alike. */
  private async visible(viewer: Viewer, id: string): Promise<PostRow> {
    const post = await this.posts.find(viewer.orgId, id, viewer.userId);
    if (!post) throw fail('not_found');
    return post;
  }
}

function filteredPost(row: PostRow & { filtered?: string[] }, viewerId: string | null): Post {
  const post = toPost(row, viewerId);
  return row.filtered ? { ...post, filtered: row.filtered } : post;
}

/** A list of posts with the reader's filter applied (hidden ones out, warned ones marked); the reader's own posts never filtered. */
function filterPosts(reader: ReaderFilter | null, readerId: string | null, posts: readonly Post[]): Post[] {
  return applyFilter(reader, readerId, posts, (post) => ({ text: post.content, authorId: post.author.id }));
}
