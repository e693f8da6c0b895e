import { describe, expect, it } from 'vitest';
import { filtersFromParams, hasFilters, paramsOf } from './audit-filters.ts';

const parse = (search: string) => filtersFromParams(new URLSearchParams(search));

describe('the audit log filters in the URL', () => {
  it('reads back what it wrote', () => {
    const filters = { kind: 'bans', actorId: '12', targetType: 'user', targetId: '34' } as const;
    expect(parse(new URLSearchParams(paramsOf(filters)).toString())).toEqual(filters);
    expect(hasFilters(filters)).toBe(true);
    expect(hasFilters(parse(''))).toBe(false);
  });

  it('drops what the API would refuse instead of sending it', () => {
    expect(parse('kind=everything&actorId=abc&targetType=goods')).toEqual({});
    expect(parse('targetId=5')).toEqual({});
    expect(parse('targetType=shop&targetId=5')).toEqual({ targetType: 'shop' });
    expect(parse('kind=shop&targetType=goods&targetId=5')).toEqual({ kind: 'shop', targetType: 'goods', targetId: '5' });
  });
});
