import { describe, expect, it } from 'vitest';
import type { Post } from '@padhub/contracts';
import { buildTestApp, data, OTHER_ORG, registerUser } from '#server-test/helper.ts';
import { commentOn, expectError, registerStaff } from '#server/modules/safety/test-fixtures.ts';
import { as, makePost } from './test-fixtures.ts';

const app = await buildTestApp({ REGISTER_LIMIT_PER_IP: '1000' });
const moderator = await registerStaff(app, 'moderator');
const admin = await registerStaff(app, 'admin');
const otherModerator = await registerStaff(app, 'moderator', { org: OTHER_ORG });

describe('staff open a post that is not passed or waiting (an audit line leads there)', () => {
  it('shows it and its comments to the moderators and admins of its organisation, and to nobody else', async () => {
    const [author, member] = [await registerUser(app), await registerUser(app)];
    const postId = await makePost(app, author, { content: 'passed first' });
    const comment = data<{ id: string }>(await commentOn(app, member, postId, 'a comment'));
    data(await commentOn(app, author, postId, 'a reply', comment.id));
    data(await app.inject({ method: 'POST', url: `/api/admin/posts/${postId}/not-pass`, headers: moderator.headers, payload: { reason: 'rule 2' } }));
    const waiting = await makePost(app, author, { content: 'waiting', reviewStatus: 'pending' });
    for (const staff of [moderator, admin]) {
      expect(data<Post>(await app.inject({ method: 'GET', url: `/api/posts/${postId}`, headers: as(staff) }))).toMatchObject({ content: 'passed first', reviewStatus: 'not_passed' });
      expect(data(await app.inject({ method: 'GET', url: `/api/posts/${postId}/comments`, headers: as(staff) })).items).toHaveLength(1);
      // The replies page of one of its comments too.
      expect(data(await app.inject({ method: 'GET', url: `/api/comments/${comment.id}/replies`, headers: as(staff) })).items).toHaveLength(1);
      expect(data<Post>(await app.inject({ method: 'GET', url: `/api/posts/${waiting}`, headers: as(staff) })).reviewStatus).toBe('pending');
    }
    // A moderator of another organisation asking in theirs (the post is not there) or in ours (their token is not).
    const elsewhere = [{ ...otherModerator.headers }, { ...otherModerator.headers, accorgid: author.org }];
    for (const headers of [as(member), as({ org: author.org }), ...elsewhere]) {
      const res = await app.inject({ method: 'GET', url: `/api/posts/${postId}`, headers });
      const comments = await app.inject({ method: 'GET', url: `/api/posts/${postId}/comments`, headers });
      const replies = await app.inject({ method: 'GET', url: `/api/comments/${comment.id}/replies`, headers });
      expect(res.statusCode).toBeGreaterThanOrEqual(400);
      expect(comments.statusCode).toBeGreaterThanOrEqual(400);
      expect(replies.statusCode).toBeGreaterThanOrEqual(400);
    }
    expectError(await app.inject({ method: 'GET', url: `/api/posts/${postId}`, headers: as(member) }), 'not_found');
    // Deleted stays deleted, for staff too.
    data(await app.inject({ method: 'DELETE', url: `/api/posts/${waiting}`, headers: author.headers }));
    expectError(await app.inject({ method: 'GET', url: `/api/posts/${waiting}`, headers: as(moderator) }), 'not_found');
  });
});
