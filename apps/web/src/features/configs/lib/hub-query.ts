import { type SharedConfigSort, configKindSchema, sharedConfigSortSchema } from '@padhub/contracts';
import type { HubFilter } from '@/entities/configuration/keys.ts';

/**
 * The address's `model` when the person chose "All models". No `model` at all is not the same: it
 * leaves the hub to show the connected controller's (hub-page.tsx).
 */
const allModels = 'all';

/** The hub's filters as its address carries them, so back, forward and a shared link keep them. */
export function hubFilterFrom(params: URLSearchParams): HubFilter {
  const sort = sharedConfigSortSchema.safeParse(params.get('sort'));
  const kind = configKindSchema.safeParse(params.get('kind'));
  const text = (name: string) => params.get(name)?.trim() || undefined;
  const model = text('model');
  return {
    sort: sort.success ? sort.data : 'applied30',
    model: model === allModels ? undefined : model,
    game: text('game'),
    kind: kind.success ? kind.data : undefined,
    q: text('q'),
  };
}

/**
 * The address's query for a filter; the default order is left out. `modelChosen`: the model is the
 * person's choice, so no model is written as "All models" rather than left to the connected controller.
 */
export function hubQueryOf(filter: HubFilter, modelChosen = false): Record<string, string> {
  const query: Record<string, string> = {};
  const written = { ...filter, model: filter.model ?? (modelChosen ? allModels : undefined) };
  for (const [key, value] of Object.entries(written) as [keyof HubFilter, string | undefined][]) {
    if (value && !(key === 'sort' && value === defaultSort)) query[key] = value;
  }
  return query;
}

const defaultSort: SharedConfigSort = 'applied30';
export const hubSorts: SharedConfigSort[] = ['applied30', 'applied', 'liked', 'new'];
