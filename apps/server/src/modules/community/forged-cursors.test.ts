import { describe, expect, it } from 'vitest';
import { errorCatalogue } from '@padhub/contracts';
import { buildTestApp, data, registerUser } from '#server-test/helper.ts';
import { type CursorKind, encodeCursor } from '#server/lib/cursor.ts';
import { makePost } from './test-fixtures.ts';

const app = await buildTestApp();
const reader = await registerUser(app);
const postId = await makePost(app, reader);
const comment = data(await app.inject({ method: 'POST', url: `/api/posts/${postId}/comments`, headers: reader.headers, payload: { content: 'a comment' } }));

// Well-formed cursors of the right list whose keys are past what the key columns hold: bigint ids
// past 2^63 - 1, int scores and positions past 2^31 - 1. PostgreSQL refused the cast (a 500).
const beyondInt8 = '9223372036854775808';
const beyondInt4 = 2147483648;

const lists: [string, string, CursorKind, (string | number)[]][] = [
  ['the new feed', '/api/posts', 'feed-new', [beyondInt8]],
  ['the popular feed (score)', '/api/posts?sort=popular', 'feed-popular', [beyondInt4, '1']],
  ['the popular feed (id)', '/api/posts?sort=popular', 'feed-popular', [1, beyondInt8]],
  ['below the smallest score', '/api/posts?sort=popular', 'feed-popular', [-beyondInt4 - 1, '1']],
  ["a post's comments", `/api/posts/${postId}/comments`, 'comments', [beyondInt8]],
  ["a comment's replies", `/api/comments/${comment.id}/replies`, 'replies', [beyondInt8]],
  ['my posts', '/api/me/posts', 'my-posts', [beyondInt8]],
  ['my likes', '/api/me/likes', 'my-likes', [beyondInt8]],
  ['my reports', '/api/me/reports', 'my-reports', [beyondInt8]],
  ['my configurations', '/api/configs', 'my-configs', [beyondInt8]],
  ['the Mall', '/api/goods', 'goods', [beyondInt4, '1', 0, '1']],
];

describe('a forged cursor past the range of its keys', () => {
  it.each(lists)('is refused on %s as bad input, not a server failure', async (_, url, kind, key) => {
    const res = await app.inject({ method: 'GET', url, headers: reader.headers, query: { cursor: encodeCursor(kind, key) } });
    expect({ status: res.statusCode, code: res.json().code }).toEqual({ status: 400, code: errorCatalogue.validation_failed.code });
    expect(res.json().data.issues[0].path).toBe('querystring.cursor');
  });

  it('still pages with the largest keys the columns hold', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/posts?sort=popular', headers: reader.headers, query: { cursor: encodeCursor('feed-popular', [2147483647, '9223372036854775807']) } });
    expect(data(res).items.map((p: { id: string }) => p.id)).toContain(postId);
  });
});
