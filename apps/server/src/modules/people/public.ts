import type { Queryable } from '#server/db/client.ts';
import { PeopleRepo } from './repo.ts';

/**
 * What other modules may use of people besides its service (docs/architecture.md, "Server").
 * People own `profiles` and `follows`. The following feed filters by follows in its own statement
 * with `followedBy`; a block ends follows both ways with `endFollows`, in the block's transaction.
 */

/** The viewer follows the person whose id is `author`. */
export function followedBy(viewer: string, author: string): string {
  return `exists (select 1 from follows fw where fw.follower_id = ${viewer} and fw.followee_id = ${author})`;
}

/** Ends the follows between the two people, both ways, with their counters. */
export async function endFollows(q: Queryable, a: string, b: string): Promise<void> {
  const repo = new PeopleRepo(q);
  for (const [follower, followee] of [[a, b], [b, a]] as const) {
    if (await repo.unfollow(follower, followee)) await repo.count(follower, followee, -1);
  }
}
