import { describe, expect, it } from 'vitest';
import type { Comment, CommentItem, Page } from '@padhub/contracts';
import { type Actor, buildTestApp, data, ORG, registerUser } from '#server-test/helper.ts';
import { as, makePost } from './test-fixtures.ts';

const app = await buildTestApp({ REGISTER_LIMIT_PER_IP: '1000' });
const anonymous = { org: ORG };

async function comment(actor: Actor, postId: string, content: string, replyTo?: string) {
  return data<Comment>(
    await app.inject({ method: 'POST', url: `/api/posts/${postId}/comments`, headers: actor.headers, payload: { content, ...(replyTo ? { replyTo } : {}) } }),
  );
}
const comments = async (viewer: Actor | typeof anonymous, postId: string) =>
  data<Page<Comment>>(await app.inject({ method: 'GET', url: `/api/posts/${postId}/comments`, headers: as(viewer) })).items;
const thread = async (viewer: Actor | typeof anonymous, commentId: string) =>
  data<Page<CommentItem> & { comment: CommentItem }>(await app.inject({ method: 'GET', url: `/api/comments/${commentId}/replies`, headers: as(viewer) }));
const put = (actor: Actor, url: string) => app.inject({ method: 'PUT', url, headers: actor.headers });

/** A post by `owner` with a top-level comment by `writer`, a reply to it and an answer to that reply. */
async function conversation(owner: Actor, writer: Actor, replier: Actor) {
  const postId = await makePost(app, owner);
  const top = await comment(owner, postId, 'top');
  const said = await comment(writer, postId, 'said by the writer', top.id);
  const answer = await comment(replier, postId, 'answering the writer', said.id);
  return { postId, top, said, answer };
}

describe('a deleted comment does not say who wrote it', () => {
  it('has no author on the wire, for anyone, its own author included; and its answers do not name it', async () => {
    const [owner, writer, replier] = [await registerUser(app), await registerUser(app), await registerUser(app)];
    const postId = await makePost(app, owner);
    const top = await comment(writer, postId, 'words taken back');
    const reply = await comment(replier, postId, 'an answer', top.id);
    const nested = await comment(owner, postId, 'to the answer', reply.id);
    expect(nested.replyToAuthor).toMatchObject({ id: replier.id, username: replier.username });
    data(await app.inject({ method: 'DELETE', url: `/api/comments/${top.id}`, headers: writer.headers }));
    data(await app.inject({ method: 'DELETE', url: `/api/comments/${reply.id}`, headers: replier.headers }));

    for (const viewer of [owner, writer, replier, anonymous]) {
      const [shown] = await comments(viewer, postId);
      expect(shown).toMatchObject({ id: top.id, deleted: true, content: '', author: null });
      const { comment: root, items } = await thread(viewer, top.id);
      expect(root).toMatchObject({ deleted: true, author: null });
      expect(items.map((c) => [c.id, c.deleted, c.author?.id ?? null, c.replyToAuthor?.id ?? null])).toEqual([
        [reply.id, true, null, null],
        [nested.id, false, owner.id, null],
      ]);
    }
    expect(JSON.stringify(await thread(owner, top.id))).not.toContain(writer.username);
    expect(JSON.stringify(await thread(owner, top.id))).not.toContain(replier.username);
  });
});

describe('a reply does not name whom it answers when that person is hidden from the viewer', () => {
  it.each(['blocks', 'blacklist'] as const)('after the viewer puts the answered author on their %s list', async (list) => {
    const [owner, writer, replier, viewer] = [await registerUser(app), await registerUser(app), await registerUser(app), await registerUser(app)];
    const { top, said, answer } = await conversation(owner, writer, replier);
    data(await put(viewer, `/api/${list}/${writer.id}`));

    const seen = (await thread(viewer, top.id)).items;
    // The writer's reply shows as deleted (it stays for the answer under it), nameless.
    expect(seen.find((c) => c.id === said.id)).toMatchObject({ deleted: true, author: null, content: '' });
    expect(seen.find((c) => c.id === answer.id)).toMatchObject({ deleted: false, author: { id: replier.id }, replyTo: said.id, replyToAuthor: null });
    expect(JSON.stringify(seen)).not.toContain(writer.username);
    // Others still see whom it answers.
    expect((await thread(owner, top.id)).items.find((c) => c.id === answer.id)?.replyToAuthor).toMatchObject({ id: writer.id, username: writer.username });
    expect((await thread(anonymous, top.id)).items.find((c) => c.id === answer.id)?.replyToAuthor?.id).toBe(writer.id);
  });

  it('after the answered author deregisters, for everyone', async () => {
    const [owner, writer, replier] = [await registerUser(app), await registerUser(app), await registerUser(app)];
    const { top, answer } = await conversation(owner, writer, replier);
    data(await app.inject({ method: 'DELETE', url: '/api/me', headers: writer.headers }));
    for (const viewer of [owner, replier, anonymous]) {
      expect((await thread(viewer, top.id)).items.find((c) => c.id === answer.id)).toMatchObject({ deleted: false, replyToAuthor: null });
    }
  });

  it('names the answered author in the viewer’s own comments list too, unless hidden from them', async () => {
    const [owner, writer, replier] = [await registerUser(app), await registerUser(app), await registerUser(app)];
    const { answer } = await conversation(owner, writer, replier);
    const mine = async () =>
      data<Page<CommentItem>>(await app.inject({ method: 'GET', url: '/api/me/comments', headers: replier.headers })).items.find((c) => c.id === answer.id);
    expect((await mine())?.replyToAuthor?.id).toBe(writer.id);
    data(await put(replier, `/api/blocks/${writer.id}`));
    expect(await mine()).toMatchObject({ content: 'answering the writer', replyToAuthor: null });
  });
});
