import type { Queryable } from '#server/db/client.ts';
import { joinUser } from '#server/modules/accounts/public.ts';
import { listedByViewer } from '#server/modules/safety/public.ts';
import type { PostRow } from './rows.ts';
import { postInFeed } from './visibility.ts';

/**
 * A first feed page read for nobody (`rows`), as the viewer sees it now: their likes and
 * favourites, the counters as they are, and each post checked again against the feed's rule for
 * the viewer, in one statement. Undefined when the page would be another for them: a post left
 * the feed meanwhile or is hidden from them, the viewer has people on their lists (the comment
 * counts they see differ), wrote a post on the page (its review reason and waiting edit are
 * theirs) or wrote one newer than the page.
 */
export async function overlay(db: Queryable, viewerId: string, rows: PostRow[]): Promise<PostRow[] | undefined> {
  if (rows.some((row) => row.author_id === viewerId)) return undefined;
  const newest = rows.reduce((max, row) => (BigInt(row.id) > max ? BigInt(row.id) : max), 0n);
  type Fresh = Pick<PostRow, 'id' | 'like_count' | 'comment_count' | 'favourite_count' | 'score' | 'liked' | 'favourited'>;
  const found = await db.query<{ [K in keyof Fresh]: Fresh[K] | null } & { listed: boolean; newer: boolean }>(
    `select s.listed, s.newer, o.* from (
       select exists (${listedByViewer('$1::bigint')}) as listed,
              exists (select 1 from posts mine where mine.author_id = $1::bigint and mine.id > $3::bigint and mine.deleted_at is null) as newer
     ) s left join lateral (
       select p.id::text as id, p.like_count, p.comment_count, p.favourite_count, p.score,
         exists (select 1 from post_likes pl where pl.post_id = p.id and pl.user_id = $1::bigint) as liked,
         exists (select 1 from post_favourites pf where pf.post_id = p.id and pf.user_id = $1::bigint) as favourited
       from posts p ${joinUser('u', 'p.author_id')}
       where p.id = any($2::bigint[]) and ${postInFeed('p', 'u', '$1::bigint')}
     ) o on true`,
    [viewerId, `{${rows.map((row) => row.id).join(',')}}`, newest.toString()],
  );
  if (found[0]!.listed || found[0]!.newer) return undefined;
  const fresh = new Map(found.filter((row): row is typeof row & Fresh => row.id !== null).map((row) => [row.id, row]));
  if (fresh.size !== rows.length) return undefined;
  return rows.map((row) => {
    const now = fresh.get(row.id)!;
    return { ...row, like_count: now.like_count, comment_count: now.comment_count, favourite_count: now.favourite_count, score: now.score, liked: now.liked, favourited: now.favourited };
  });
}
