import type { Queryable } from '#server/db/client.ts';
import type { PeopleRepo } from './repo.ts';

/**
 * What other modules run of people's with its repo, in their own transaction (`q`): built once by
 * the composition root (compose/offers.ts) and handed to the services that use it
 * (docs/architecture.md, "Wiring").
 */
export class PeopleOffer {
  private readonly people: PeopleRepo;

  constructor(repos: { people: PeopleRepo }) {
    this.people = repos.people;
  }

  /** Ends the follows between the two people, both ways, with their counters. */
  async endFollows(q: Queryable, a: string, b: string): Promise<void> {
    const repo = this.people.on(q);
    for (const [follower, followee] of [[a, b], [b, a]] as const) {
      if (await repo.unfollow(follower, followee)) await repo.count(follower, followee, -1);
    }
  }
}
