import { describe, expect, it } from 'vitest';
import type { Lang, Post } from '@padhub/contracts';
import { buildTestApp, data, OTHER_ORG, registerUser } from '#server-test/helper.ts';
import { insertPosts, type NewPost } from './posts-repo.ts';
import { matchesStatement } from './search-statements.ts';
import { searchQuery } from './search-text.ts';
import { as, makePost } from './test-fixtures.ts';

const app = await buildTestApp();
const alice = await registerUser(app);
const stranger = await registerUser(app, { org: OTHER_ORG });

async function search(q: string, lang: Lang, headers = as(alice, lang), extra: Record<string, string> = {}) {
  const res = await app.inject({ method: 'GET', url: '/api/posts', headers, query: { q, ...extra } });
  return data<{ items: Post[]; nextCursor: string | null }>(res).items.map((p) => p.id);
}

const cn = await makePost(app, alice, { lang: 'cn', content: '这个手柄的宏配置很好用，推荐给大家' });
const cnOther = await makePost(app, alice, { lang: 'cn', content: '新买的手机壳到了' });
const jp = await makePost(app, alice, { lang: 'jp', content: 'このコントローラーのマクロ設定、とても便利でした！' });
const ko = await makePost(app, alice, { lang: 'ko', content: '새 컨트롤러를 샀는데 버튼 매핑이 정말 편해요' });
const en = await makePost(app, alice, { lang: 'en', content: 'My Elite X macro setup for Street Fighter 6' });
const enCjk = await makePost(app, alice, { lang: 'en', content: 'Learning the word 手柄 today' });
const foreign = await makePost(app, stranger, { lang: 'cn', content: '另一个组织的手柄宏配置' });

describe('search in GET /api/posts?q=', () => {
  it('finds a two-character Chinese word inside running text', async () => {
    expect(await search('手柄', 'cn')).toEqual([cn]);
  });

  it('finds longer Chinese phrases only where their characters stand together', async () => {
    expect(await search('宏配置', 'cn')).toEqual([cn]);
    expect(await search('手柄的宏', 'cn')).toEqual([cn]);
    expect(await search('手的', 'cn')).toEqual([]);
    expect(await search('手机', 'cn')).toEqual([cnOther]);
  });

  it('finds a single character anywhere in a run, even at its end', async () => {
    expect(await search('宏', 'cn')).toEqual([cn]);
    expect((await search('家', 'cn'))).toEqual([cn]);
  });

  it('finds Japanese katakana inside longer text', async () => {
    expect(await search('コントローラー', 'jp')).toEqual([jp]);
    expect(await search('マクロ', 'jp')).toEqual([jp]);
    expect(await search('ｺﾝﾄﾛｰﾗｰ', 'jp')).toEqual([jp]);
  });

  it('finds Korean words with particles attached', async () => {
    expect(await search('컨트롤러', 'ko')).toEqual([ko]);
    expect(await search('매핑', 'ko')).toEqual([ko]);
  });

  it('finds English words without regard to case, the last one as a prefix', async () => {
    expect(await search('MACRO', 'en')).toEqual([en]);
    expect(await search('street fig', 'en')).toEqual([en]);
    // Newest first lists posts with every word; best match first adds those with some, after them.
    expect(await search('elite tekken', 'en', as(alice, 'en'), { sort: 'new' })).toEqual([]);
    expect(await search('elite tekken', 'en')).toEqual([en]);
  });

  it('stays inside the organisation and the content language', async () => {
    expect(await search('手柄', 'en')).toEqual([enCjk]);
    expect(await search('手柄', 'cn', as(stranger, 'cn'))).toEqual([foreign]);
    expect(await search('另一个组织', 'cn')).toEqual([]);
  });

  it('takes quotes, backslashes and operators as plain text', async () => {
    for (const q of ["it's", 'a\\b', "'&|!<->:*", '手柄 & | !']) {
      const res = await app.inject({ method: 'GET', url: '/api/posts', headers: as(alice, 'en'), query: { q } });
      expect(res.statusCode).toBe(200);
    }
    expect(await search('!!!', 'cn')).toEqual([]);
  });

  it('combines with the popular order and the model filter', async () => {
    const model = 'search-model';
    const a = await makePost(app, alice, { lang: 'cn', content: '摇杆漂移怎么办', model });
    const b = await makePost(app, alice, { lang: 'cn', content: '摇杆手感很好', model });
    await app.db.query('update posts set like_count = 5 where id = $1', [a]);
    expect(await search('摇杆', 'cn', as(alice, 'cn'), { sort: 'popular', model })).toEqual([a, b]);
    expect(await search('摇杆', 'cn', as(alice, 'cn'), { model: 'pro-2' })).toEqual([]);
  });
});

it('answers a hundred characters in four scripts once the statistics hold the posts (their product of shares no longer underflows)', async () => {
  await app.db.exec('analyze posts');
  const long = '这个手柄的宏配置很好用推荐给大家新买的手机壳到了 Elite X macro setup このコントローラーのマクロ設定とても便利 새 컨트롤러를 샀는데 버튼 매핑이 정말 편해요 一二三四五六七八九十';
  const res = await app.inject({ method: 'GET', url: '/api/posts', headers: as(alice, 'cn'), query: { q: long.slice(0, 100) } });
  expect(data<{ items: Post[] }>(res).items).toEqual([]);
});

describe('the search index', () => {
  it('serves a two-character query from the GIN index on a few thousand posts', async () => {
    const words = ['按键', '映射', '连发', '蓝牙', '延迟', '续航', '震动', '扳机', '固件', '游戏', '设置', '灵敏度'];
    const posts: NewPost[] = Array.from({ length: 4000 }, (_, i) => ({
      orgId: alice.org,
      authorId: alice.id,
      lang: 'cn',
      content: `${words[i % words.length]}的${words[(i * 7) % words.length]}和${words[(i * 5 + 3) % words.length]}，第${i}次分享`,
    }));
    for (let i = 0; i < 5; i++) posts.push({ orgId: alice.org, authorId: alice.id, lang: 'cn', content: `背键宏的设置 ${i}` });
    await insertPosts(app.db, posts);
    await app.db.exec('analyze posts');

    // Five matches in four thousand: the search's second pass, on the text index (search-repo.ts).
    const statement = matchesStatement({ orgId: alice.org, lang: 'cn', viewerId: null, sort: 'new', search: searchQuery('背键')!, limit: 20 });
    const plan = await app.db.tx(async (q) => {
      await q.query('set local enable_seqscan = off');
      return (await q.query<{ 'QUERY PLAN': string }>(`explain ${statement.text}`, statement.values)).map((r) => r['QUERY PLAN']).join('\n');
    });
    // search_matches (migration 029) asks the Chinese text index; search-shapes.test.ts reads its plan.
    expect(statement.text).toContain(`search_matches($1, 'cn'`);
    expect(plan).toContain('Function Scan on search_matches');
    expect(await search('背键', 'cn')).toHaveLength(5);
  });
});
