import type { CommentItem, Lang, Media, PendingEdit, Post, ReviewStatus } from '@padhub/contracts';
import { type Expr, type Row, col, sql } from '#server/db/sql.ts';
import { joinUser, publicUser, userColumns } from '#server/modules/accounts/public.ts';
import { answered, answeredAuthor, author, comment, joinCommentAuthor, post } from './aliases.ts';
import { configKinds } from '#server/modules/facts/public.ts';
import { type ViewerLists, commentGone, hiddenCommentCounts } from './visibility.ts';

export interface UserColumns {
  author_id: string;
  author_username: string;
  author_nickname: string;
  author_avatar: string | null;
  author_state: number;
}

export function authorOf(row: UserColumns) {
  return publicUser({
    id: row.author_id,
    username: row.author_username,
    nickname: row.author_nickname,
    avatar: row.author_avatar,
    state: row.author_state,
  });
}

export interface PostRow extends UserColumns {
  id: string;
  content: string;
  lang: Lang;
  model: string | null;
  media: Media[];
  config_ids: string[];
  config_kinds: ('mapping' | 'macro')[];
  like_count: number;
  comment_count: number;
  gone_comment_count: number;
  hidden_comment_count: number;
  favourite_count: number;
  score: number;
  review_status: ReviewStatus;
  review_reason: string | null;
  review_reason_lang: Lang | null;
  created_at: Date;
  edited_at: Date | null;
  liked: boolean;
  favourited: boolean;
  /** The viewer's own edit waiting for review (only on their own posts). */
  pending_edit: (Omit<PendingEdit, 'createdAt'> & { createdAt: string }) | null;
}

/**
 * A post's or comment's text as the viewer reads it: with watched words censored (migration 037),
 * but to its author, who reads what they wrote.
 */
export function shownContent(row: Row<'posts'> | Row<'comments'>, viewer: Expr<'bigint'>): Expr<'text'> {
  return sql`case when ${col(row, 'censored')} is null or ${col(row, 'author_id')} = ${viewer} then ${col(row, 'content')} else ${col(row, 'censored')} end`;
}

/** Select list over `posts p` and its author `u` (accounts' `joinUser`), with the viewer's own like and favourite. */
export function postColumns(viewer: Expr<'bigint'>) {
  return `p.id, ${shownContent(post, viewer)} as content, p.lang, p.model, p.media, p.config_ids::text[] as config_ids,
    ${configKinds(col(post, 'config_ids'))} as config_kinds,
    p.like_count, p.comment_count,
    p.favourite_count, p.score, p.review_status, p.review_reason, p.review_reason_lang, p.created_at, p.edited_at, ${userColumns(author, 'author')},
    exists (select 1 from post_likes pl where pl.post_id = p.id and pl.user_id = ${viewer}) as liked,
    exists (select 1 from post_favourites pf where pf.post_id = p.id and pf.user_id = ${viewer}) as favourited,
    ${hiddenCommentCounts(post, viewer)},
    (select jsonb_build_object('content', e.content, 'model', e.model, 'media', e.media, 'configs', to_jsonb(e.config_ids::text[]),
       'reviewStatus', e.review_status, 'reviewReason', e.review_reason, 'reviewReasonLang', e.review_reason_lang, 'createdAt', e.created_at)
     from post_edits e where e.post_id = p.id and p.author_id = ${viewer}) as pending_edit`;
}

export function toPost(row: PostRow, viewerId: string | null): Post {
  return {
    id: row.id,
    author: authorOf(row),
    content: row.content,
    lang: row.lang,
    model: row.model,
    media: row.media,
    configs: row.config_ids,
    configKinds: row.config_kinds,
    likeCount: row.like_count,
    commentCount: Math.max(0, row.comment_count - row.gone_comment_count),
    hiddenCommentCount: row.hidden_comment_count,
    favouriteCount: row.favourite_count,
    liked: row.liked,
    favourited: row.favourited,
    reviewStatus: row.review_status,
    // Moderation's reasons are between moderation and the author.
    reviewReason: row.author_id === viewerId ? row.review_reason : null,
    reviewReasonLang: row.author_id === viewerId ? row.review_reason_lang : null,
    createdAt: new Date(row.created_at).toISOString(),
    editedAt: row.edited_at ? new Date(row.edited_at).toISOString() : null,
    ...(row.pending_edit && row.author_id === viewerId ? { pendingEdit: { ...row.pending_edit, createdAt: new Date(row.pending_edit.createdAt).toISOString() } } : {}),
  };
}

export interface CommentRow extends UserColumns {
  id: string;
  post_id: string;
  root_id: string | null;
  reply_to_id: string | null;
  content: string;
  like_count: number;
  reply_count: number;
  created_at: Date;
  edited_at: Date | null;
  gone: boolean;
  liked: boolean;
  reply_to_author_id: string | null;
  reply_to_author_username: string | null;
  reply_to_author_nickname: string | null;
  reply_to_author_avatar: string | null;
  reply_to_author_state: number | null;
  /** The comment answered shows to the viewer as deleted: whom it answers is not said either. */
  reply_to_gone: boolean | null;
  /** Held for review (migration 046): only its author reads it. */
  waiting: boolean;
}

/** Select list over `commentJoins`: the comment `c` by `u`, answering `rc` by `ru`. */
export function commentColumns(viewer: Expr<'bigint'>, lists: ViewerLists = 'apply') {
  return `c.id, c.post_id, c.root_id, c.reply_to_id, ${shownContent(comment, viewer)} as content, c.like_count, c.reply_count, c.created_at, c.edited_at,
    ${commentGone(comment, author, viewer, lists)} as gone, ${userColumns(author, 'author')}, ${userColumns(answeredAuthor, 'reply_to_author')},
    rc.id is not null and ${commentGone(answered, answeredAuthor, viewer, lists)} as reply_to_gone,
    exists (select 1 from comment_likes cl where cl.comment_id = c.id and cl.user_id = ${viewer}) as liked, c.held is not null as waiting`;
}

export const commentJoins = `comments c ${joinCommentAuthor}
  left join comments rc on rc.id = c.reply_to_id ${joinUser(answeredAuthor, col(comment, 'reply_to_author_id'), 'left join')}`;

/**
 * A comment as the viewer may see it. A gone one (deleted, or its author hidden from the viewer)
 * says neither what nor who: its place stays only for the replies under it. A reply to a gone one
 * does not name whom it answered either, or the name would tell who wrote the gone comment.
 */
export function toComment(row: CommentRow): CommentItem {
  return {
    id: row.id,
    postId: row.post_id,
    author: row.gone ? null : authorOf(row),
    content: row.gone ? '' : row.content,
    rootId: row.root_id,
    replyTo: row.reply_to_id,
    replyToAuthor:
      row.reply_to_author_id === null || row.reply_to_gone !== false
        ? null
        : publicUser({
            id: row.reply_to_author_id,
            username: row.reply_to_author_username ?? '',
            nickname: row.reply_to_author_nickname ?? '',
            avatar: row.reply_to_author_avatar,
            state: row.reply_to_author_state ?? 0,
          }),
    likeCount: row.like_count,
    replyCount: row.reply_count,
    liked: row.liked,
    deleted: row.gone,
    createdAt: new Date(row.created_at).toISOString(),
    editedAt: row.edited_at && !row.gone ? new Date(row.edited_at).toISOString() : null,
    ...(row.waiting && !row.gone ? { waiting: true as const } : {}),
  };
}
