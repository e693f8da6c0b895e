import type { Lang } from '@padhub/contracts';
import type { Queryable } from '#server/db/client.ts';
import { aliasOf, col, placeholder } from '#server/db/sql.ts';
import { joinUser } from '#server/modules/accounts/public.ts';
import { answered, answeredAuthor, author, comment, joinCommentAuthor, joinPostOwner, post, postOwner } from './aliases.ts';
import { type CommentRow, commentColumns, commentJoins, shownContent } from './rows.ts';
import { blacklistedBy } from '#server/modules/facts/public.ts';
import { type ViewerLists, commentGone, postVisible } from './visibility.ts';
import { Repo } from '#server/db/repo.ts';

/** The author of the comment answered, in `answerRefused`. */
const answeredBy = aliasOf('users', 'cu');

/** A gone reply keeps its place while a live reply answers it. */
const hasLiveAnswers = 'exists (select 1 from comments a where a.reply_to_id = c.id and a.deleted_at is null and a.held is null)';

export interface CommentTarget {
  id: string;
  post_id: string;
  root_id: string | null;
  author_id: string;
  content: string;
  /** Held for review (migration 046): nobody answers it until it is passed. */
  held: 'new' | 'edit' | null;
}

export class CommentsRepo extends Repo {
  /** Top-level comments of a post, oldest first; a gone one stays while its thread has replies. */
  topLevel(postId: string, viewerId: string | null, after: string | undefined, limit: number): Promise<CommentRow[]> {
    return this.q.query<CommentRow>(
      `select ${commentColumns(placeholder(2, 'bigint'))} from ${commentJoins}
       where c.post_id = $1 and c.root_id is null and (not ${commentGone(comment, author, placeholder(2, 'bigint'))} or c.reply_count > 0)
         and ($3::bigint is null or c.id > $3::bigint)
       order by c.id limit $4`,
      [postId, viewerId, after ?? null, limit + 1],
    );
  }

  /** The replies in the thread of a top-level comment, oldest first. */
  thread(rootId: string, viewerId: string | null, after: string | undefined, limit: number): Promise<CommentRow[]> {
    return this.q.query<CommentRow>(
      `select ${commentColumns(placeholder(2, 'bigint'))} from ${commentJoins}
       where c.root_id = $1 and (not ${commentGone(comment, author, placeholder(2, 'bigint'))} or ${hasLiveAnswers})
         and ($3::bigint is null or c.id > $3::bigint)
       order by c.id limit $4`,
      [rootId, viewerId, after ?? null, limit + 1],
    );
  }

  /** The first `count` replies of each thread, with one index range scan per thread. */
  firstReplies(rootIds: string[], viewerId: string | null, count: number): Promise<CommentRow[]> {
    if (rootIds.length === 0) return Promise.resolve([]);
    return this.q.query<CommentRow>(
      `select r.* from unnest($1::bigint[]) as root (id) cross join lateral (
         select ${commentColumns(placeholder(2, 'bigint'))} from ${commentJoins}
         where c.root_id = root.id and (not ${commentGone(comment, author, placeholder(2, 'bigint'))} or ${hasLiveAnswers})
         order by c.id limit $3
       ) r
       order by r.root_id, r.id`,
      [`{${rootIds.join(',')}}`, viewerId, count],
    );
  }

  /** One comment or reply as the viewer sees it, in a post the viewer may open; undefined when gone with nothing hanging on it. */
  async find(orgId: string, id: string, viewerId: string | null, inPost: 'visible' | 'any' = 'visible', lists: ViewerLists = 'apply'): Promise<CommentRow | undefined> {
    // 'any': the caller checks the post itself (staff read a post not passed or waiting).
    const [row] = await this.q.query<CommentRow>(
      `select ${commentColumns(placeholder(3, 'bigint'), lists)} from ${commentJoins} join posts p on p.id = c.post_id ${joinPostOwner}
       where c.id = $1 and c.org_id = $2 and ${inPost === 'visible' ? postVisible(post, postOwner, placeholder(3, 'bigint'), lists) : 'true'}
         and (not ${commentGone(comment, author, placeholder(3, 'bigint'), lists)} or (c.root_id is null and c.reply_count > 0) or (c.root_id is not null and ${hasLiveAnswers}))`,
      [id, orgId, viewerId],
    );
    return row;
  }

  /**
   * A live comment of the post that someone may answer, like or delete; with `lists: 'ignore'`,
   * also one the viewer's own block list or blacklist hides (they may still report it).
   */
  async findLive(orgId: string, id: string, viewerId: string, lists: ViewerLists = 'apply'): Promise<CommentTarget | undefined> {
    const [row] = await this.q.query<CommentTarget>(
      `select c.id, c.post_id, c.root_id, c.author_id, c.content, c.held from comments c ${joinCommentAuthor}
         join posts p on p.id = c.post_id ${joinPostOwner}
       where c.id = $1 and c.org_id = $2 and not ${commentGone(comment, author, placeholder(3, 'bigint'), lists)} and ${postVisible(post, postOwner, placeholder(3, 'bigint'), lists)}`,
      [id, orgId, viewerId],
    );
    return row;
  }

  /**
   * A live comment of this author on a post that still exists, whoever may see the post now: people
   * keep control of what they wrote after the post's author blacklists them, they block the author,
   * or moderation takes the post down.
   */
  async findOwn(orgId: string, id: string, authorId: string): Promise<CommentTarget | undefined> {
    const [row] = await this.q.query<CommentTarget>(
      `select c.id, c.post_id, c.root_id, c.author_id, c.held from comments c join posts p on p.id = c.post_id
       where c.id = $1 and c.org_id = $2 and c.author_id = $3 and c.deleted_at is null and p.deleted_at is null`,
      [id, orgId, authorId],
    );
    return row;
  }

  /**
   * Whether the author of the comment being answered has blacklisted the viewer. Asked only once
   * the viewer is known to see the post and the comment: the neutral "you cannot reply here" must
   * never tell of something hidden (a post the viewer cannot open is simply not found). The post's
   * own author needs no check: a post whose author blacklisted the viewer is hidden from them.
   */
  async answerRefused(commentId: string, viewerId: string): Promise<boolean> {
    const [row] = await this.q.query<{ refused: boolean }>(
      `select exists (select 1 from comments c ${joinUser(answeredBy, col(comment, 'author_id'))}
                      where c.id = $1 and ${blacklistedBy(answeredBy, placeholder(2, 'bigint'))}) as refused`,
      [commentId, viewerId],
    );
    return row?.refused ?? false;
  }

  async insert(comment: {
    orgId: string;
    postId: string;
    authorId: string;
    content: string;
    /** The text as others see it when watched words censored it (migration 037). */
    censored: string | null;
    rootId: string | null;
    replyTo: CommentTarget | null;
    /** The `require_approval` words that hold it for review (migration 046); none: it is live. */
    held: string[];
  }): Promise<string> {
    const [row] = await this.q.query<{ id: string }>(
      `insert into comments (org_id, post_id, author_id, content, root_id, reply_to_id, reply_to_author_id, censored, held, watched_words)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) returning id`,
      [
        comment.orgId,
        comment.postId,
        comment.authorId,
        comment.content,
        comment.rootId,
        comment.replyTo?.id ?? null,
        comment.replyTo?.author_id ?? null,
        comment.censored,
        comment.held.length > 0 ? 'new' : null,
        comment.held,
      ],
    );
    return row!.id;
  }

  /**
   * Marks a live comment deleted; answers whether this call did it and whether it was counted (a
   * comment held for review is in no counter).
   */
  async softDelete(id: string): Promise<{ counted: boolean } | undefined> {
    const [row] = await this.q.query<{ counted: boolean }>('update comments set deleted_at = now() where id = $1 and deleted_at is null returning held is null as counted', [id]);
    return row;
  }

  /** Moves the counters a comment counts in: its post's comments and, for a reply, its thread's replies. */
  async count(postId: string, rootId: string | null, delta: 1 | -1): Promise<void> {
    await this.q.query('update posts set comment_count = comment_count + $2 where id = $1', [postId, delta]);
    if (rootId) await this.q.query('update comments set reply_count = reply_count + $2 where id = $1', [rootId, delta]);
  }

  /**
   * My live comments and replies on posts that still exist, newest first — also where I can no
   * longer open the post (blocked, blacklisted, taken down), so that I can still find and delete
   * what I wrote. The post's excerpt, and that of the comment answered, only while I may open the
   * post: a post not passed in review, or whose author blacklisted me or is gone, says nothing more
   * here than anywhere else; an answered comment that is gone for me says nothing either.
   */
  byAuthor(orgId: string, authorId: string, after: string | undefined, limit: number) {
    const opens = postVisible(post, postOwner, placeholder(2, 'bigint'));
    return this.q.query<CommentRow & { post_excerpt: string; post_lang: Lang; reply_to_excerpt: string }>(
      `select ${commentColumns(placeholder(2, 'bigint'))}, p.lang as post_lang,
         case when ${opens} then left(${shownContent(post, placeholder(2, 'bigint'))}, 80) else '' end as post_excerpt,
         case when ${opens} and rc.id is not null and not ${commentGone(answered, answeredAuthor, placeholder(2, 'bigint'))} then left(${shownContent(answered, placeholder(2, 'bigint'))}, 80) else '' end as reply_to_excerpt
       from ${commentJoins} join posts p on p.id = c.post_id ${joinPostOwner}
       where c.author_id = $2 and c.org_id = $1 and c.deleted_at is null and p.deleted_at is null
         and ($3::bigint is null or c.id < $3::bigint)
       order by c.id desc limit $4`,
      [orgId, authorId, after ?? null, limit + 1],
    );
  }
}

/**
 * Replaces a live comment's text, keeping the version it replaces. `held`: the `require_approval`
 * words the new text met; any hold a live comment for review ('edit'), and a comment already
 * held stays held as it was. Answers the old text and the hold it has now, or undefined when
 * nothing changed.
 */
export async function editComment(
  q: Queryable,
  id: string,
  edit: { content: string; censored: string | null; held: string[] },
): Promise<{ old: string; held: 'new' | 'edit' | null; wasHeld: boolean } | undefined> {
  const [old] = await q.query<{ content: string; held: 'new' | 'edit' | null }>('select content, held from comments where id = $1 and deleted_at is null for update', [id]);
  if (!old || old.content === edit.content) return undefined;
  const held = old.held ?? (edit.held.length > 0 ? 'edit' : null);
  await q.query('insert into comment_revisions (comment_id, content) values ($1, $2)', [id, old.content]);
  await q.query('update comments set content = $2, censored = $3, edited_at = now(), held = $4, watched_words = $5 where id = $1', [id, edit.content, edit.censored, held, edit.held]);
  return { old: old.content, held, wasHeld: old.held !== null };
}
