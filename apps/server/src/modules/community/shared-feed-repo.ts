import type { Queryable } from '#server/db/client.ts';
import { blacklistedByAnyOf, hasLists } from '#server/modules/safety/public.ts';

/** What a signed-in reader adds to a first feed page read for nobody (`PostsService.firstPage`). */
export interface ViewerOnPage {
  liked: string[];
  favourited: string[];
  /** The shared page is not theirs: they get their own read. */
  own: boolean;
}

/**
 * The viewer's likes and favourites among the page's posts, and whether the page read for nobody
 * would be wrong for them, in one statement that plans in a tenth of a millisecond (probes of
 * primary keys and list indexes, no join; docs/feed-cost.md). It would be wrong when:
 * - they have people on their lists (those authors' posts and comment counts change for them);
 * - an author on the page blacklisted them;
 * - they have a live passed post the page should hold but does not (written since it was read:
 *   an author sees their new post at once);
 * - a post on the page was taken down, deleted or sent back to review since, or its author was
 *   deregistered or banned with their content hidden (signed-in readers see that at once).
 * Their own posts on the page (their review reason and waiting edit) the caller checks.
 * `ids` are the page's posts, `authors` their authors, `from` the lowest id on the page.
 */
export async function viewerOnPage(db: Queryable, viewerId: string, ids: string[], authors: string[], from: string): Promise<ViewerOnPage> {
  const [row] = await db.query<ViewerOnPage>(
    `select
       array(select pl.post_id::text from post_likes pl where pl.user_id = $1 and pl.post_id = any($2::bigint[])) as liked,
       array(select pf.post_id::text from post_favourites pf where pf.user_id = $1 and pf.post_id = any($2::bigint[])) as favourited,
       ${hasLists('$1::bigint')} or ${blacklistedByAnyOf('$3::bigint[]', '$1::bigint')}
       or exists (select 1 from posts mine where mine.author_id = $1 and mine.id >= $4::bigint and mine.deleted_at is null) as own`,
    [viewerId, `{${ids.join(',')}}`, `{${authors.join(',')}}`, from],
  );
  return row!;
}
