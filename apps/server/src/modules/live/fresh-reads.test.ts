import { describe, expect, it } from 'vitest';
import type { Comment, FeedPage, Page } from '@padhub/contracts';
import { type Actor, buildTestApp, data, ORG, registerUser } from '#server-test/helper.ts';
import { as, makePost } from '#server/modules/community/test-fixtures.ts';
import { commentOn, registerStaff } from '#server/modules/safety/test-fixtures.ts';
import { liveOn, opened } from './test-fixtures.ts';

// A moment far longer than the file: a shared page is stale here until something reads it anew.
const app = await buildTestApp({ FEED_CACHE_MS: '60000' });
const { stream } = await liveOn(app);
const anonymous = { org: ORG };

const seen = (id: string | undefined): Record<string, string> => (id === undefined ? {} : { 'seen-event-id': id });
const commentsOf = async (who: Actor | typeof anonymous, postId: string, seenEvent?: string) =>
  data<Page<Comment>>(await app.inject({ method: 'GET', url: `/api/posts/${postId}/comments`, headers: { ...as(who), ...seen(seenEvent) } })).items.map((c) => c.content);
const feedOf = async (who: Actor | typeof anonymous, seenEvent?: string) =>
  data<FeedPage>(await app.inject({ method: 'GET', url: '/api/posts?limit=41', headers: { ...as(who), ...seen(seenEvent) } })).items.map((p) => p.id);

describe('a page that asks again after a live event', () => {
  it("reads the post's first comment page anew, for every reader, when it says the event's id", async () => {
    const author = await registerUser(app);
    const [writer, reader] = [await registerUser(app), await registerUser(app)];
    const postId = await makePost(app, author);
    expect((await commentOn(app, writer, postId, 'first')).statusCode).toBe(200);
    // The post's author looks at it: the shared page (nobody's comment of theirs is on it).
    const watching = await opened(stream(`?post=${postId}`, author));
    expect(await commentsOf(author, postId)).toEqual(['first']);

    expect((await commentOn(app, writer, postId, 'second')).statusCode).toBe(200);
    const event = await watching.next((e) => e.type === 'comment');
    // Without the id, the moment's page (read before the comment) is still what is shared.
    expect(await commentsOf(author, postId)).toEqual(['first']);
    // With it, the page is read anew, and that read is shared from then on, with or without an id.
    expect(await commentsOf(author, postId, event.id)).toEqual(['first', 'second']);
    expect(await commentsOf(reader, postId)).toEqual(['first', 'second']);
    expect(await commentsOf(anonymous, postId, event.id)).toEqual(['first', 'second']);
    watching.close();
  });

  it('reads the first feed page anew when it says the id of the event that told of a new post', async () => {
    const [author, reader] = [await registerUser(app), await registerUser(app)];
    const moderator = await registerStaff(app, 'moderator');
    const pending = await makePost(app, author, { reviewStatus: 'pending' });
    const feed = await opened(stream('?feed=new&lang=cn', reader));
    expect(await feedOf(reader)).not.toContain(pending);

    const passed = await app.inject({ method: 'POST', url: `/api/admin/posts/${pending}/pass`, headers: moderator.headers, payload: { reason: 'fine' } });
    expect(passed.statusCode).toBe(200);
    const event = await feed.next((e) => e.type === 'posts');
    expect(await feedOf(reader)).not.toContain(pending);
    expect(await feedOf(reader, event.id)).toContain(pending);
    feed.close();
  });

  it('reads anew for an id this process has not heard of yet (another process told the reader), and ignores what is not an id', async () => {
    const author = await registerUser(app);
    const writer = await registerUser(app);
    const postId = await makePost(app, author);
    expect(await commentsOf(anonymous, postId)).toEqual([]);
    expect((await commentOn(app, writer, postId, 'hello')).statusCode).toBe(200);
    for (const junk of ['abc', '-1', '1e9', '12345678901234567890123', '']) expect(await commentsOf(anonymous, postId, junk)).toEqual([]);
    // Far past anything published: a read made now, whatever the process has heard.
    expect(await commentsOf(anonymous, postId, '999999999999')).toEqual(['hello']);
  });
});
