import { describe, expect, it } from 'vitest';
import { type ConfigCard, type Post, configInputSchema, limits } from '@padhub/contracts';
import { buildTestApp, data, ORG, OTHER_ORG } from '#server-test/helper.ts';

// SEED on: the demo data of an embedded start.
const app = await buildTestApp({ SEED: '1' });

/** How many of each value (Node 20 has no Map.groupBy). */
function tally(values: string[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const value of values) counts.set(value, (counts.get(value) ?? 0) + 1);
  return counts;
}

async function login(username: string, org = ORG) {
  const session = data(await app.inject({ method: 'POST', url: '/api/auth/login', headers: { accorgid: org }, payload: { username, password: 'padhub-demo' } }));
  return { accorgid: org, token: session.token as string, 'accept-language': 'cn' };
}

describe('configuration seed', () => {
  it('names a game on every configuration, and shares configurations on posts of every language', async () => {
    const [nameless] = await app.db.query<{ n: number }>('select count(*)::int as n from configs where game_id is null');
    expect(nameless!.n).toBe(0);
    const langs = await app.db.query<{ lang: string }>(
      `select distinct p.lang from posts p where p.org_id = $1 and cardinality(p.config_ids) > 0 and p.review_status = 'passed' order by p.lang`,
      [ORG],
    );
    expect(langs.map((l) => l.lang)).toEqual(['cn', 'en', 'jp', 'ko']);
    const hub = data<{ items: { game: string | null; appliedCount: number }[] }>(
      await app.inject({ method: 'GET', url: '/api/configs/shared?limit=50', headers: { accorgid: ORG } }),
    );
    expect(hub.items.length).toBeGreaterThanOrEqual(8);
    expect(hub.items.every((c) => c.game !== null)).toBe(true);
  });

  it('names the games in four languages with aliases, and the hub finds them by any', async () => {
    const suggest = async (q: string) =>
      data<{ items: { name: string; names: Record<string, string | null> }[] }>(await app.inject({ method: 'GET', url: '/api/games', headers: { accorgid: ORG }, query: { q } })).items;
    expect((await suggest('elden'))[0]).toMatchObject({ name: 'Elden Ring', names: { cn: '艾尔登法环', jp: 'エルデンリング', ko: '엘든 링' } });
    expect((await suggest('ＳＦ６'))[0]!.name).toBe('Street Fighter 6');
    expect((await suggest('原神'))[0]!.name).toBe('Genshin Impact');
    expect((await suggest('파이터'))[0]!.name).toBe('Street Fighter 6');
    for (const game of ['エルデンリング', 'sf6', '원신']) {
      const hub = data<{ items: { game: string }[] }>(await app.inject({ method: 'GET', url: '/api/configs/shared', headers: { accorgid: ORG }, query: { game } }));
      expect(hub.items.length, game).toBeGreaterThan(0);
    }
  });

  it('gives the demo account several configurations for at least three models, six for one', async () => {
    const mine = data<{ items: ConfigCard[] }>(await app.inject({ method: 'GET', url: '/api/configs?limit=50', headers: await login('demo') }));
    const perModel = tally(mine.items.map((c) => c.model));
    expect(perModel.size).toBeGreaterThanOrEqual(3);
    expect(perModel.get('pro-2')).toBe(6);
    expect(new Set(mine.items.map((c) => c.kind))).toEqual(new Set(['mapping', 'macro']));
    expect(mine.items.find((c) => c.basedOn)).toMatchObject({ name: 'Halo Infinite: four paddles', basedOn: { author: { username: 'maxpad' } } });
  });

  it('stores only configurations that pass the same checks as the API', async () => {
    const rows = await app.db.query<{ model: string; kind: string; name: string; content: unknown; configuration_list: unknown }>(
      'select model, kind, name, content, configuration_list from configs',
    );
    expect(rows.length).toBeGreaterThan(20);
    for (const row of rows) {
      const body = { model: row.model, kind: row.kind, name: row.name, ...(row.content ? { content: row.content } : { configurationList: row.configuration_list }) };
      expect(configInputSchema.safeParse(body).error?.issues ?? [], row.name).toEqual([]);
    }
  });

  it('puts them on posts as the posting rules allow, Chinese ones among them', async () => {
    const posts = await app.db.query<{ id: string; author_id: string; owners: string[]; models: string[] }>(
      `select p.id, p.author_id, array_agg(c.owner_id::text) as owners, array_agg(c.model) as models
       from posts p join configs c on c.id = any (p.config_ids) where p.org_id = $1 group by p.id`,
      [ORG],
    );
    expect(posts.length).toBeGreaterThanOrEqual(8);
    for (const post of posts) {
      expect(new Set(post.owners)).toEqual(new Set([post.author_id]));
      for (const count of tally(post.models).values()) expect(count).toBeLessThanOrEqual(limits.configsPerModelPerPost);
    }
    const feed = data<{ items: Post[] }>(await app.inject({ method: 'GET', url: '/api/posts?hasConfigs=true', headers: { accorgid: ORG, 'accept-language': 'cn' } }));
    expect(feed.items.length).toBeGreaterThan(0);
    const cards = data<{ items: ConfigCard[] }>(await app.inject({ method: 'GET', url: `/api/posts/${feed.items[0]!.id}/configs`, headers: { accorgid: ORG } }));
    expect(cards.items.length).toBe(feed.items[0]!.configs.length);
  });

  it('keeps apply, like and save counts equal to their rows, and the other organisation apart', async () => {
    const [wrong] = await app.db.query<{ n: number }>(
      `select count(*)::int as n from configs c where apply_count < (select count(*) from config_applies a where a.config_id = c.id)
         or applied_30d <> (select count(*) from config_apply_days d where d.config_id = c.id)
         or like_count <> (select count(*) from config_likes l where l.config_id = c.id)
         or save_count <> (select count(*) from config_saves s where s.config_id = c.id)`,
    );
    expect(wrong!.n).toBe(0);
    const [applied] = await app.db.query<{ n: number }>('select count(*)::int as n from configs where apply_count > 0');
    expect(applied!.n).toBeGreaterThan(5);
    const theirs = data<{ items: ConfigCard[] }>(await app.inject({ method: 'GET', url: '/api/configs', headers: await login('demo', OTHER_ORG) }));
    expect(theirs.items.map((c) => c.model)).toEqual(['lite']);
  });
});
