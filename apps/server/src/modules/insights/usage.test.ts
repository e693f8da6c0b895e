import { beforeAll, describe, expect, it } from 'vitest';
import type { Insights } from '@padhub/contracts';
import { insertPost } from '#server/modules/community/public.ts';
import { createCategory, createGoods, personWithRole } from '#server/modules/shop/test-fixtures.ts';
import { type Actor, buildTestApp, data, ORG, registerUser } from '#server-test/helper.ts';
import { addDays, dayOf } from './days.ts';
import { InsightsRollup } from './rollup.ts';

// One app for the file: what people do over real HTTP is what the page must count.
const app = await buildTestApp();
const today = dayOf(new Date());
let admin: Actor, people: Actor[], goodsId: string, hidden: string;

const call = (actor: Actor | null, method: 'GET' | 'POST', url: string, payload?: object) =>
  app.inject({ method, url, headers: { ...(actor ? actor.headers : { accorgid: ORG }), 'accept-language': 'en' }, ...(payload ? { payload } : {}) });
const search = (actor: Actor | null, q: string, cursor?: string) => call(actor, 'GET', `/api/posts?q=${encodeURIComponent(q)}${cursor ? `&cursor=${cursor}` : ''}`);
const insights = async (group: string) => data<Insights>(await call(admin, 'GET', `/api/admin/insights/${group}?range=7`));

beforeAll(async () => {
  admin = await personWithRole(app, 'admin');
  people = [];
  for (let i = 0; i < 4; i++) people.push(await registerUser(app));
  await insertPost(app.db, { orgId: ORG, authorId: admin.id, content: 'wireless gamepad review', lang: 'en' });
  const category = await createCategory(app, admin);
  goodsId = (await createGoods(app, admin, category.id)).id;
  hidden = (await createGoods(app, admin, category.id, { goods: { published: false } })).id;
});

describe('search words', () => {
  it('counts different people a day, and only words three of them searched', async () => {
    // Three people search "Gamepad" however they type it, one of them twice; two search a word nobody wrote.
    for (const [who, q] of [[0, 'Gamepad'], [1, ' gamepad '], [2, 'ＧＡＭＥＰＡＤ'], [2, 'gamepad'], [0, 'qwxz drift'], [1, 'qwxz  drift'], [3, 'secret']] as const) {
      expect((await search(people[who]!, q)).statusCode).toBe(200);
    }
    // Someone signed out, and a later page, are not searches counted.
    await search(null, 'qwxz drift');
    await new InsightsRollup(app.db, app.usage).keep();
    const body = await insights('search');
    expect(body.series).toEqual([]);
    expect(body.rankings).toEqual([
      { name: 'search.searches', items: [{ key: 'gamepad', label: 'gamepad', value: 3 }] },
      { name: 'search.no_results', items: [] },
    ]);
  });

  it('lists the words that found nothing once three people wanted them', async () => {
    await search(people[3]!, 'qwxz drift');
    await new InsightsRollup(app.db, app.usage).keep();
    const [searches, nothing] = (await insights('search')).rankings;
    expect(searches!.items.map((i) => [i.key, i.value])).toEqual([['gamepad', 3], ['qwxz drift', 3]]);
    expect(nothing!.items).toEqual([{ key: 'qwxz drift', label: 'qwxz drift', value: 3 }]);
  });

  it('purges the raw rows older than two days, and forgets a purged account at once', async () => {
    await app.db.query(`insert into insight_usage (org_id, kind, day, key, user_id) values ($1, 'search', $2, 'old words', $3)`, [ORG, addDays(today, -3), people[0]!.id]);
    await new InsightsRollup(app.db, app.usage).keep();
    const rows = await app.db.query<{ day: string }>(`select to_char(day, 'YYYY-MM-DD') as day from insight_usage where user_id = $1`, [people[0]!.id]);
    expect(rows.map((r) => r.day).sort()).toEqual([today, today]);
    const { forgetUsage } = await import('./recorder.ts');
    expect(await forgetUsage(app.db, people[0]!.id)).toBe(2);
    expect(await app.db.query('select 1 from insight_usage where user_id = $1', [people[0]!.id])).toEqual([]);
  });
});

describe('shop views and buy taps', () => {
  it('counts each goods once a person a day, by name, and refuses a tap on goods nobody may see', async () => {
    for (const who of [people[0]!, people[1]!, people[1]!]) expect((await call(who, 'GET', `/api/goods/${goodsId}`)).statusCode).toBe(200);
    await call(null, 'GET', `/api/goods/${goodsId}`);
    expect((await call(people[1]!, 'POST', `/api/goods/${goodsId}/buy-taps`)).statusCode).toBe(200);
    expect((await call(people[1]!, 'POST', `/api/goods/${goodsId}/buy-taps`)).statusCode).toBe(200);
    expect((await call(people[2]!, 'POST', `/api/goods/${hidden}/buy-taps`)).statusCode).toBe(404);
    expect((await call(null, 'POST', `/api/goods/${goodsId}/buy-taps`)).statusCode).toBe(401);
    expect((await call(people[2]!, 'POST', '/api/goods/abc/buy-taps')).statusCode).toBe(400);
    await new InsightsRollup(app.db, app.usage).keep();
    expect((await insights('shop')).rankings).toEqual([
      { name: 'shop.views', items: [{ key: goodsId, label: 'Controller', value: 2 }] },
      { name: 'shop.buys', items: [{ key: goodsId, label: 'Controller', value: 1 }] },
    ]);
  });
});

describe('watched-word hits', () => {
  it("counts members' texts that matched a rule, by its action, and not an admin's try", async () => {
    expect((await call(admin, 'POST', '/api/admin/watched-words', { word: 'cheatcode', action: 'block' })).statusCode).toBe(200);
    const post = await insertPost(app.db, { orgId: ORG, authorId: admin.id, content: 'x', lang: 'en' });
    for (const who of [people[0]!, people[1]!]) expect((await call(who, 'POST', `/api/posts/${post}/comments`, { content: 'my cheatcode' })).statusCode).toBe(422);
    expect((await call(admin, 'POST', '/api/admin/watched-words/test', { text: 'cheatcode' })).statusCode).toBe(200);
    await new InsightsRollup(app.db, app.usage).keep();
    const hits = (await insights('safety')).series.filter((s) => s.name === 'safety.watched_hits');
    expect(hits.map((s) => [s.dim, s.values.at(-1), s.current])).toEqual([['block', 2, 2]]);
  });
});

describe('top configurations and games', () => {
  it('ranks the range’s applied configurations and their games, by name', async () => {
    const [game] = await app.db.query<{ id: string }>(`insert into games (org_id, name, key) values ($1, 'Pad Racer', 'pad racer') returning id::text as id`, [ORG]);
    const config = async (name: string, gameId: string | null) =>
      (await app.db.query<{ id: string }>(`insert into configs (org_id, owner_id, model, kind, name, content, game_id) values ($1, $2, 'lite', 'mapping', $3, '{}', $4) returning id::text as id`, [ORG, admin.id, name, gameId]))[0]!.id;
    const [racing, drifting, plain] = [await config('Racing', game!.id), await config('Drifting', game!.id), await config('Plain', null)];
    const applied: [string, Actor, number][] = [[racing, people[1]!, 0], [racing, people[2]!, 1], [drifting, people[1]!, 0], [plain, people[1]!, 0], [plain, people[2]!, 0], [plain, people[3]!, 0], [racing, people[3]!, 20]];
    for (const [id, who, daysAgo] of applied) await app.db.query('insert into config_applies (config_id, user_id, created_at) values ($1, $2, $3)', [id, who.id, new Date(`${addDays(today, -daysAgo)}T00:30:00Z`)]);
    await new InsightsRollup(app.db).refresh(ORG, addDays(today, -30), today);
    // The week holds racing twice and drifting once (its game three times), plain three times; the apply of 20 days ago is another range's.
    expect((await insights('configs')).rankings).toEqual([
      { name: 'configs.top', items: [{ key: plain, label: 'Plain', value: 3 }, { key: racing, label: 'Racing', value: 2 }, { key: drifting, label: 'Drifting', value: 1 }] },
      { name: 'configs.top_games', items: [{ key: game!.id, label: 'Pad Racer', value: 3 }] },
    ]);
  });
});

describe('the apply funnel', () => {
  it('counts opened, applied and kept once a person and configuration a day, as the raw rows say', async () => {
    const body = { model: 'lite', kind: 'mapping', name: 'Funnel', content: { layers: [{ name: 'Base', shift: null, bindings: [{ input: 'a', output: { type: 'button', button: 'b' } }] }] } };
    const config = data<{ id: string }>(await call(admin, 'POST', '/api/configs', body)).id;
    const unshared = data<{ id: string }>(await call(admin, 'POST', '/api/configs', { ...body, name: 'Mine only' })).id;
    await insertPost(app.db, { orgId: ORG, authorId: admin.id, content: 'my layout', lang: 'en', configIds: [config] });
    const [p0, p1, p2, p3] = people as [Actor, Actor, Actor, Actor];
    // Three people open it (one twice, and someone signed out); p0 keeps what they applied, p1 undoes it,
    // p2 taps Undo without an apply of theirs, p3 applies from the controller app without opening the page.
    for (const who of [p0, p0, p1, p2]) expect((await call(who, 'GET', `/api/configs/${config}`)).statusCode).toBe(200);
    expect((await call(null, 'GET', `/api/configs/${config}`)).statusCode).toBe(200);
    for (const who of [p0, p1, p1, p3]) expect((await call(who, 'POST', `/api/configs/${config}/applies`)).statusCode).toBe(200);
    for (const who of [p1, p1, p2]) expect((await call(who, 'POST', `/api/configs/${config}/undo-apply`)).statusCode).toBe(200);
    expect((await call(null, 'POST', `/api/configs/${config}/undo-apply`)).statusCode).toBe(401);
    expect((await call(p0, 'POST', `/api/configs/${unshared}/undo-apply`)).statusCode).toBe(404);
    expect((await call(p0, 'POST', '/api/configs/abc/undo-apply')).statusCode).toBe(400);
    await new InsightsRollup(app.db, app.usage).keep();

    const funnel = (await insights('configs')).series.filter((s) => s.name === 'configs.funnel');
    expect(funnel.map((s) => [s.dim, s.values.at(-1), s.current])).toEqual([['opened', 3, 3], ['applied', 3, 3], ['kept', 2, 2]]);
    // The same figures counted from the raw rows of the day.
    const [raw] = await app.db.query<{ opened: number; applied: number; kept: number }>(
      `select (select count(*)::int from insight_usage where org_id = $1 and kind = 'config_open' and day = $2) as opened,
              (select count(*)::int from config_apply_days where config_id = $3 and day = $2) as applied,
              (select count(*)::int from config_apply_days a where a.config_id = $3 and a.day = $2 and not exists (
                 select 1 from insight_usage u where u.kind = 'config_undo' and u.key = a.config_id::text and u.user_id = a.user_id and u.day = a.day)) as kept`,
      [ORG, today, config],
    );
    expect(funnel.map((s) => s.values.at(-1))).toEqual([raw!.opened, raw!.applied, raw!.kept]);
  });
});
