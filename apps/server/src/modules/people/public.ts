import type { Queryable } from '#server/db/client.ts';
import { PeopleRepo } from './repo.ts';

/**
 * What other modules may use of people besides its service (docs/architecture.md, "Server").
 * People own `profiles` and `follows`. Others read follows through the visibility module
 * (`followedBy`); a block ends follows both ways with `endFollows`, in the block's transaction.
 */

/** Ends the follows between the two people, both ways, with their counters. */
export async function endFollows(q: Queryable, a: string, b: string): Promise<void> {
  const repo = new PeopleRepo(q);
  for (const [follower, followee] of [[a, b], [b, a]] as const) {
    if (await repo.unfollow(follower, followee)) await repo.count(follower, followee, -1);
  }
}

export { forgetPeople, type PeopleData, peopleData } from './personal-data.ts';
