import { describe, expect, it } from 'vitest';
import type { Media, Post } from '@padhub/contracts';
import { buildTestApp, data, ORG, OTHER_ORG } from '#server-test/helper.ts';

// SEED on: the demo data of an embedded start, community included.
const app = await buildTestApp({ SEED: '1' });
const headers = (lang: string, org = ORG) => ({ accorgid: org, 'accept-language': lang });

async function count(sql: string, params: unknown[] = []) {
  const [row] = await app.db.query<{ n: number }>(sql, params);
  return row!.n;
}

describe('community seed', () => {
  it('fills the padhub feed in all four languages, newest first, across the controller models', async () => {
    for (const lang of ['cn', 'en', 'jp', 'ko']) {
      const page = data<{ items: Post[]; nextCursor: string | null }>(await app.inject({ method: 'GET', url: '/api/posts', headers: headers(lang) }));
      expect(page.items).toHaveLength(20);
      expect(page.nextCursor).not.toBeNull();
      const times = page.items.map((p) => Date.parse(p.createdAt));
      expect(times).toEqual([...times].sort((a, b) => b - a));
    }
    expect(await count(`select count(*)::int as n from posts where org_id = $1`, [ORG])).toBeGreaterThanOrEqual(300);
    expect(await count(`select count(distinct model)::int as n from posts where org_id = $1`, [ORG])).toBe(4);
    expect(await count(`select count(distinct author_id)::int as n from posts where org_id = $1`, [ORG])).toBeGreaterThanOrEqual(15);
  });

  it('gives ids in the order of time', async () => {
    expect(await count(`select count(*)::int as n from posts a join posts b on a.id < b.id and a.created_at > b.created_at`)).toBe(0);
    expect(await count(`select count(*)::int as n from comments a join comments b on a.id < b.id and a.created_at > b.created_at`)).toBe(0);
    expect(await count(`select count(*)::int as n from posts where created_at > now()`)).toBe(0);
  });

  it('keeps every counter equal to its rows', async () => {
    expect(await count(`select count(*)::int as n from posts p where like_count <> (select count(*) from post_likes l where l.post_id = p.id)
      or favourite_count <> (select count(*) from post_favourites f where f.post_id = p.id)
      or comment_count <> (select count(*) from comments c where c.post_id = p.id and c.deleted_at is null)`)).toBe(0);
    expect(await count(`select count(*)::int as n from comments c where c.root_id is null
      and reply_count <> (select count(*) from comments r where r.root_id = c.id and r.deleted_at is null)`)).toBe(0);
    expect(await count('select count(*)::int as n from post_likes')).toBeGreaterThan(300);
    expect(await count('select count(*)::int as n from post_favourites')).toBeGreaterThan(50);
  });

  it('has posts with many comments, long reply threads and a deleted comment that keeps its place', async () => {
    expect(await count(`select count(*)::int as n from posts where comment_count >= 30`)).toBeGreaterThanOrEqual(3);
    expect(await count(`select max(reply_count)::int as n from comments`)).toBeGreaterThanOrEqual(15);
    const [deleted] = await app.db.query<{ id: string; post_id: string }>(
      `select id, post_id from comments where deleted_at is not null and root_id is null and reply_count > 0 limit 1`,
    );
    const list = data(await app.inject({ method: 'GET', url: `/api/posts/${deleted!.post_id}/comments`, headers: headers('cn'), query: { limit: '50' } }));
    expect(list.items.find((c: { id: string }) => c.id === deleted!.id)).toMatchObject({ deleted: true, content: '' });
    const thread = data(await app.inject({ method: 'GET', url: `/api/comments/${deleted!.id}/replies`, headers: headers('cn') }));
    expect(thread.items.length).toBeGreaterThan(0);
  });

  it('finds the common two-character words in the seeded Chinese posts', async () => {
    const page = data(await app.inject({ method: 'GET', url: '/api/posts', headers: headers('cn'), query: { q: '手柄' } }));
    expect(page.items.length).toBeGreaterThan(0);
    expect(page.items.every((p: Post) => p.content.includes('手柄'))).toBe(true);
  });

  it('lets the demo account log in and see every review status on its own page', async () => {
    const login = data(await app.inject({ method: 'POST', url: '/api/auth/login', headers: { accorgid: ORG }, payload: { username: 'demo', password: 'padhub-demo' } }));
    const mine = data(await app.inject({ method: 'GET', url: '/api/me/posts', headers: { accorgid: ORG, token: login.token }, query: { limit: '50' } }));
    expect(new Set(mine.items.map((p: Post) => p.reviewStatus))).toEqual(new Set(['passed', 'pending', 'not_passed']));
  });

  it('leaves open reports for the moderator to work: one post reported by three people in one case', async () => {
    const login = data(await app.inject({ method: 'POST', url: '/api/auth/login', headers: { accorgid: ORG }, payload: { username: 'moderator', password: 'padhub-demo' } }));
    const queue = data(await app.inject({ method: 'GET', url: '/api/admin/reports', headers: { accorgid: ORG, token: login.token } }));
    expect(queue.items.length).toBeGreaterThanOrEqual(3);
    expect(queue.items.some((c: { targetType: string }) => c.targetType === 'comment')).toBe(true);
    expect(Math.max(...queue.items.map((c: { reports: unknown[] }) => c.reports.length))).toBe(3);
    // The demo account sees its own report as received.
    const demo = data(await app.inject({ method: 'POST', url: '/api/auth/login', headers: { accorgid: ORG }, payload: { username: 'demo', password: 'padhub-demo' } }));
    const mine = data(await app.inject({ method: 'GET', url: '/api/me/reports', headers: { accorgid: ORG, token: demo.token } }));
    expect(mine.items.map((r: { status: string }) => r.status)).toEqual(['received']);
  });

  it('gives a good share of the posts, in every language, 1 to 9 real pictures under their authors\' prefixes', async () => {
    const rows = await app.db.query<{ lang: string; author_id: string; media: Media[] }>(
      `select lang, author_id, media from posts where org_id = $1 and jsonb_array_length(media) > 0`,
      [ORG],
    );
    expect(rows.length).toBeGreaterThan(60);
    expect(new Set(rows.map((r) => r.lang))).toEqual(new Set(['cn', 'en', 'jp', 'ko']));
    expect(Math.max(...rows.map((r) => r.media.length))).toBeLessThanOrEqual(9);
    const sample = rows.slice(0, 15).flatMap((r) => r.media.map((m) => ({ ...m, author: r.author_id })));
    for (const item of sample) {
      expect(item.path.startsWith(`u/${ORG}/${item.author}/post/`)).toBe(true);
      expect(item).toMatchObject({ kind: 'image', thumb: expect.any(String), preview: expect.any(String), width: expect.any(Number) });
      const original = await app.storage.store.get(item.path, { start: 0, end: 2 });
      expect([...Buffer.concat(await original!.body.toArray())]).toEqual([0xff, 0xd8, 0xff]);
      expect((await app.storage.store.head(item.thumb!))?.contentType).toBe('image/webp');
    }
    const feed = data<{ items: Post[] }>(await app.inject({ method: 'GET', url: '/api/posts', headers: headers('jp'), query: { limit: '50' } }));
    expect(feed.items.some((p) => p.media.length > 0)).toBe(true);
  });

  it('puts a handful of posts in the other organisation, apart', async () => {
    const page = data(await app.inject({ method: 'GET', url: '/api/posts', headers: headers('en', OTHER_ORG) }));
    expect(page.items.length).toBeGreaterThan(0);
    expect(await count(`select count(*)::int as n from posts where org_id = $1`, [OTHER_ORG])).toBeLessThan(10);
    expect(await count(`select count(*)::int as n from comments c join posts p on p.id = c.post_id where c.org_id <> p.org_id`)).toBe(0);
  });
});
