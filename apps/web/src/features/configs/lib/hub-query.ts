import { type SharedConfigSort, configKindSchema, sharedConfigSortSchema } from '@padhub/contracts';
import type { HubFilter } from '@/entities/configuration/keys.ts';

/** The hub's filters as its address carries them, so back, forward and a shared link keep them. */
export function hubFilterFrom(params: URLSearchParams): HubFilter {
  const sort = sharedConfigSortSchema.safeParse(params.get('sort'));
  const kind = configKindSchema.safeParse(params.get('kind'));
  const text = (name: string) => params.get(name)?.trim() || undefined;
  return {
    sort: sort.success ? sort.data : 'applied30',
    model: text('model'),
    game: text('game'),
    kind: kind.success ? kind.data : undefined,
    q: text('q'),
  };
}

/** The address's query for a filter; the default order is left out. */
export function hubQueryOf(filter: HubFilter): Record<string, string> {
  const query: Record<string, string> = {};
  for (const [key, value] of Object.entries(filter) as [keyof HubFilter, string | undefined][]) {
    if (value && !(key === 'sort' && value === defaultSort)) query[key] = value;
  }
  return query;
}

const defaultSort: SharedConfigSort = 'applied30';
export const hubSorts: SharedConfigSort[] = ['applied30', 'applied', 'liked', 'new'];
