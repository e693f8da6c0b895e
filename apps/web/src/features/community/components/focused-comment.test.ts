import { describe, expect, it } from 'vitest';
import { MAX_PAGES_TO_FIND, mustLoadMore } from './focused-comment.ts';

describe('mustLoadMore', () => {
  it('loads on while the focused comment is not yet there and the list goes on', () => {
    expect(mustLoadMore(['1', '2'], '9', 1, true)).toBe(true);
  });

  it('stops once it is loaded, at the end of the list, without a focus, or after many pages', () => {
    expect(mustLoadMore(['1', '9'], '9', 1, true)).toBe(false);
    expect(mustLoadMore(['1', '2'], '9', 1, false)).toBe(false);
    expect(mustLoadMore(['1', '2'], null, 1, true)).toBe(false);
    expect(mustLoadMore(['1', '2'], '9', MAX_PAGES_TO_FIND, true)).toBe(false);
  });
});
