import { type AuditQuery, auditKindSchema, auditTargetTypeSchema, idSchema } from '@padhub/contracts';

/** The audit log's filters, as the API takes them and as the page's URL carries them. */
export type AuditFilters = Pick<AuditQuery, 'kind' | 'actorId' | 'targetType' | 'targetId'>;

const keys = ['kind', 'actorId', 'targetType', 'targetId'] as const;

/**
 * The filters a URL names. One that is not valid (an edited or old link) is dropped rather than
 * sent, so the page shows the log instead of an error.
 */
export function filtersFromParams(params: URLSearchParams): AuditFilters {
  const kind = auditKindSchema.safeParse(params.get('kind')).data;
  const actorId = idSchema.safeParse(params.get('actorId')).data;
  const targetType = auditTargetTypeSchema.safeParse(params.get('targetType')).data;
  const targetId = targetType && targetType !== 'shop' ? idSchema.safeParse(params.get('targetId')).data : undefined;
  // A type with no id filters by type alone; only the shop itself is meant that way from the console.
  const target = targetType && (targetId !== undefined || targetType === 'shop') ? { targetType, targetId } : {};
  return strip({ kind, actorId, ...target });
}

export function paramsOf(filters: AuditFilters): Record<string, string> {
  return Object.fromEntries(keys.flatMap((key) => (filters[key] === undefined ? [] : [[key, filters[key]]])));
}

export const hasFilters = (filters: AuditFilters) => keys.some((key) => filters[key] !== undefined);

// Undefined keys left in would still change the query key and the URL's order of keys.
function strip(filters: AuditFilters): AuditFilters {
  return Object.fromEntries(Object.entries(filters).filter(([, value]) => value !== undefined));
}
