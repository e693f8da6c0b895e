import { describe, expect, it, vi } from 'vitest';
import { type Comment, type Filter, type Notification, type Page, type Post, filtersMax } from '@padhub/contracts';
import { type Actor, buildTestApp, data, registerUser } from '#server-test/helper.ts';
import { createPost } from '#server/modules/posting/test-fixtures.ts';
import { commentOn, expectError } from './test-fixtures.ts';

// The shared first feed page on (tests turn it off by default): a signed-in reader's filters must pass it by.
const app = await buildTestApp({ REGISTER_LIMIT_PER_IP: '1000', FEED_CACHE_MS: '60000' });
const author = await registerUser(app);
const reader = await registerUser(app);
const other = await registerUser(app);

const filtersOf = async (actor: Actor) => data<{ items: Filter[] }>(await app.inject({ method: 'GET', url: '/api/me/filters', headers: actor.headers })).items;
const add = (actor: Actor, payload: object) => app.inject({ method: 'POST', url: '/api/me/filters', headers: actor.headers, payload });
const put = (actor: Actor, id: string, payload: object) => app.inject({ method: 'PUT', url: `/api/me/filters/${id}`, headers: actor.headers, payload });
const remove = (actor: Actor, id: string) => app.inject({ method: 'DELETE', url: `/api/me/filters/${id}`, headers: actor.headers });
const post = async (actor: Actor, content: string) => data<Post>(await createPost(app, actor, { content }));
const read = async <T>(actor: Actor | null, url: string) => data<Page<T>>(await app.inject({ method: 'GET', url, headers: actor?.headers ?? { accorgid: author.org } }));
const feed = (actor: Actor | null, query = '&limit=2') => read<Post>(actor, `/api/posts?lang=all${query}`);
const texts = (page: Page<{ content: string }>) => page.items.map((item) => item.content);

// Five posts, newest last: the two newest hide-worthy, so a page of two must read past them.
const plainOne = await post(author, 'paddles on the grip');
await post(author, 'Elden Ring spoiler: the end');
const plainTwo = await post(author, 'trigger stops for shooters');
await post(author, 'ＳＰＯＩＬＥＲ ahead in the DLC');
await post(author, '这是剧透内容');

describe('a person’s filters', () => {
  it('hide posts in the feed and keep its page full, on the shared first page and after it', async () => {
    expect(texts(await feed(reader))).toEqual(['这是剧透内容', 'ＳＰＯＩＬＥＲ ahead in the DLC']);
    const hide = data<Filter>(await add(reader, { words: [{ word: 'spoiler' }, { word: '剧透' }], action: 'hide', contexts: ['feed', 'profiles'] }));
    expect(hide).toMatchObject({ title: 'spoiler', action: 'hide', contexts: ['feed', 'profiles'], expiresAt: null, active: true });
    const first = await feed(reader);
    expect(texts(first)).toEqual(['trigger stops for shooters', 'paddles on the grip']);
    expect(first.nextCursor).toBeNull();
    // Signed out, and another person: the shared page, unfiltered.
    expect(texts(await feed(null))).toEqual(['这是剧透内容', 'ＳＰＯＩＬＥＲ ahead in the DLC']);
    expect(texts(await feed(other))).toEqual(['这是剧透内容', 'ＳＰＯＩＬＥＲ ahead in the DLC']);
    // Pages of one: each is full, and the cursor passes the hidden post between them.
    const one = await feed(reader, '&limit=1');
    expect(texts(one)).toEqual(['trigger stops for shooters']);
    expect(texts(await feed(reader, `&limit=1&cursor=${one.nextCursor}`))).toEqual(['paddles on the grip']);
    // Profiles too; the author's own posts are never filtered, even by their own filters.
    expect(texts(await read<Post>(reader, `/api/users/${author.id}/posts`))).toEqual([plainTwo.content, plainOne.content]);
    data(await add(author, { words: [{ word: 'spoiler' }], action: 'hide', contexts: ['feed'] }));
    expect((await feed(author, '&limit=5')).items).toHaveLength(5);
    data(await remove(reader, hide.id));
    expect(texts(await feed(reader))).toEqual(['这是剧透内容', 'ＳＰＯＩＬＥＲ ahead in the DLC']);
  });

  it('warn: the item stays, marked with the filter’s title; whole words, parts of words and CJK', async () => {
    const warn = data<Filter>(await add(reader, { title: 'Spoilers', words: [{ word: 'spoil' }], action: 'warn', contexts: ['feed'] }));
    // "spoil" as a whole word is not in "spoiler".
    expect((await feed(reader)).items.map((p) => p.filtered)).toEqual([undefined, undefined]);
    data(await put(reader, warn.id, { title: 'Spoilers', words: [{ word: 'spoil', wholeWord: false }, { word: '剧透' }], action: 'warn', contexts: ['feed'] }));
    expect((await feed(reader, '&limit=5')).items.map((p) => p.filtered)).toEqual([['Spoilers'], ['Spoilers'], undefined, ['Spoilers'], undefined]);
    // Expired: kept, shown inactive, applied no more (the compiled filters hold their times: each read leaves out what is past).
    const inAnHour = new Date(Date.now() + 3_600_000).toISOString();
    data(await put(reader, warn.id, { title: 'Spoilers', words: [{ word: 'spoil', wholeWord: false }], action: 'warn', contexts: ['feed'], expiresAt: inAnHour }));
    expect((await feed(reader)).items.map((p) => p.filtered)).toEqual([undefined, ['Spoilers']]);
    // Two hours on (only the clock the server reads moves): nothing changed, the filter no longer holds.
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 7_200_000 });
    try {
      expect((await feed(reader)).items.map((p) => p.filtered)).toEqual([undefined, undefined]);
      expect((await filtersOf(reader)).find((f) => f.id === warn.id)).toMatchObject({ active: false });
    } finally {
      vi.useRealTimers();
    }
    const past = data<Filter>(await add(reader, { words: [{ word: 'trigger' }], action: 'hide', contexts: ['feed'], expiresAt: new Date(Date.now() - 1000).toISOString() }));
    expect(past.active).toBe(false);
    expect(texts(await feed(reader, '&limit=5'))).toContain('trigger stops for shooters');
    for (const filter of await filtersOf(reader)) data(await remove(reader, filter.id));
  });

  it('hold in search, comments and notifications where chosen', async () => {
    const mine = await post(reader, 'which grip for long sessions?');
    data(await commentOn(app, author, mine.id, 'the boss dies in the spoiler'));
    data(await commentOn(app, author, mine.id, 'try the rubber grip'));
    // The unread number counts only what the inbox shows.
    const unread = async () => data<{ count: number }>(await app.inject({ method: 'GET', url: '/api/notifications/unread', headers: reader.headers })).count;
    const before = await unread();
    const filter = data<Filter>(await add(reader, { words: [{ word: 'spoiler' }], action: 'hide', contexts: ['search', 'comments', 'notifications'] }));
    expect(await unread()).toBe(before - 1);
    expect(texts(await read<Post>(reader, '/api/posts?lang=all&q=spoiler'))).toEqual([]);
    expect(texts(await read<Post>(other, '/api/posts?lang=all&q=spoiler')).length).toBeGreaterThan(0);
    expect(texts(await read<Comment>(reader, `/api/posts/${mine.id}/comments`))).toEqual(['try the rubber grip']);
    expect(texts(await read<Comment>(other, `/api/posts/${mine.id}/comments`))).toHaveLength(2);
    const inbox = await read<Notification>(reader, '/api/notifications');
    expect(inbox.items.map((n) => n.target.excerpt)).toEqual(['try the rubber grip']);
    data(await put(reader, filter.id, { words: [{ word: 'spoiler' }], action: 'warn', contexts: ['comments', 'notifications'] }));
    expect((await read<Comment>(reader, `/api/posts/${mine.id}/comments`)).items.map((c) => c.filtered)).toEqual([['spoiler'], undefined]);
    expect((await read<Notification>(reader, '/api/notifications')).items.map((n) => n.filtered)).toEqual([undefined, ['spoiler']]);
    // Shown behind "filtered", it counts.
    expect(await unread()).toBe(before);
    data(await remove(reader, filter.id));
  });

  it('are read with the session: a signed-in read asks their version in no statement of its own', async () => {
    const mine = await post(reader, 'which stick caps?');
    data(await commentOn(app, author, mine.id, 'a spoiler on the caps'));
    const filter = data<Filter>(await add(reader, { words: [{ word: 'spoiler' }], action: 'hide', contexts: ['feed', 'search', 'notifications', 'comments'] }));
    const statements = vi.spyOn(app.db, 'query');
    try {
      expect(texts(await read<Comment>(reader, `/api/posts/${mine.id}/comments`))).toEqual([]);
      expect(texts(await feed(reader, '&limit=5')).join(' ')).not.toMatch(/spoiler|ＳＰＯＩＬＥＲ/i);
      expect(texts(await read<Post>(reader, '/api/posts?lang=all&q=spoiler'))).toEqual([]);
      expect((await read<Notification>(reader, '/api/notifications')).items.map((n) => n.target.excerpt)).not.toContain('the boss dies in the spoiler');
      // Each read's session lookup asks the version (safety/filters-repo.ts, versionWithSession); no read asks it again.
      const sent = statements.mock.calls.map(([text]) => String(text));
      expect(sent.filter((text) => text.includes('session_of(') && text.includes('filter_version_of('))).toHaveLength(4);
      expect(sent.filter((text) => !text.includes('session_of(') && text.includes('personal_filter_versions'))).toEqual([]);
    } finally {
      statements.mockRestore();
    }
    data(await remove(reader, filter.id));
  });

  it('the unread number, with a hide filter on notifications, asks the version with the session and in no statement of its own', async () => {
    const mine = await post(reader, 'which grip tape?');
    data(await commentOn(app, author, mine.id, 'a spoiler on the tape'));
    const filter = data<Filter>(await add(reader, { words: [{ word: 'spoiler' }], action: 'hide', contexts: ['notifications'] }));
    const statements = vi.spyOn(app.db, 'query');
    try {
      expect((await app.inject({ method: 'GET', url: '/api/notifications/unread', headers: reader.headers })).statusCode).toBe(200);
      const sent = statements.mock.calls.map(([text]) => String(text));
      expect(sent.filter((text) => text.includes('session_of(') && text.includes('filter_version_of('))).toHaveLength(1);
      expect(sent.filter((text) => !text.includes('session_of(') && text.includes('personal_filter_versions'))).toEqual([]);
    } finally {
      statements.mockRestore();
    }
    data(await remove(reader, filter.id));
  });

  it('are each person’s own: bad input, another person, signed out, the limit', async () => {
    const mine = data<Filter>(await add(reader, { words: [{ word: 'brand' }], action: 'hide', contexts: ['feed'] }));
    for (const bad of [
      { words: [], action: 'hide', contexts: ['feed'] },
      { words: [{ word: ' ' }], action: 'hide', contexts: ['feed'] },
      { words: [{ word: 'x' }], action: 'blur', contexts: ['feed'] },
      { words: [{ word: 'x' }], action: 'hide', contexts: ['home'] },
      { words: [{ word: 'x' }], action: 'hide', contexts: [] },
      { words: Array.from({ length: 51 }, (_, i) => ({ word: `w${i}` })), action: 'hide', contexts: ['feed'] },
      { words: [{ word: 'x' }], action: 'hide', contexts: ['feed'], expiresAt: 'tomorrow' },
    ]) {
      expectError(await add(reader, bad), 'validation_failed');
    }
    expect(await filtersOf(other)).toEqual([]);
    expectError(await put(other, mine.id, { words: [{ word: 'x' }], action: 'warn', contexts: ['feed'] }), 'not_found');
    expectError(await remove(other, mine.id), 'not_found');
    expect((await filtersOf(reader)).map((f) => f.words)).toEqual([[{ word: 'brand', wholeWord: true }]]);
    const anonymous = { accorgid: reader.org };
    expectError(await app.inject({ method: 'GET', url: '/api/me/filters', headers: anonymous }), 'login_required');
    expectError(await app.inject({ method: 'POST', url: '/api/me/filters', headers: anonymous, payload: { words: [{ word: 'x' }], action: 'hide', contexts: ['feed'] } }), 'login_required');
    expectError(await app.inject({ method: 'DELETE', url: `/api/me/filters/${mine.id}`, headers: anonymous }), 'login_required');
    await app.db.query(
      `insert into personal_filters (org_id, user_id, title, words, action, contexts) select $1, $2, 'w' || n, '[{"word":"w","wholeWord":true}]', 'hide', '{feed}' from generate_series(2, $3) n`,
      [reader.org, reader.id, filtersMax],
    );
    expectError(await add(reader, { words: [{ word: 'one more' }], action: 'hide', contexts: ['feed'] }), 'filters_full');
  });
});
