import type { Comment, Page, PageQuery } from '@padhub/contracts';
import type { Db } from '#server/db/client.ts';
import type { SessionQuestion } from '#server/http/context.ts';
import { MomentCache } from '#server/lib/moment-cache.ts';
import type { CommentsService } from './comments-service.ts';
import { askAbout } from './shared-feed-repo.ts';

/** A post's first comment page as read for nobody this moment. */
export interface CommentsRead {
  /** The post, the page size and the read: equal keys, equal pages. */
  key: string;
  page: Page<Comment>;
  /** Who wrote the comments and replies on it. */
  authors: string[];
  /** What to ask with the reader's session: comment_marks (migration 024). */
  ask: SessionQuestion;
}

interface CommentMarks {
  liked: string[];
  /** The shared page is not theirs: they get their own read. */
  own: boolean;
}

/**
 * A post's first comment page (top-level comments and their first replies), read once a moment
 * for nobody and given to every reader, with their own comment likes to a signed-in one, asked
 * with their session in one statement planned once per connection (comment_marks, migration 024).
 * A reader for whom it would be wrong gets their own read (CommentsService.list): someone on their
 * lists (whose comments show as deleted to them), the post's author blacklisted them, or they wrote
 * on the post (their new comment shows at once) or on the page (one they deleted goes at once). A post nobody may read without a session is not
 * kept: its refusal is asked again each time.
 */
export class FirstComments {
  private readonly reads: MomentCache<CommentsRead>;
  private count = 0;

  constructor(
    private readonly db: Db,
    private readonly comments: CommentsService,
    momentMs: number,
  ) {
    this.reads = new MomentCache(momentMs);
  }

  get enabled() {
    return this.reads.enabled;
  }

  read(orgId: string, postId: string, query: PageQuery): Promise<CommentsRead> {
    const key = [orgId, postId, query.limit];
    return this.reads.get(JSON.stringify(key), async () => {
      const { page, postAuthor } = await this.comments.listWithAuthor({ orgId, userId: null }, postId, query);
      const all = page.items.flatMap((c) => [c, ...(c.replies ?? [])]);
      const ids = all.map((c) => c.id);
      const authors = [...new Set(all.flatMap((c) => (c.author ? [c.author.id] : [])))];
      const ask: SessionQuestion = (viewer, param) =>
        `comment_marks(${viewer}, ${param(postId)}::bigint, ${param(postAuthor)}::bigint, ${param(`{${ids.join(',')}}`)}::bigint[])`;
      return { key: JSON.stringify([...key, ++this.count]), page, authors, ask };
    });
  }

  /** The page as the viewer sees it (`answer`: what `ask` answered with their session); undefined when it is not theirs. */
  async page(read: CommentsRead, viewerId: string | null, answer?: unknown): Promise<{ key: string; page: () => Page<Comment> } | undefined> {
    if (viewerId === null) return { key: JSON.stringify([read.key, []]), page: () => read.page };
    // Their own comment on the page may be gone since (deleted): they read it themselves.
    if (read.authors.includes(viewerId)) return undefined;
    const marks = (answer as CommentMarks | undefined) ?? (await askAbout<CommentMarks>(this.db, viewerId, read.ask));
    if (marks.own) return undefined;
    const liked = new Set(marks.liked);
    const mark = <T extends { id: string }>(c: T) => ({ ...c, liked: liked.has(c.id) });
    return {
      key: JSON.stringify([read.key, marks.liked.sort()]),
      page: () => ({ ...read.page, items: read.page.items.map((c) => ({ ...mark(c), replies: (c.replies ?? []).map(mark) })) }),
    };
  }
}
