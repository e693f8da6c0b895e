import type { Queryable } from '#server/db/client.ts';
import { type AttachInput, attachConfigs } from './attach.ts';
import type { ConfigsRepo } from './repo.ts';

/**
 * What other modules run of configs' with its repo, in their own transaction (`q`): built once by
 * the composition root (compose/offers.ts) and handed to the services that use it
 * (docs/architecture.md, "Wiring").
 */
export class ConfigsOffer {
  private readonly configs: ConfigsRepo;

  constructor(repos: { configs: ConfigsRepo }) {
    this.configs = repos.configs;
  }

  /** `attachConfigs` (attach.ts) on the caller's transaction. */
  attachConfigs(q: Queryable, input: AttachInput): Promise<string[]> {
    return attachConfigs(this.configs.on(q), input);
  }
}
