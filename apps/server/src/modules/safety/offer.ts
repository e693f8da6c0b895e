import type { Queryable } from '#server/db/client.ts';
import type { FiltersRepo } from './filters-repo.ts';
import { type SafetyData, safetyData } from './personal-data.ts';

/**
 * What other modules run of safety's with its repos, on their own connection (`q`): built once by
 * the composition root (compose/offers.ts) and handed to what uses it (docs/architecture.md, "Wiring").
 */
export class SafetyOffer {
  private readonly filters: FiltersRepo;

  constructor(repos: { filters: FiltersRepo }) {
    this.filters = repos.filters;
  }

  /** What the archive holds of safety (personal-data.ts). */
  safetyData(q: Queryable, userId: string): Promise<SafetyData> {
    return safetyData(this.filters, q, userId);
  }
}
