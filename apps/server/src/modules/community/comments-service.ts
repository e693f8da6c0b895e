import type { Comment, CommentItem, CreateCommentInput, EditCommentInput, LikeState, MyComment, Page, PageQuery } from '@padhub/contracts';
import type { Db } from '#server/db/client.ts';
import type { Notices } from '#server/lib/notices.ts';
import { fail } from '#server/lib/errors.ts';
import type { AbuseLimits } from '#server/lib/abuse-limits.ts';
import { type Claim, Idempotency } from '#server/lib/idempotency.ts';
import { type CommentsRepo, editComment } from './comments-repo.ts';
import { decodeCursor, encodeCursor, pageOf } from '#server/lib/cursor.ts';
import { announceComment, announceCounts, announceQueue } from './announce.ts';
import { notifyAnswer } from './comment-review.ts';
import { mentionedNames, notifyMentions } from './mentions.ts';
import type { PostsRepo } from './posts-repo.ts';
import type { Member, Viewer } from '#server/http/session.ts';
import type { ReactionsRepo } from './reactions-repo.ts';
import { toComment } from './rows.ts';
import { type TextScreen, heldBy, refuseBlocked } from '#server/lib/watched-words/screen.ts';
import { type ReaderFilter, type ReaderFilters, applyFilter } from '#server/lib/watched-words/personal.ts';
import type { NewAccountGate } from '#server/lib/new-accounts.ts';

/** How many replies each top-level comment brings along in a post's comment list. */
const PREVIEW_REPLIES = 2;

export class CommentsService {
  private readonly comments: CommentsRepo;
  private readonly posts: PostsRepo;
  private readonly reactions: ReactionsRepo;
  private readonly idempotency: Idempotency;

  constructor(
    private readonly db: Db,
    repos: { comments: CommentsRepo; posts: PostsRepo; reactions: ReactionsRepo },
    private readonly limits: AbuseLimits,
    private readonly notifier: Notices,
    private readonly watched: TextScreen,
    /** The reader's own filters (docs/moderation.md, "Personal filters"). */
    private readonly filters: ReaderFilters,
    private readonly newAccounts: NewAccountGate,
  ) {
    this.comments = repos.comments;
    this.posts = repos.posts;
    this.reactions = repos.reactions;
    this.idempotency = new Idempotency(db);
  }

  /** Top-level comments of a post, oldest first, each with its reply count and first replies. */
  /** Staff read the comments of a post not passed or waiting, as they read the post (PostsService.get). */
  private async staffRead(viewer: Viewer & { staff?: boolean }, postId: string): Promise<boolean> {
    const post = viewer.staff && viewer.userId !== null ? await this.posts.findAsStaff(viewer.orgId, postId, viewer.userId) : undefined;
    return post !== undefined && post.review_status !== 'passed';
  }

  async list(viewer: Viewer & { staff?: boolean }, postId: string, page: PageQuery): Promise<Page<Comment>> {
    return (await this.listWithAuthor(viewer, postId, page)).page;
  }

  /** `list`, and the post's author (first-comments.ts asks whether they blacklisted the reader). */
  async listWithAuthor(viewer: Viewer & { staff?: boolean }, postId: string, page: PageQuery): Promise<{ page: Page<Comment>; postAuthor?: string }> {
    const postAuthor = await this.posts.visibleAuthor(viewer.orgId, postId, viewer.userId);
    if (postAuthor === undefined && !(await this.staffRead(viewer, postId))) throw fail('not_found');
    const after = page.cursor === undefined ? undefined : decodeCursor('comments', page.cursor, ['bigint'])[0];
    const rows = await this.comments.topLevel(postId, viewer.userId, after, page.limit);
    const result = pageOf(rows, page.limit, toComment, (row) => encodeCursor('comments', [row.id]));
    const withReplies = result.items.filter((c) => c.replyCount > 0).map((c) => c.id);
    const replies = await this.comments.firstReplies(withReplies, viewer.userId, PREVIEW_REPLIES);
    const reader = await this.filters.of(viewer.userId, 'comments', viewer.filterVersion);
    const items = filterComments(reader, viewer.userId, result.items).map((comment): Comment => ({
      ...comment,
      replies: filterComments(reader, viewer.userId, replies.filter((r) => r.root_id === comment.id).map(toComment)),
    }));
    return { page: { items, nextCursor: result.nextCursor }, postAuthor };
  }

  /** All replies of one top-level comment, oldest first, with the comment itself. */
  /**
   * One comment or reply asked for by its id (a report shows what it is about); a deleted one
   * without its words. The reader's own blocks do not hide it: people block someone, then report
   * what they wrote. Its author's blacklist and bans still do, as everywhere.
   */
  async one(viewer: Viewer, commentId: string): Promise<CommentItem> {
    const row = await this.comments.find(viewer.orgId, commentId, viewer.userId, 'visible', 'ignore');
    if (!row) throw fail('not_found');
    return toComment(row);
  }

  async replies(viewer: Viewer & { staff?: boolean }, commentId: string, page: PageQuery): Promise<Page<CommentItem> & { comment: CommentItem }> {
    const staffRoot = async () => {
      const row = viewer.staff ? await this.comments.find(viewer.orgId, commentId, viewer.userId, 'any') : undefined;
      return row && (await this.staffRead(viewer, row.post_id)) ? row : undefined;
    };
    const root = (await this.comments.find(viewer.orgId, commentId, viewer.userId)) ?? (await staffRoot());
    // A reply has no replies page of its own: its thread is its top-level comment's (rootId).
    if (!root || root.root_id !== null) throw fail('not_found');
    const after = page.cursor === undefined ? undefined : decodeCursor('replies', page.cursor, ['bigint'])[0];
    const rows = await this.comments.thread(commentId, viewer.userId, after, page.limit);
    const result = pageOf(rows, page.limit, toComment, (row) => encodeCursor('replies', [row.id]));
    const reader = await this.filters.of(viewer.userId, 'comments', viewer.filterVersion);
    return { comment: toComment(root), items: filterComments(reader, viewer.userId, result.items), nextCursor: result.nextCursor };
  }

  /**
   * A comment on the post, or a reply to one of its comments or replies: the reply joins the
   * thread of the top-level comment and names the author it answers.
   */
  /** Once per Idempotency-Key when one is given (lib/idempotency.ts): a retried send answers the first comment. */
  async create(viewer: Member, postId: string, input: CreateCommentInput, key?: string): Promise<Comment> {
    const asked = { userId: viewer.userId, scope: 'comment', key, asked: [postId, input.content, input.replyTo ?? null] } as const;
    return this.idempotency.once(asked, (claim) => this.insert(viewer, postId, input, claim), async (id) => {
      const row = await this.comments.find(viewer.orgId, id, viewer.userId);
      if (!row) throw fail('not_found');
      return toComment(row);
    });
  }

  private async insert(viewer: Member, postId: string, input: CreateCommentInput, claim: Claim): Promise<string> {
    await this.limits.enforce('comment', viewer.userId, viewer.ip);
    const screening = await this.watched.screen(viewer.orgId, input.content);
    refuseBlocked(screening);
    const censored = screening.censored ?? null;
    return this.db.tx(async (q) => {
      const posts = this.posts.on(q);
      const comments = this.comments.on(q);
      if (!(await posts.lockVisible(viewer.orgId, postId, viewer.userId))) throw fail('not_found');
      let replyTo = null;
      if (input.replyTo !== undefined) {
        replyTo = await comments.findLive(viewer.orgId, input.replyTo, viewer.userId);
        // A comment of another post is as absent here as one that was deleted.
        if (!replyTo || replyTo.post_id !== postId) throw fail('not_found');
        // Only now, with the post and the comment both visible: refusing earlier would reveal them.
        // A comment held for review (its author's alone) is answered once it is passed.
        if (replyTo.held !== null || (await comments.answerRefused(replyTo.id, viewer.userId))) throw fail('reply_not_allowed');
      }
      // A new account's limits, counted here so a refused comment counts nothing (lib/new-accounts.ts).
      await this.newAccounts.comment(q, viewer.orgId, viewer.userId, input.content);
      const rootId = replyTo ? (replyTo.root_id ?? replyTo.id) : null;
      // A `require_approval` word holds it: kept, its author's alone, counted and told once passed (comment-review.ts).
      const held = heldBy(screening);
      const created = await comments.insert({ orgId: viewer.orgId, postId, authorId: viewer.userId, content: input.content, censored, rootId, replyTo, held });
      await claim(q, created);
      await this.watched.flag(q, viewer.orgId, { type: 'comment', id: created }, screening);
      if (held.length > 0) {
        await announceQueue(q, viewer.orgId);
        return created;
      }
      await comments.count(postId, rootId, 1);
      await notifyAnswer({ posts: this.posts }, q, this.notifier, viewer, { id: created, postId, content: input.content, censored }, replyTo);
      await announceComment(q, viewer.orgId, { id: created, postId, rootId }, 'created');
      return created;
    });
  }

  /**
   * Only the author edits a comment or reply, while they can still see its post (whoever
   * blacklisted them shut them out of their posts). The earlier text is kept as a revision;
   * people newly named with @ are told, those named before are not told again. An edit a
   * `require_approval` word meets holds the comment for review: out of its counters and out of
   * others' sight until passed; a held comment stays held whatever its edit says.
   */
  async edit(viewer: Member, commentId: string, input: EditCommentInput): Promise<CommentItem> {
    await this.limits.enforce('edit', viewer.userId, viewer.ip);
    const screening = await this.watched.screen(viewer.orgId, input.content);
    refuseBlocked(screening);
    const censored = screening.censored ?? null;
    await this.db.tx(async (q) => {
      const comment = await this.comments.on(q).findLive(viewer.orgId, commentId, viewer.userId);
      if (!comment) throw fail('not_found');
      if (comment.author_id !== viewer.userId) throw fail('forbidden');
      // The post row first, as comment creation does: a held edit moves its counters.
      if (!(await this.posts.on(q).lock(viewer.orgId, comment.post_id))) throw fail('not_found');
      await this.newAccounts.edit(q, viewer.orgId, viewer.userId, { content: input.content, pictures: 0 });
      const edited = await editComment(q, commentId, { content: input.content, censored, held: heldBy(screening) });
      if (edited === undefined) return;
      await this.watched.flag(q, viewer.orgId, { type: 'comment', id: commentId }, screening);
      const where = { id: commentId, postId: comment.post_id, rootId: comment.root_id };
      if (edited.held !== null) {
        // Held only now: others saw it, and now see it go until a moderator passes it.
        if (!edited.wasHeld) await this.comments.on(q).count(comment.post_id, comment.root_id, -1);
        if (!edited.wasHeld) await announceComment(q, viewer.orgId, where, 'deleted');
        await announceQueue(q, viewer.orgId);
        return;
      }
      await announceComment(q, viewer.orgId, where, 'edited');
      const item = { orgId: viewer.orgId, authorId: viewer.userId, postId: comment.post_id, commentId, content: input.content, censored };
      await notifyMentions({ posts: this.posts }, q, this.notifier, item, { names: mentionedNames(edited.old) });
    });
    const row = await this.comments.find(viewer.orgId, commentId, viewer.userId);
    if (!row) throw fail('not_found');
    return toComment(row);
  }

  /** Only the author deletes a comment or reply. Its place stays (as deleted) while replies hang on it. */
  async remove(viewer: Member, commentId: string): Promise<void> {
    await this.db.tx(async (q) => {
      const posts = this.posts.on(q);
      const comments = this.comments.on(q);
      const comment = await comments.findOwn(viewer.orgId, commentId, viewer.userId);
      if (!comment) throw fail((await comments.findLive(viewer.orgId, commentId, viewer.userId)) ? 'forbidden' : 'not_found');
      // The post row first, as comment creation does: one lock order, no deadlocks.
      if (!(await posts.lock(viewer.orgId, comment.post_id))) throw fail('not_found');
      // Counted only by the call that really deleted it, so parallel deletes count once; a held one was never counted.
      const deleted = await comments.softDelete(commentId);
      if (deleted?.counted) {
        await comments.count(comment.post_id, comment.root_id, -1);
        await announceComment(q, viewer.orgId, { id: commentId, postId: comment.post_id, rootId: comment.root_id }, 'deleted');
      } else if (deleted) await announceQueue(q, viewer.orgId);
    });
  }

  async like(viewer: Member, commentId: string, on: boolean): Promise<LikeState> {
    await this.limits.enforce('like', viewer.userId, viewer.ip);
    const comment = await this.comments.findLive(viewer.orgId, commentId, viewer.userId);
    if (!comment) throw fail('not_found');
    const event = {
      orgId: viewer.orgId,
      type: 'comment_like',
      recipientId: comment.author_id,
      actorId: viewer.userId,
      target: { type: 'comment', id: commentId, postId: comment.post_id, excerpt: comment.content },
    } as const;
    const likeCount = await this.reactions.set('comment-like', commentId, viewer.userId, on, async (q) => {
      await (on ? this.notifier.notify(q, event) : this.notifier.retract(q, event));
      await announceCounts(q, viewer.orgId, comment.post_id, commentId);
    });
    return { liked: on, likeCount };
  }

  async mine(viewer: Member, page: PageQuery): Promise<Page<MyComment>> {
    const after = page.cursor === undefined ? undefined : decodeCursor('my-comments', page.cursor, ['bigint'])[0];
    const rows = await this.comments.byAuthor(viewer.orgId, viewer.userId, after, page.limit);
    return pageOf(rows, page.limit, (row) => ({ ...toComment(row), postExcerpt: row.post_excerpt, postLang: row.post_lang, replyToExcerpt: row.reply_to_excerpt }), (row) =>
      encodeCursor('my-comments', [row.id]),
    );
  }
}

/**
 * Comments with the reader's filter applied: hidden ones out (a comment page is not refilled: threads
 * are short, and its replies' previews belong to it), warned ones marked; deleted ones carry no text.
 */
function filterComments<T extends CommentItem>(reader: ReaderFilter | null, readerId: string | null, comments: readonly T[]): T[] {
  return applyFilter(reader, readerId, comments, (comment) => ({ text: comment.content, authorId: comment.author?.id }));
}
