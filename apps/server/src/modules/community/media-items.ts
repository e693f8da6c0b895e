import type { Queryable } from '#server/db/client.ts';
import { announceListed } from './announce.ts';

/** A post whose media item was rewritten; `released`: it showed only to its author while its video was processing, and shows to others now. */
export interface PatchedPost {
  postId: string;
  content: string;
  released: boolean;
}

/**
 * Rewrites the media item `path` in every post of its author that names it, and in their edits
 * waiting for review: the keys in `remove` go, those of `set` are written (a video's processing
 * state, written by modules/videos as it moves on). Answers the posts changed, newest first, and
 * which of them this makes visible to others (they were held for their video: `video_held`,
 * migration 028), so their mentions can be told now.
 * Run it in the writer's transaction; it locks the rows it changes.
 */
export async function patchMediaItems(
  q: Queryable,
  item: { orgId: string; authorId: string; path: string; remove: readonly string[]; set: Record<string, unknown> },
): Promise<PatchedPost[]> {
  const values = [item.orgId, item.authorId, item.path, [...item.remove], JSON.stringify(item.set)];
  const rewrite = (media: string) => `(select jsonb_agg(case when m->>'path' = $3 then (m - $4::text[]) || $5::jsonb else m end order by i)
    from jsonb_array_elements(${media}) with ordinality as e (m, i))`;
  const naming = (media: string) => `${media} @> jsonb_build_array(jsonb_build_object('path', $3::text))`;
  const rows = await q.query<{ id: string; content: string; released: boolean }>(
    `with before as (
       select id, video_held from posts where org_id = $1 and author_id = $2::bigint and ${naming('media')} for update)
     update posts p set media = ${rewrite('p.media')} from before where p.id = before.id
     returning p.id::text as id, p.content, before.video_held and not p.video_held and p.deleted_at is null as released`,
    values,
  );
  await q.query(
    `update post_edits e set media = ${rewrite('e.media')}
     from posts p where p.id = e.post_id and p.org_id = $1 and p.author_id = $2::bigint and ${naming('e.media')}`,
    values,
  );
  // A post no longer held for its video enters the feeds of those who may read it.
  for (const row of rows) if (row.released) await announceListed(q, item.orgId, row.id);
  return rows.map((row) => ({ postId: row.id, content: row.content, released: row.released })).sort((a, b) => Number(BigInt(b.postId) - BigInt(a.postId)));
}
