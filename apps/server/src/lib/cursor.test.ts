import { describe, expect, it } from 'vitest';
import { AppError } from '#server/lib/errors.ts';
import { decodeCursor, encodeCursor, pageOf } from './cursor.ts';

const raw = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

describe('cursors', () => {
  it('round-trip the sort key of their list, opaque and URL-safe', () => {
    const cursor = encodeCursor('feed-popular', [12, '9007199254740993']);
    expect(cursor).toMatch(/^[\w-]+$/);
    expect(decodeCursor('feed-popular', cursor, ['int', 'bigint'])).toEqual(['12', '9007199254740993']);
  });

  it.each([
    ['another list', encodeCursor('feed-new', ['5'])],
    ['garbage', 'not base64 json!'],
    ['a non-array', raw({ kind: 'feed-popular' })],
    ['too few parts', raw(['feed-popular', 3])],
    ['a float score', raw(['feed-popular', 1.5, '3'])],
    ['an id that is no number', raw(['feed-popular', 1, '3 or 1=1'])],
    ['an id given as a number', raw(['feed-popular', 1, 3])],
    ['an id past the largest bigint', raw(['feed-popular', 1, '9223372036854775808'])],
    ['a score past the largest integer column', raw(['feed-popular', 2147483648, '3'])],
  ])('refuse %s with a validation error', (_, cursor) => {
    let error: unknown;
    try {
      decodeCursor('feed-popular', cursor, ['int', 'bigint']);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).key).toBe('validation_failed');
  });
});

describe('pageOf', () => {
  it('answers a next cursor only when a row beyond the page was read', () => {
    const rows = [{ id: '3' }, { id: '2' }, { id: '1' }];
    expect(pageOf(rows, 2, (r) => r.id, (r) => `after-${r.id}`)).toEqual({ items: ['3', '2'], nextCursor: 'after-2' });
    expect(pageOf(rows, 3, (r) => r.id, (r) => `after-${r.id}`)).toEqual({ items: ['3', '2', '1'], nextCursor: null });
  });
});
