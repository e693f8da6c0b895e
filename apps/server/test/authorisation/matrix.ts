import { randomUUID } from 'node:crypto';
import { PASSWORD, type World } from './world.ts';
import { insertPost } from '#server/modules/community/posts-repo.ts';
import { png } from '#server/modules/posting/test-fixtures.ts';
import { userPrefix } from '#server/storage/object-store.ts';
import { adminOnly, type Expectations, type Row } from './row.ts';
import { configBody, gameRows } from './game-rows.ts';
import { shopRows } from './shop-rows.ts';
import { watchedWordRows } from './watched-word-rows.ts';
import { removedPictureRows } from './removed-picture-rows.ts';
import { filterRows } from './filter-rows.ts';
import { newAccountRows } from './new-account-rows.ts';

/** A configuration of the owner, on one of the owner's posts so that members can read it. */
async function sharedConfig(w: World): Promise<string> {
  const res = await w.app.inject({ method: 'POST', url: '/api/configs', headers: w.owner.headers, payload: configBody });
  if (res.statusCode !== 200) throw new Error(`config failed: ${res.body}`);
  const id: string = res.json().data.id;
  await insertPost(w.app.db, { orgId: w.owner.org, authorId: w.owner.id, content: 'A post with a configuration', lang: 'cn', configIds: [id] });
  return id;
}

/** A post of the owner's whose video failed (as the worker leaves one): only its author sees it, and may try again. */
async function failedVideoPost(w: World): Promise<string> {
  const path = `u/${w.owner.org}/${w.owner.id}/matrix-${randomUUID()}.mp4`;
  await w.app.db.query(
    `insert into videos (path, org_id, user_id, status, lang, size, duration, width, height, facts, failure_code)
     values ($1, $2, $3, 'failed', 'en', 1000, 2, 320, 240, '{}', 'video_processing_failed')`,
    [path, w.owner.org, w.owner.id],
  );
  const media = [{ path, kind: 'video' as const, status: 'failed' as const, duration: 2, width: 320, height: 240, failureCode: 'video_processing_failed' as const }];
  return insertPost(w.app.db, { orgId: w.owner.org, authorId: w.owner.id, content: 'A failed video for the matrix', lang: 'cn', media });
}

/**
 * Routes outside the token-authenticated API that change data, each with why it has no row. A
 * new route must be in the matrix or here, or the test fails.
 */
export const outsideTheMatrix: Record<string, string> = {
  'PUT /storage/*': 'the embedded S3 endpoint: SigV4-signed requests, no token (storage/embedded/endpoint-auth.test.ts)',
  'POST /storage/*': 'the embedded S3 endpoint (multipart uploads), SigV4-signed (endpoint-multipart.test.ts)',
  'DELETE /storage/*': 'the embedded S3 endpoint, SigV4-signed (endpoint-objects.test.ts)',
};

/** A member's write on something of the owner's that every member may see. */
const memberWrite: Expectations = {
  anonymous: 'login_required',
  owner: 'ok',
  other: 'ok',
  // The owner blacklisted them: the owner's posts no longer reach them.
  blacklisted: 'not_found',
  banned: 'account_banned',
  // Deregistration killed every token of the account.
  deregistered: 'token_invalid',
  moderator: 'ok',
  // Asking in their own organisation, where the target does not exist.
  otherOrgModerator: 'not_found',
  admin: 'ok',
};

/** Only the author: moderators use the console's own calls, which leave a reason in the log. */
const authorOnly: Expectations = { ...memberWrite, other: 'forbidden', moderator: 'forbidden', admin: 'forbidden' };

/** Anything under /api/admin: this organisation's moderators and admins only. */
const staffOnly: Expectations = { ...adminOnly, moderator: 'ok', otherOrgModerator: 'not_found' };

/** Acting on one's own account: everyone signed in, but not the banned or the deregistered. */
const self: Expectations = { ...memberWrite, blacklisted: 'ok', otherOrgModerator: 'ok' };

const reason = { reason: 'matrix' };

const onPost = (suffix: string, expect: Expectations, method: string): Row => ({
  route: `${method} /api/posts/:id${suffix}`,
  request: async (w) => ({ url: `/api/posts/${await w.post()}${suffix}` }),
  expect,
});

/** A comment of the owner on another member's post: what the blacklisted person can still see. */
const ownerCommentOnOtherPost = async (w: World) => w.comment(await w.post(w.people.other));

const onListed = (list: 'blocks' | 'blacklist', method: string): Row => ({
  route: `${method} /api/${list}/:userId`,
  request: async (w) => ({ url: `/api/${list}/${w.owner.id}` }),
  // The owner cannot list themselves; the one they blacklisted may still block or blacklist them.
  expect: { ...memberWrite, owner: 'validation_failed', blacklisted: 'ok' },
});

export const rows: Row[] = [
  {
    route: 'POST /api/auth/register',
    request: async () => ({ url: '/api/auth/register', payload: { username: `new${Date.now()}${Math.floor(Math.random() * 1e6)}`, password: PASSWORD } }),
    // A token, live or dead, plays no part in registering.
    expect: { ...self, banned: 'ok', deregistered: 'ok', anonymous: 'ok' },
  },
  {
    route: 'POST /api/auth/login',
    // Each logs in as themselves; anonymous with an account nobody has.
    request: async (w, actor) => ({
      url: '/api/auth/login',
      payload: { username: actor === 'anonymous' ? 'nobody-at-all' : w.people[actor].username, password: PASSWORD },
    }),
    expect: { ...self, anonymous: 'credentials_wrong', deregistered: 'account_deregistered' },
  },
  {
    route: 'POST /api/auth/logout',
    request: async () => ({ url: '/api/auth/logout' }),
    // Ending one's own session is allowed even while banned.
    expect: { ...self, banned: 'ok' },
  },
  // A ban does not keep anyone from erasing their own account (the ban stays on record).
  { route: 'DELETE /api/me', request: async () => ({ url: '/api/me' }), expect: { ...self, banned: 'ok' } },
  {
    route: 'DELETE /api/me/sessions/:id',
    // The owner's other session: only the owner can name it; for anyone else it does not exist.
    request: async (w) => ({ url: `/api/me/sessions/${await w.otherSessionOfOwner()}` }),
    expect: { ...self, other: 'not_found', blacklisted: 'not_found', banned: 'not_found', moderator: 'not_found', otherOrgModerator: 'not_found', admin: 'not_found' },
  },
  // A copy of one's data is one's right while banned too (docs/privacy.md); importing configurations changes data, so not then.
  { route: 'POST /api/me/export', request: async () => ({ url: '/api/me/export' }), expect: { ...self, banned: 'ok' } },
  { route: 'POST /api/me/configs/import', request: async () => ({ url: '/api/me/configs/import', payload: { configs: [configBody] } }), expect: self },
  // A ticket opens one's own live stream (EventSource sends no token header): anyone signed in, not while banned.
  { route: 'POST /api/events/ticket', request: async () => ({ url: '/api/events/ticket' }), expect: self },
  // One's own sessions and password: securing one's account is allowed even while banned.
  { route: 'DELETE /api/me/sessions', request: async () => ({ url: '/api/me/sessions' }), expect: { ...self, banned: 'ok' } },
  {
    route: 'POST /api/me/password',
    request: async () => ({ url: '/api/me/password', payload: { currentPassword: PASSWORD, newPassword: 'a new matrix password' } }),
    expect: { ...self, banned: 'ok' },
  },
  {
    route: 'POST /api/posts',
    request: async () => ({ url: '/api/posts', payload: { content: 'A post of the matrix' }, headers: { 'idempotency-key': randomUUID() } }),
    // Everyone signed in posts in their own organisation.
    expect: self,
  },
  onPost('', authorOnly, 'DELETE'),
  {
    route: 'PATCH /api/posts/:id',
    request: async (w) => ({ url: `/api/posts/${await w.post()}`, payload: { content: 'Edited in the matrix' }, headers: { 'idempotency-key': randomUUID() } }),
    // Only its author, as for deleting it.
    expect: authorOnly,
  },
  {
    route: 'POST /api/posts/:id/video/retry',
    request: async (w) => ({ url: `/api/posts/${await failedVideoPost(w)}/video/retry` }),
    // A post whose video failed is its author's alone: for everyone else it does not exist.
    expect: { ...memberWrite, other: 'not_found', moderator: 'not_found', admin: 'not_found' },
  },
  onPost('/like', memberWrite, 'PUT'),
  onPost('/like', memberWrite, 'DELETE'),
  onPost('/favourite', memberWrite, 'PUT'),
  onPost('/favourite', memberWrite, 'DELETE'),
  {
    route: 'POST /api/posts/:id/comments',
    request: async (w) => ({ url: `/api/posts/${await w.post()}/comments`, payload: { content: 'matrix' } }),
    // The post is hidden from them: as absent as a deleted one, never a refusal saying it is there.
    expect: memberWrite,
  },
  {
    route: 'DELETE /api/comments/:id',
    request: async (w) => ({ url: `/api/comments/${await ownerCommentOnOtherPost(w)}` }),
    // The post's author does not delete others' comments either.
    expect: { ...authorOnly, blacklisted: 'forbidden' },
  },
  {
    route: 'PATCH /api/comments/:id',
    request: async (w) => ({ url: `/api/comments/${await ownerCommentOnOtherPost(w)}`, payload: { content: 'Edited in the matrix' } }),
    // Only its author, as for deleting it.
    expect: { ...authorOnly, blacklisted: 'forbidden' },
  },
  ...(['PUT', 'DELETE'] as const).map(
    (method): Row => ({
      route: `${method} /api/comments/:id/like`,
      request: async (w) => ({ url: `/api/comments/${await ownerCommentOnOtherPost(w)}/like` }),
      expect: { ...memberWrite, blacklisted: 'ok' },
    }),
  ),
  {
    route: 'POST /api/reports',
    request: async (w) => ({ url: '/api/reports', payload: { targetType: 'post', targetId: await w.post(), reason: 'spam', description: 'matrix' } }),
    // Nobody reports their own post: they delete it.
    expect: { ...memberWrite, owner: 'forbidden' },
  },
  onListed('blocks', 'PUT'),
  onListed('blocks', 'DELETE'),
  onListed('blacklist', 'PUT'),
  onListed('blacklist', 'DELETE'),
  { route: 'POST /api/configs', request: async () => ({ url: '/api/configs', payload: configBody }), expect: self },
  ...(['PUT', 'DELETE'] as const).map(
    (method): Row => ({
      route: `${method} /api/configs/:id`,
      request: async (w) => ({ url: `/api/configs/${await sharedConfig(w)}`, ...(method === 'PUT' ? { payload: { ...configBody, name: 'Renamed' } } : {}) }),
      expect: authorOnly,
    }),
  ),
  {
    route: 'POST /api/configs/:id/copies',
    request: async (w) => ({ url: `/api/configs/${await sharedConfig(w)}/copies` }),
    // One's own is already in one's library.
    expect: { ...memberWrite, owner: 'config_already_yours' },
  },
  { route: 'POST /api/configs/:id/applies', request: async (w) => ({ url: `/api/configs/${await sharedConfig(w)}/applies` }), expect: memberWrite },
  { route: 'POST /api/configs/:id/undo-apply', request: async (w) => ({ url: `/api/configs/${await sharedConfig(w)}/undo-apply` }), expect: memberWrite },
  ...(['PUT', 'DELETE'] as const).map(
    (method): Row => ({ route: `${method} /api/configs/:id/like`, request: async (w) => ({ url: `/api/configs/${await sharedConfig(w)}/like` }), expect: memberWrite }),
  ),
  // The games configurations name (modules/configs/hub-routes.ts): admins only, as the shop console.
  ...gameRows,
  {
    route: 'POST /api/admin/reports/dismiss',
    request: async (w) => {
      const postId = await w.post();
      await w.reported('post', postId);
      return { url: '/api/admin/reports/dismiss', payload: { targetType: 'post', targetId: postId, ...reason } };
    },
    expect: staffOnly,
  },
  ...['pass', 'not-pass', 'delete'].map(
    (action): Row => ({
      route: `POST /api/admin/posts/:id/${action}`,
      request: async (w) => ({ url: `/api/admin/posts/${await w.post()}/${action}`, payload: reason }),
      expect: staffOnly,
    }),
  ),
  // A comment a watched word holds for review (migration 046), held here directly.
  ...['pass', 'not-pass'].map(
    (action): Row => ({
      route: `POST /api/admin/comments/:id/${action}`,
      request: async (w) => {
        const id = await w.comment(await w.post());
        await w.app.db.query(`update comments set held = 'new' where id = $1`, [id]);
        return { url: `/api/admin/comments/${id}/${action}`, payload: reason };
      },
      expect: staffOnly,
    }),
  ),
  {
    route: 'POST /api/admin/comments/:id/delete',
    request: async (w) => ({ url: `/api/admin/comments/${await w.comment(await w.post())}/delete`, payload: reason }),
    expect: staffOnly,
  },
  {
    route: 'POST /api/admin/users/:userId/ban',
    request: async (w) => ({ url: `/api/admin/users/${w.owner.id}/ban`, payload: { ...reason, days: 1 } }),
    expect: staffOnly,
  },
  {
    route: 'POST /api/admin/users/:userId/unban',
    request: async (w) => ({ url: `/api/admin/users/${w.owner.id}/unban`, payload: reason }),
    expect: staffOnly,
  },
  {
    route: 'PUT /api/admin/users/:userId/role',
    request: async (w) => ({ url: `/api/admin/users/${w.owner.id}/role`, payload: { role: 'moderator', ...reason } }),
    // Admins only: a moderator, here or there, may not make moderators.
    expect: { ...staffOnly, moderator: 'forbidden', otherOrgModerator: 'forbidden' },
  },
  ...(['PUT', 'DELETE'] as const).map(
    (method): Row => ({
      route: `${method} /api/users/:id/follow`,
      request: async (w) => ({ url: `/api/users/${w.owner.id}/follow` }),
      // Nobody follows themselves; whom the owner blacklisted may not follow them, but may stop.
      expect: { ...memberWrite, owner: 'validation_failed', blacklisted: method === 'PUT' ? 'forbidden' : 'ok' },
    }),
  ),
  { route: 'PATCH /api/me', request: async () => ({ url: '/api/me', payload: { bio: 'A bio of the matrix' } }), expect: self },
  {
    route: 'PUT /api/me/avatar',
    // A picture of the actor's own (the owner's for anonymous), written straight to the store as an upload would be.
    request: async (w, actor) => {
      const person = w.people[actor === 'anonymous' ? 'owner' : actor];
      const path = `${userPrefix(person.org, person.id)}matrix-avatar.png`;
      await w.app.storage.store.put(path, await png(128, 128), 'image/png');
      return { url: '/api/me/avatar', payload: { path, crop: { x: 0, y: 0, size: 128 } } };
    },
    expect: self,
  },
  { route: 'DELETE /api/me/avatar', request: async () => ({ url: '/api/me/avatar' }), expect: self },
  // One's own inbox and switches: no id of anyone else can be named.
  { route: 'POST /api/notifications/read', request: async () => ({ url: '/api/notifications/read', payload: {} }), expect: self },
  {
    route: 'PUT /api/me/notification-settings',
    request: async () => ({ url: '/api/me/notification-settings', payload: { post_like: { inbox: false, push: true } } }),
    expect: self,
  },
  // The shop console (modules/shop/admin-routes.ts).
  ...shopRows,
  // The watched words (modules/safety/watched-words-routes.ts).
  ...watchedWordRows,
  // The removed pictures' list (modules/safety/removed-pictures-routes.ts).
  ...removedPictureRows,
  // One's own filters (modules/safety/filters-routes.ts).
  ...filterRows,
  // The new-account limits and people's trust (modules/safety/new-accounts-routes.ts).
  ...newAccountRows,
];
