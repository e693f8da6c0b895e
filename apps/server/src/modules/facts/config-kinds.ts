import type { ConfigKind } from '@padhub/contracts';
import { type Expr, sql } from '#server/db/sql.ts';

/** The kind when one of the configurations `ids` is of it: a probe of the primary key, nothing to sort. */
function carriesKind(ids: Expr<'bigint[]'>, kind: ConfigKind): Expr<'text'> {
  return `case when exists (select 1 from configs c where c.id = any(${ids}) and c.kind = '${kind}') then '${kind}' end` as Expr<'text'>;
}

/**
 * The kinds (`macro`, then `mapping`) among the configurations `ids` (such as a post's
 * `config_ids`), as text[]: what the feed shows beside each post of configurations (`configs`,
 * written by the configs module). Two primary-key probes rather than an aggregate: an aggregate
 * put a Sort into every feed page's plan.
 */
export function configKinds(ids: Expr<'bigint[]'>): Expr<'text[]'> {
  return sql`array_remove(array[${carriesKind(ids, 'macro')}, ${carriesKind(ids, 'mapping')}], null)`;
}
