import { describe, expect, it } from 'vitest';
import { type CommentItem, errorCatalogue } from '@padhub/contracts';
import { buildTestApp, data, ORG, registerUser } from '#server-test/helper.ts';
import { inbox } from '#server/modules/notifications/test-fixtures.ts';
import { commentOn, registerStaff } from '#server/modules/safety/test-fixtures.ts';
import { makePost } from './test-fixtures.ts';

const app = await buildTestApp({ REGISTER_LIMIT_PER_IP: '1000' });
const moderator = await registerStaff(app, 'moderator');
const edit = (id: string, headers: Record<string, string>, payload: object) => app.inject({ method: 'PATCH', url: `/api/comments/${id}`, headers, payload });

describe('PATCH /api/comments/:id', () => {
  it('lets the author fix the text, marks it edited, keeps the earlier version for moderators and tells newly named people', async () => {
    const [author, named, postAuthor] = [await registerUser(app), await registerUser(app), await registerUser(app)];
    const postId = await makePost(app, postAuthor);
    const id = data<{ id: string }>(await commentOn(app, author, postId, `Ask @${named.username}`)).id;
    const edited = data<CommentItem>(await edit(id, author.headers, { content: `Ask @${named.username} or @${postAuthor.username}` }));
    expect(edited.content).toBe(`Ask @${named.username} or @${postAuthor.username}`);
    expect(edited.editedAt).not.toBeNull();
    expect(edited.likeCount).toBe(0);
    // Named before: not told twice. The post's author had the comment already: not told again.
    expect((await inbox(app, named)).map((n) => n.type)).toEqual(['mention']);
    expect((await inbox(app, postAuthor)).map((n) => n.type)).toEqual(['mention', 'comment']);
    const revisions = data(await app.inject({ method: 'GET', url: `/api/admin/comments/${id}/revisions`, headers: moderator.headers }));
    expect(revisions.items.map((r: { content: string }) => r.content)).toEqual([`Ask @${named.username}`]);
    const listed = data(await app.inject({ method: 'GET', url: `/api/posts/${postId}/comments`, headers: { accorgid: ORG } }));
    expect(listed.items[0].editedAt).toBe(edited.editedAt);
  });

  it('refuses others, bad input, and the author shut out of the post by its author', async () => {
    const [author, other, postAuthor] = [await registerUser(app), await registerUser(app), await registerUser(app)];
    const postId = await makePost(app, postAuthor);
    const id = data<{ id: string }>(await commentOn(app, author, postId, 'first')).id;
    expect((await edit(id, other.headers, { content: 'mine now' })).json().code).toBe(errorCatalogue.forbidden.code);
    expect((await edit(id, author.headers, { content: '' })).statusCode).toBe(400);
    expect((await edit(id, { accorgid: ORG }, { content: 'x' })).json().code).toBe(errorCatalogue.login_required.code);
    expect((await app.inject({ method: 'GET', url: `/api/admin/comments/${id}/revisions`, headers: author.headers })).json().code).toBe(errorCatalogue.forbidden.code);
    data(await app.inject({ method: 'PUT', url: `/api/blacklist/${author.id}`, headers: postAuthor.headers }));
    expect((await edit(id, author.headers, { content: 'sneaky' })).json().code).toBe(errorCatalogue.not_found.code);
  });
});
