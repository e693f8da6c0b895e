import type { ConfigKind } from '@padhub/contracts';

/**
 * What other modules may use of configurations besides their service (docs/architecture.md,
 * "Server"). Configurations own `configs`, `config_applies` and `config_saves`; posting checks the
 * configurations a new post carries inside the post's own transaction, and the feed pastes
 * `configKinds` into its select list (the kinds a post carries, beside each post).
 */
export { attachConfigs } from './attach.ts';

/** The kind when one of the configurations `ids` (a uuid[] expression) is of it: a probe of the primary key, nothing to sort. */
function carriesKind(ids: string, kind: ConfigKind): string {
  return `case when exists (select 1 from configs c where c.id = any(${ids}) and c.kind = '${kind}') then '${kind}' end`;
}

/**
 * Expression: the kinds (`macro`, then `mapping`) among the configurations `ids` (a uuid[]
 * expression, such as a post's `config_ids`), as text[]. Two primary-key probes rather than an
 * aggregate: an aggregate put a Sort into every feed page's plan.
 */
export function configKinds(ids: string): string {
  return `array_remove(array[${carriesKind(ids, 'macro')}, ${carriesKind(ids, 'mapping')}], null)`;
}
