/**
 * What other modules may use of configurations besides their service (docs/architecture.md,
 * "Server"). Configurations own `configs`, `config_applies` and `config_saves`; posting checks the
 * configurations a new post carries inside the post's own transaction.
 */
export { attachConfigs } from './attach.ts';
