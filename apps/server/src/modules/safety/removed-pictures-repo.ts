import type { PictureHold, PictureMatchAction } from '@padhub/contracts';
import type { Queryable } from '#server/db/client.ts';
import type { PostPicture } from '#server/lib/picture-hash/screen.ts';

export interface RemovedPictureRow {
  id: string;
  post_id: string;
  created_at: Date;
}

/** What a match does and the list's version ('refuse' and '0' before any change). */
export async function matchSettings(q: Queryable, orgId: string): Promise<{ action: PictureMatchAction; version: string }> {
  const [row] = await q.query<{ action: PictureMatchAction; version: string }>('select action, version::text as version from picture_match_settings where org_id = $1', [orgId]);
  return row ?? { action: 'refuse', version: '0' };
}

/** Raises the list's version (and sets the action when given), in the transaction of the change. */
export async function bumpList(q: Queryable, orgId: string, action?: PictureMatchAction): Promise<void> {
  await q.query(
    `insert into picture_match_settings (org_id, action, version) values ($1, coalesce($2, 'refuse'), 1)
     on conflict (org_id) do update set version = picture_match_settings.version + 1, action = coalesce($2, picture_match_settings.action)`,
    [orgId, action ?? null],
  );
}

/** Every fingerprint on the organisation's list, with the post each picture was removed with. */
export function listPrints(q: Queryable, orgId: string): Promise<{ post_id: string; prints: Buffer }[]> {
  return q.query('select post_id::text as post_id, prints from removed_pictures where org_id = $1', [orgId]);
}

/** A page of the list, newest first: `limit + 1` rows after the entry `before`. */
export function listPage(q: Queryable, orgId: string, before: string | undefined, limit: number): Promise<RemovedPictureRow[]> {
  return q.query(
    `select id::text as id, post_id::text as post_id, created_at from removed_pictures
     where org_id = $1 and ($2::bigint is null or id < $2) order by id desc limit $3`,
    [orgId, before ?? null, limit + 1],
  );
}

export async function countList(q: Queryable, orgId: string): Promise<number> {
  const [row] = await q.query<{ n: number }>('select count(*)::int as n from removed_pictures where org_id = $1', [orgId]);
  return row!.n;
}

/** Deletes one entry; answers it, or undefined when the organisation has none of that id. */
export async function deleteEntry(q: Queryable, orgId: string, id: string): Promise<RemovedPictureRow | undefined> {
  const [row] = await q.query<RemovedPictureRow>(
    'delete from removed_pictures where org_id = $1 and id = $2 returning id::text as id, post_id::text as post_id, created_at',
    [orgId, id],
  );
  return row;
}

export async function savePostPictures(q: Queryable, orgId: string, postId: string, pictures: PostPicture[]): Promise<void> {
  for (const picture of pictures) {
    await q.query('insert into post_pictures (post_id, org_id, path, prints) values ($1, $2, $3, $4) on conflict (post_id, path) do nothing', [
      postId,
      orgId,
      picture.path,
      picture.prints,
    ]);
  }
}

export async function saveHold(q: Queryable, postId: string, hold: PictureHold): Promise<void> {
  await q.query('insert into picture_holds (post_id, removed_post_id) values ($1, $2) on conflict (post_id) do update set removed_post_id = excluded.removed_post_id', [
    postId,
    hold.removedPostId,
  ]);
}

/**
 * Puts the pictures of a post, or of all of a person's posts, on the list (in the removal's or
 * the ban's transaction); answers how many were new to it.
 */
export async function keepRemovedPictures(q: Queryable, orgId: string, of: { postId: string } | { authorId: string }): Promise<number> {
  const rows = await q.query(
    `insert into removed_pictures (org_id, post_id, path, prints)
     select pp.org_id, pp.post_id, pp.path, pp.prints from post_pictures pp join posts p on p.id = pp.post_id
     where pp.org_id = $1 and ${'postId' in of ? 'p.id = $2' : 'p.author_id = $2'}
     on conflict (org_id, post_id, path) do nothing returning id`,
    [orgId, 'postId' in of ? of.postId : of.authorId],
  );
  if (rows.length > 0) await bumpList(q, orgId);
  return rows.length;
}

/** The holds of these posts, by post. */
export async function holdsOf(q: Queryable, postIds: string[]): Promise<Map<string, PictureHold>> {
  if (postIds.length === 0) return new Map();
  const rows = await q.query<{ post_id: string; removed_post_id: string }>(
    'select post_id::text as post_id, removed_post_id::text as removed_post_id from picture_holds where post_id = any($1::bigint[])',
    [postIds],
  );
  return new Map(rows.map((row) => [row.post_id, { removedPostId: row.removed_post_id }]));
}
