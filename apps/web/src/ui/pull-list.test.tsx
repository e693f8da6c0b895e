import { describe, expect, it } from 'vitest';
import { distinct } from './pull-list.tsx';

describe('distinct', () => {
  it('keeps the first of items that came back on a later page, in order', () => {
    const items = [{ id: '3' }, { id: '2' }, { id: '3' }, { id: '1' }, { id: '2' }];
    expect(distinct(items, (i) => i.id).map((i) => i.id)).toEqual(['3', '2', '1']);
  });
});
