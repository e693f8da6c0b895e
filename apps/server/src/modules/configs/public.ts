/**
 * What other modules may use of configurations besides their service (docs/architecture.md,
 * "Server"). Configurations own `configs`, `config_applies` and `config_saves`; posting checks the
 * configurations a new post carries inside the post's own transaction; the feed reads the kinds a
 * post carries through the facts module (modules/facts/config-kinds.ts); the insights name the
 * configurations and games they rank.
 */
export { ConfigsOffer } from './offer.ts';
export { configCountsFor } from './live-reads.ts';
export { configNames, gameNames } from './names.ts';
export type { HubService } from './hub-service.ts';

export { type ConfigBody, configsData, forgetConfigs } from './personal-data.ts';
export type { ConfigsService } from './service.ts';
