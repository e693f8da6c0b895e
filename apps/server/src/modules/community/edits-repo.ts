import type { Lang, Media, ReviewStatus } from '@padhub/contracts';
import type { Queryable } from '#server/db/client.ts';
import { searchDocument } from './search-text.ts';

/**
 * What an edit changes of a post (migration 017): its text, files, configurations and model. Every
 * version it replaces is kept in post_revisions for moderators; an edit waiting for review under
 * pre-moderation waits in post_edits while the passed version stays what others see. Reached by
 * posting (the author's edit) and moderation (the review of an edit) through public.ts, each on its
 * own transaction.
 */
export interface PostVersion {
  content: string;
  media: Media[];
  configIds: string[];
  model: string | null;
  /** What watched words made of it (migration 037): the text others see, the words moderators see. */
  censored?: string | null;
  watchedWords?: string[];
}

export interface EditablePost extends PostVersion {
  authorId: string;
  reviewStatus: ReviewStatus;
  /** The media of an edit waiting in post_edits, if any. */
  pendingMedia: Media[] | null;
}

const bigints = (ids: string[]) => `{${ids.join(',')}}`;

/** Locks a live post of the organisation for an edit and answers it; undefined for a deleted or missing one. */
export async function lockPostForEdit(q: Queryable, orgId: string, postId: string): Promise<EditablePost | undefined> {
  const [row] = await q.query<{ author_id: string; content: string; media: Media[]; config_ids: string[]; model: string | null; review_status: ReviewStatus }>(
    `select author_id, content, media, config_ids::text[] as config_ids, model, review_status from posts
     where id = $1 and org_id = $2 and deleted_at is null for no key update`,
    [postId, orgId],
  );
  if (!row) return undefined;
  const [edit] = await q.query<{ media: Media[] }>('select media from post_edits where post_id = $1', [postId]);
  return {
    authorId: row.author_id,
    content: row.content,
    media: row.media,
    configIds: row.config_ids,
    model: row.model,
    reviewStatus: row.review_status,
    pendingMedia: edit?.media ?? null,
  };
}

/**
 * Puts the new version in place (the one it replaces becomes a revision) and marks the post
 * edited, likes and comments untouched; `reviewStatus` when the edit changes it. Drops any edit
 * that was waiting: this version supersedes it.
 */
/**
 * Puts `version` in the post's place, the one it replaces kept for moderators. `review.queued`: a
 * live edit moderators have still to see (the review queue lists the post until one decides it).
 */
export async function replacePostVersion(q: Queryable, postId: string, version: PostVersion, review: { status?: 'pending'; queued?: boolean } = {}): Promise<void> {
  await q.query(
    `insert into post_revisions (post_id, content, media, config_ids, model)
     select id, content, media, config_ids, model from posts where id = $1`,
    [postId],
  );
  await q.query(
    `update posts set content = $2, media = $3::jsonb, config_ids = $4::bigint[], model = $5, search = $6::tsvector, edited_at = now(),
       review_status = coalesce($7, review_status), review_reason = case when $7::text is null then review_reason else null end,
       review_reason_lang = case when $7::text is null then review_reason_lang else null end,
       edit_unreviewed = $8, censored = $9, watched_words = $10::text[]
     where id = $1`,
    [postId, version.content, JSON.stringify(version.media), bigints(version.configIds), version.model, searchDocument(version.content), review.status ?? null, review.queued ?? false,
      version.censored ?? null, version.watchedWords ?? []],
  );
  await q.query('delete from post_edits where post_id = $1', [postId]);
}

/** Keeps the edit of a passed post for review (replacing one that waited), the post itself unchanged. */
export async function stagePostEdit(q: Queryable, postId: string, version: PostVersion): Promise<void> {
  await q.query(
    `insert into post_edits (post_id, content, media, config_ids, model, review_status, censored, watched_words)
     values ($1, $2, $3::jsonb, $4::bigint[], $5, 'pending', $6, $7::text[])
     on conflict (post_id) do update set content = excluded.content, media = excluded.media, config_ids = excluded.config_ids,
       model = excluded.model, review_status = 'pending', review_reason = null, review_reason_lang = null, created_at = now(),
       censored = excluded.censored, watched_words = excluded.watched_words`,
    [postId, version.content, JSON.stringify(version.media), bigints(version.configIds), version.model, version.censored ?? null, version.watchedWords ?? []],
  );
}

/**
 * A moderator passes the edit waiting on a live post: it takes the visible version's place.
 * Answers the media only the version it replaced showed (to be released), or null when no edit waits.
 */
export async function passPostEdit(q: Queryable, orgId: string, postId: string): Promise<Media[] | null> {
  const post = await lockPostForEdit(q, orgId, postId);
  if (!post) return null;
  const [edit] = await q.query<{ content: string; media: Media[]; config_ids: string[]; model: string | null; censored: string | null; watched_words: string[] }>(
    `select content, media, config_ids::text[] as config_ids, model, censored, watched_words from post_edits where post_id = $1 and review_status = 'pending'`,
    [postId],
  );
  if (!edit) return null;
  const { content, media, model, censored } = edit;
  await replacePostVersion(q, postId, { content, media, configIds: edit.config_ids, model, censored, watchedWords: edit.watched_words });
  return mediaNoLongerNamed(post.media, edit.media);
}

/** The media items of `before` none of whose files `kept` still names: their files are to be released. */
export function mediaNoLongerNamed(before: readonly Media[], kept: readonly Media[]): Media[] {
  const names = new Set(kept.flatMap((m) => [m.path, m.thumb, m.preview]));
  return before.filter((m) => ![m.path, m.thumb, m.preview].some((name) => name !== undefined && names.has(name)));
}

/** A moderator does not pass the waiting edit: the post stays as it was, its author reads the reason. */
export async function refusePostEdit(q: Queryable, orgId: string, postId: string, reason: { text: string; lang: Lang }): Promise<boolean> {
  const rows = await q.query(
    `update post_edits e set review_status = 'not_passed', review_reason = $3, review_reason_lang = $4
     from posts p where e.post_id = p.id and p.id = $1 and p.org_id = $2 and p.deleted_at is null and e.review_status = 'pending'
     returning e.post_id`,
    [postId, orgId, reason.text, reason.lang],
  );
  return rows.length > 0;
}

/** Earlier versions of a post of the organisation, the latest replaced first; undefined when there is no such post. */
export async function postRevisions(q: Queryable, orgId: string, postId: string) {
  const found = await q.query('select 1 from posts where id = $1 and org_id = $2', [postId, orgId]);
  if (found.length === 0) return undefined;
  return q.query<{ content: string; replaced_at: Date; media_count: number }>(
    'select content, replaced_at, jsonb_array_length(media) as media_count from post_revisions where post_id = $1 order by id desc limit 100',
    [postId],
  );
}
