import { describe, expect, it } from 'vitest';
import { type AuditEntry, type Page, auditKindActions } from '@padhub/contracts';
import { type Actor, buildTestApp, data, OTHER_ORG, registerUser } from '#server-test/helper.ts';
import { makePost } from '#server/modules/community/test-fixtures.ts';
import { asActor, createCategory, createGoods } from '#server/modules/shop/test-fixtures.ts';
import { expectError, registerStaff } from '#server/modules/safety/test-fixtures.ts';

const app = await buildTestApp({ REGISTER_LIMIT_PER_IP: '1000' });
const moderator = await registerStaff(app, 'moderator');
const admin = await registerStaff(app, 'admin');
const otherAdmin = await registerStaff(app, 'admin', { org: OTHER_ORG });

const get = (actor: Actor, query: string) => app.inject({ method: 'GET', url: `/api/admin/audit?${query}`, headers: actor.headers });
const page = async (query: string, actor: Actor = moderator) => data<Page<AuditEntry>>(await get(actor, `limit=50&${query}`));
const lines = async (query: string, actor: Actor = moderator) => (await page(query, actor)).items;
const act = async (actor: Actor, method: 'POST' | 'PUT' | 'PATCH', url: string, payload: object) => data(await asActor(app, actor, method, url, payload));

// One world for every test: a decision, a ban and unban, a role granted, and shop edits on two goods.
const author = await registerUser(app);
const postId = await makePost(app, author);
await act(moderator, 'POST', `/api/admin/posts/${postId}/not-pass`, { reason: 'spam' });
await act(moderator, 'POST', `/api/admin/users/${author.id}/ban`, { reason: 'spam again', days: 1 });
await act(admin, 'POST', `/api/admin/users/${author.id}/unban`, { reason: 'appeal' });
await act(admin, 'PUT', `/api/admin/users/${moderator.id}/role`, { role: 'moderator', reason: 'keeps it' });
const category = await createCategory(app, admin);
const goods = await createGoods(app, admin, category.id);
const otherGoods = await createGoods(app, admin, category.id);
const variantId = goods.variants[0]!.id;
await act(admin, 'PATCH', `/api/admin/goods-variants/${variantId}`, { price: 17900 });
await act(admin, 'PATCH', `/api/admin/goods/${otherGoods.id}`, { model: 'pro-2' });

const everything = await lines('');

describe('filtering the audit log', () => {
  it('by kind: each kind answers only its actions, and together they answer everything', async () => {
    const seen: AuditEntry[] = [];
    for (const kind of ['decisions', 'bans', 'roles', 'shop'] as const) {
      const found = await lines(`kind=${kind}`);
      expect(found.length, kind).toBeGreaterThan(0);
      expect(found.every((l) => auditKindActions[kind].includes(l.action)), kind).toBe(true);
      seen.push(...found);
    }
    expect(seen.map((l) => l.id).sort()).toEqual(everything.map((l) => l.id).sort());
    expect((await lines('kind=bans')).map((l) => l.action)).toEqual(['unban', 'ban']);
  });

  it('by actor: only what that person did', async () => {
    const found = await lines(`actorId=${moderator.id}`);
    expect(found.map((l) => l.action)).toEqual(['ban', 'not_pass']);
    expect((await lines(`actorId=${moderator.id}&kind=bans`)).map((l) => l.action)).toEqual(['ban']);
    expect(await lines(`actorId=${author.id}`)).toEqual([]);
  });

  it('by target: a user, a post, or a goods with its variants, where the price changed', async () => {
    expect((await lines(`targetType=user&targetId=${author.id}`)).map((l) => l.action)).toEqual(['unban', 'ban']);
    expect((await lines(`targetType=post&targetId=${postId}`)).map((l) => l.action)).toEqual(['not_pass']);
    const history = await lines(`targetType=goods&targetId=${goods.id}`);
    expect(history.map((l) => l.action)).toEqual(['update_variant', 'create_variant', 'create_goods']);
    expect(history[0]!.detail).toMatchObject({ goodsId: goods.id, changed: ['price'], from: { price: 19900 }, to: { price: 17900 } });
    // Every line about users, whoever they are.
    expect((await lines('targetType=user')).map((l) => l.action)).toEqual(['grant_moderator', 'unban', 'ban']);
  });

  it('pages with the filters: the cursor walks the same lines a single page shows', async () => {
    const query = `targetType=goods&targetId=${goods.id}`;
    const walked: string[] = [];
    let cursor: string | null = null;
    do {
      const next: Page<AuditEntry> = data(await get(moderator, `limit=1&${query}${cursor ? `&cursor=${cursor}` : ''}`));
      walked.push(...next.items.map((l) => l.id));
      cursor = next.nextCursor;
    } while (cursor);
    expect(walked).toEqual((await lines(query)).map((l) => l.id));

    // A cursor read under other filters still means "older than that line": never a line out of place.
    const first: Page<AuditEntry> = data(await get(moderator, 'limit=1&kind=shop'));
    const older = await lines(`kind=bans&cursor=${first.nextCursor}`);
    expect(older.map((l) => l.action)).toEqual(['unban', 'ban']);
  });

  it('refuses filters it does not know, ids that are not ids, and a target id without its type', async () => {
    for (const query of ['kind=everything', 'actorId=abc', 'actorId=0', 'targetType=planet&targetId=1', `targetId=${postId}`, 'targetType=shop&targetId=1', 'targetType=post&targetId=-3']) {
      expectError(await get(moderator, query), 'validation_failed');
    }
  });

  it('is refused to members, and another organisation\'s admin finds none of ours', async () => {
    expectError(await get(author, `actorId=${moderator.id}`), 'forbidden');
    expectError(await get(await registerUser(app), 'kind=bans'), 'forbidden');
    expect(await lines(`actorId=${moderator.id}`, otherAdmin)).toEqual([]);
    expect(await lines(`targetType=goods&targetId=${goods.id}`, otherAdmin)).toEqual([]);
    expect(await lines(`targetType=user&targetId=${author.id}`, otherAdmin)).toEqual([]);
  });
});
