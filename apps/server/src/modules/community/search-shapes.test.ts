import { describe, expect, it } from 'vitest';
import type { Lang, Post } from '@padhub/contracts';
import { buildTestApp, data, registerUser } from '#server-test/helper.ts';
import { insertPosts, type NewPost } from './posts-repo.ts';
import { SearchRepo, matchesStatement, surveyStatement, windowStatement } from './search-repo.ts';
import { searchQuery } from './search-text.ts';
import { as } from './test-fixtures.ts';

const app = await buildTestApp({ REGISTER_LIMIT_PER_IP: '1000' });
const alice = await registerUser(app);
const langs: Lang[] = ['cn', 'en', 'jp', 'ko'];
const tail = ['一', '二', '三', '四', '五', '六', '七'];

/**
 * Four thousand posts, a thousand a language: a common word in every post of its language, a
 * katakana word in half the Japanese ones, a Hangul word in a third of the Korean ones, a word in
 * both scripts in a tenth of the Japanese ones and a rare word in three English ones.
 */
function content(i: number, lang: Lang): string {
  const n = tail[i % tail.length];
  if (lang === 'cn') return `这个手柄的第${n}种设置`;
  if (lang === 'en') return i % 1300 === 5 ? `stick layout quokkadrift ${n}` : `stick layout number ${n}`;
  if (lang === 'jp') return `${i % 8 < 4 ? 'マクロ設定' : 'コントローラー'}${i % 40 < 4 ? ' macro' : ''} ${n}`;
  return `${i % 3 === 0 ? '매크로 설정' : '컨트롤러 설정'} ${n}`;
}
const posts: NewPost[] = Array.from({ length: 4000 }, (_, i) => {
  const lang = langs[i % 4]!;
  return { orgId: alice.org, authorId: alice.id, lang, content: content(i, lang) };
});
const ids = await insertPosts(app.db, posts);
for (const [i, id] of ids.entries()) if (i % 7 === 0) await app.db.query('update posts set like_count = $2 where id = $1', [id, i % 5]);
await app.db.exec('analyze posts');
const scores = new Map((await app.db.query<{ id: string; score: number }>('select id, score from posts where org_id = $1', [alice.org])).map((r) => [r.id, r.score]));

/** The matching posts in feed order, worked out here from the texts (a CJK run and a word are substrings of these). */
function expected(terms: string[], lang: Lang, sort: 'new' | 'popular') {
  const found = ids.filter((_, i) => posts[i]!.lang === lang && terms.every((t) => posts[i]!.content.toLowerCase().includes(t)));
  const byId = (a: string, b: string) => Number(b) - Number(a);
  return found.sort(sort === 'new' ? byId : (a, b) => scores.get(b)! - scores.get(a)! || byId(a, b));
}

async function allPages(q: string, lang: Lang, sort: 'new' | 'popular', limit: number) {
  const seen: string[] = [];
  let cursor: string | null = null;
  do {
    const query: Record<string, string> = { q, sort, limit: String(limit), ...(cursor ? { cursor } : {}) };
    const page: { items: Post[]; nextCursor: string | null } = data(await app.inject({ method: 'GET', url: '/api/posts', headers: as(alice, lang), query }));
    seen.push(...page.items.map((p) => p.id));
    cursor = page.nextCursor;
  } while (cursor && seen.length < 120);
  return seen;
}

const shapes: { name: string; q: string; terms: string[]; lang: Lang }[] = [
  { name: 'a common word', q: 'stick', terms: ['stick'], lang: 'en' },
  { name: 'a rare word', q: 'quokkadrift', terms: ['quokkadrift'], lang: 'en' },
  { name: 'two Chinese characters', q: '手柄', terms: ['手柄'], lang: 'cn' },
  { name: 'a katakana word', q: 'マクロ', terms: ['マクロ'], lang: 'jp' },
  { name: 'a Hangul word', q: '매크로', terms: ['매크로'], lang: 'ko' },
  { name: 'words in two scripts', q: 'マクロ macro', terms: ['マクロ', 'macro'], lang: 'jp' },
];

describe('search finds the same posts whichever pass answers it', () => {
  for (const shape of shapes) {
    it(`${shape.name}: newest and popular first, page by page`, async () => {
      for (const sort of ['new', 'popular'] as const) {
        const want = expected(shape.terms, shape.lang, sort).slice(0, 120);
        expect(want.length, shape.name).toBeGreaterThan(0);
        expect(await allPages(shape.q, shape.lang, sort, 40), `${shape.name}, ${sort}`).toEqual(want);
      }
    });
  }

  it('through every pass (the text index alone, the window, the window then the index), and counts the other languages', async () => {
    // [window, rare]: rare 0 never takes the few matches alone; a window of 50 holds too few matches for most shapes.
    const passes = [[50, 0], [5000, 0], [50, 5000]] as const;
    for (const shape of shapes) {
      for (const [window, rare] of passes) {
        for (const sort of ['new', 'popular'] as const) {
          const want = expected(shape.terms, shape.lang, sort);
          const from = async (start: number) => {
            // The second page starts after the 20th post: its keys are the cursor.
            const last = want[start - 1];
            const after = last === undefined ? undefined : sort === 'new' ? [last] : [String(scores.get(last)), last];
            const filter = { orgId: alice.org, lang: shape.lang, viewerId: null, sort, after, search: searchQuery(shape.q)!, limit: 20 };
            return (await app.db.tx((q) => new SearchRepo(q, window, rare).search(filter))).rows.map((r) => r.id);
          };
          expect(await from(0), `${shape.name}, ${sort}, window ${window}, rare ${rare}`).toEqual(want.slice(0, 21));
          if (want.length > 20) expect(await from(20), `${shape.name}, ${sort}, page 2, window ${window}, rare ${rare}`).toEqual(want.slice(20, 41));
        }
      }
    }
    // The feed's other filters hold in every pass (no post here has a configuration or a model).
    for (const [window, rare] of passes) {
      const base = { orgId: alice.org, lang: 'en' as const, viewerId: alice.id, sort: 'popular' as const, search: searchQuery('quokkadrift')!, limit: 20 };
      const ids = async (extra: object) => (await app.db.tx((q) => new SearchRepo(q, window, rare).search({ ...base, ...extra }))).rows.map((r) => r.id);
      expect(await ids({ hasConfigs: false }), `window ${window}, rare ${rare}`).toEqual(expected(['quokkadrift'], 'en', 'popular'));
      expect(await ids({ hasConfigs: true })).toEqual([]);
      expect(await ids({ model: 'pro-2' })).toEqual([]);
      expect(await ids({ following: true })).toEqual([]);
    }
    for (const [window, rare] of passes) {
      const found = await app.db.tx((q) =>
        new SearchRepo(q, window, rare).search({ orgId: alice.org, lang: 'cn', viewerId: null, sort: 'new', search: searchQuery('macro')!, limit: 20 }, 1000),
      );
      expect(found.otherLanguages).toBe(100);
      // …and "1000 or more" stops at the most the page may say.
      const stick = await app.db.tx((q) =>
        new SearchRepo(q, window, rare).search({ orgId: alice.org, lang: 'cn', viewerId: null, sort: 'new', search: searchQuery('stick')!, limit: 20 }, 600),
      );
      expect(stick.otherLanguages).toBe(600);
    }
  });
});

const explain = (statement: { text: string; values: unknown[] }) =>
  app.db.tx(async (q) => {
    // As SearchRepo runs the second pass.
    await q.query('set local enable_seqscan = off');
    return (await q.query<{ 'QUERY PLAN': string }>(`explain ${statement.text}`, statement.values)).map((r) => r['QUERY PLAN']).join('\n');
  });

describe('every shape of query runs on an index', () => {
  for (const shape of shapes) {
    it(shape.name, async () => {
      for (const sort of ['new', 'popular'] as const) {
        const filter = { orgId: alice.org, lang: shape.lang, viewerId: alice.id, sort, search: searchQuery(shape.q)!, limit: 20 };
        // The first pass reads the window from the feed's own index, whatever the word. (On a
        // thousand posts a language the planner may read them all and sort them for "popular";
        // on a million it walks the popular index: docs/search.md.)
        const walk = windowStatement(filter, 200);
        const walked = (await app.db.query<{ 'QUERY PLAN': string }>(`explain ${walk.text}`, walk.values)).map((r) => r['QUERY PLAN']).join('\n');
        expect(walked, `${shape.name}, ${sort}`).toMatch(/posts_feed_(new|popular)_idx/);
        expect(walked, `${shape.name}, ${sort}`).not.toMatch(/Seq Scan on posts/);
        // The second pass asks the language's text index for the matches (migration 022).
        expect(await explain(matchesStatement(filter)), `${shape.name}, ${sort}`).toMatch(new RegExp(`Bitmap Index Scan on posts_search_${shape.lang}_idx`));
      }
    });
  }
});

it('every language at once asks the text index of every language', async () => {
  const filter = { orgId: alice.org, lang: 'all' as const, viewerId: null, sort: 'new' as const, search: searchQuery('quokkadrift')!, limit: 20 };
  expect(await explain(matchesStatement(filter))).toMatch(/Bitmap Index Scan on posts_search_idx/);
});

describe('which pass a search takes, by what the data holds', () => {
  /** The statements one first-page search issues, with its other-languages count. */
  async function issued(q: string, lang: Lang) {
    const statements: string[] = [];
    const filter = { orgId: alice.org, lang, viewerId: null, sort: 'new' as const, search: searchQuery(q)!, limit: 20 };
    const found = await app.db.tx((tx) =>
      new SearchRepo({ query: (sql, params) => (statements.push(sql), tx.query(sql, params)) }).search(filter, 1000),
    );
    // As the probe runs inside the survey: EXPLAIN ANALYZE says whether the language's text index was read.
    const survey = surveyStatement(filter, 1000);
    const plan = await app.db.tx(async (tx) => {
      await tx.query('set local enable_seqscan = off');
      return (await tx.query<{ 'QUERY PLAN': string }>(`explain analyze ${survey.text}`, survey.values)).map((r) => r['QUERY PLAN']).join('\n');
    });
    const probe = new RegExp(`Bitmap Index Scan on posts_search_${lang}_idx[^\n]*\\(never executed\\)`);
    return { found, walked: statements.some((sql) => sql.includes('row_number()')), probed: !probe.test(plan), statements };
  }

  it('a rare word: the text index alone answers, and no window of the feed is walked', async () => {
    const rare = await issued('quokkadrift', 'en');
    expect(rare.walked).toBe(false);
    expect(rare.probed).toBe(true);
    // The setting, the survey (statistics, probe, other languages), the page.
    expect(rare.statements).toHaveLength(3);
    expect(rare.found.rows.map((r) => r.id)).toEqual(expected(['quokkadrift'], 'en', 'new'));
    expect(rare.found.otherLanguages).toBe(0);
  });

  it('a common word: the statistics send it to the walk, without building the text index\'s bitmap', async () => {
    const common = await issued('stick', 'en');
    expect(common.walked).toBe(true);
    expect(common.probed).toBe(false);
    expect(common.found.rows.map((r) => r.id)).toEqual(expected(['stick'], 'en', 'new').slice(0, 21));
  });
});

it('every pass leaves out the posts of an author the viewer blocked, though the walk checks authors on its hits only', async () => {
  const carol = await registerUser(app);
  const dave = await registerUser(app);
  // The newest English posts, all matching: the walk meets them first.
  await insertPosts(app.db, Array.from({ length: 30 }, (_, i) => ({ orgId: alice.org, authorId: dave.id, lang: 'en' as const, content: `stick by dave ${i} quokkadrift` })));
  data(await app.inject({ method: 'PUT', url: `/api/blocks/${dave.id}`, headers: carol.headers }));
  const search = (viewerId: string, q: string, window: number, rare: number) =>
    app.db.tx((tx) => new SearchRepo(tx, window, rare).search({ orgId: alice.org, lang: 'en', viewerId, sort: 'new', search: searchQuery(q)!, limit: 20 }));
  for (const [window, rare] of [[50, 0], [5000, 0], [50, 5000]] as const) {
    for (const q of ['stick', 'quokkadrift']) {
      const seen = (await search(carol.id, q, window, rare)).rows.map((r) => r.id);
      expect(seen, `${q}, window ${window}, rare ${rare}`).toEqual(expected([q], 'en', 'new').slice(0, 21));
      // Alice has blocked nobody: dave's posts come first for her.
      expect((await search(alice.id, q, window, rare)).rows.some((r) => r.author_id === dave.id)).toBe(true);
    }
  }
});
