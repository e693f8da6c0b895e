import type { Comment, Page, PageQuery } from '@padhub/contracts';
import type { Db } from '#server/db/client.ts';
import { sql } from '#server/db/sql.ts';
import type { SessionQuestion } from '#server/http/context.ts';
import type { CommentsService } from './comments-service.ts';
import { FirstPageCache, type SharedMarks, type SharedPage, type SharedRead } from './first-page-cache.ts';

/** A post's first comment page as read for nobody this moment. */
export interface CommentsRead extends SharedRead {
  page: Page<Comment>;
}

interface CommentMarks extends SharedMarks {
  liked: string[];
}

/**
 * A post's first comment page (top-level comments and their first replies), read once a moment
 * for nobody and given to every reader, with their own comment likes to a signed-in one, asked
 * with their session in one statement planned once per connection (comment_marks, migration 024).
 * A reader for whom it would be wrong gets their own read (CommentsService.list): someone on their
 * lists (whose comments show as deleted to them), the post's author blacklisted them, or they wrote
 * on the post (their new comment shows at once) or on the page (one they deleted goes at once). A
 * post nobody may read without a session is not kept: its refusal is asked again each time.
 */
export class FirstComments extends FirstPageCache<CommentsRead, CommentMarks, Page<Comment>> {
  constructor(
    db: Db,
    private readonly comments: CommentsService,
    momentMs: number,
    heard: () => bigint,
  ) {
    super(db, momentMs, heard);
  }

  read(orgId: string, postId: string, query: PageQuery, seenEvent?: bigint): Promise<CommentsRead> {
    return this.shared([orgId, postId, query.limit], async () => {
      const { page, postAuthor } = await this.comments.listWithAuthor({ orgId, userId: null }, postId, query);
      const all = page.items.flatMap((c) => [c, ...(c.replies ?? [])]);
      const ids = all.map((c) => c.id);
      const authors = [...new Set(all.flatMap((c) => (c.author ? [c.author.id] : [])))];
      const ask: SessionQuestion = (viewer, param) =>
        sql`comment_marks(${viewer}, ${param(postId, 'bigint')}, ${param(postAuthor, 'bigint')}, ${param(`{${ids.join(',')}}`, 'bigint[]')})`;
      return { page, authors, ask };
    }, seenEvent);
  }

  protected forNobody(read: CommentsRead): SharedPage<Page<Comment>> {
    return { key: JSON.stringify([read.key, []]), page: () => read.page };
  }

  protected forReader(read: CommentsRead, marks: CommentMarks): SharedPage<Page<Comment>> {
    const liked = new Set(marks.liked);
    const mark = <T extends { id: string }>(c: T) => ({ ...c, liked: liked.has(c.id) });
    return {
      key: JSON.stringify([read.key, marks.liked.sort()]),
      page: () => ({ ...read.page, items: read.page.items.map((c) => ({ ...mark(c), replies: (c.replies ?? []).map(mark) })) }),
    };
  }
}
