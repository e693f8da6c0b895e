import { CommunityOffer } from '#server/modules/community/public.ts';
import { ConfigsOffer } from '#server/modules/configs/public.ts';
import { PeopleOffer } from '#server/modules/people/public.ts';
import { SafetyOffer } from '#server/modules/safety/public.ts';
import type { Repos } from './repos.ts';

/**
 * What a module offers others to run with its repos on their own connection or transaction (a
 * post found, a comment taken down, follows ended, the archive's part): each built once, from the
 * repos of compose/repos.ts, and handed by app.ts and worker.ts to the services and job handlers
 * that use it, so that no module builds another's repos, nor its own (docs/architecture.md, "Wiring").
 * Media-lifecycle's (`refuseRemoved`) is its `MediaLifecycle`, built beside.
 */
export function openOffers(repos: Repos) {
  return {
    community: new CommunityOffer(repos),
    configs: new ConfigsOffer(repos),
    people: new PeopleOffer(repos),
    safety: new SafetyOffer(repos),
  };
}

export type Offers = ReturnType<typeof openOffers>;
