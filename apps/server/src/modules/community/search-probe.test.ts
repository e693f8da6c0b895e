import { describe, expect, it } from 'vitest';
import type { Lang } from '@padhub/contracts';
import type { Queryable } from '#server/db/client.ts';
import { buildTestApp, registerUser } from '#server-test/helper.ts';
import { insertPosts } from './posts-repo.ts';
import { SearchRepo } from './search-repo.ts';
import { SearchStats, StatsNow } from './search-stats.ts';
import { searchQuery } from './search-text.ts';

// docs/search.md, "The probe without its common prefixes".
describe('the probe of the text index leaves out the prefixes the statistics call common', () => {
  const now = new StatsNow(new Map([['all', { posts: 1000, share: new Map([['다시', 0.6], ['다음', 0.3], ['stick', 0.2], ['it', 0.6]]) }]]));

  it('drops a common prefix (a Hangul syllable, the last word as typed), keeps words and rare prefixes', () => {
    expect(now.probeOf(searchQuery('quokkazz 다')!, 500)).toBe("'quokkazz':*");
    expect(now.probeOf(searchQuery('stick quokkazz it')!, 500)).toBe("'stick' & 'quokkazz'");
    // The prefix '다':* stands in 900 posts, at least 500: left out; at 950, kept.
    expect(now.probeOf(searchQuery('마크로 다')!, 950)).toBeUndefined();
  });

  it('asks the whole query when nothing would be left, or nothing left out', () => {
    expect(now.probeOf(searchQuery('다')!, 500)).toBeUndefined();
    expect(now.probeOf(searchQuery('stick it')!, 500)).toBe("'stick'");
    expect(now.probeOf(searchQuery('다 it')!, 500)).toBeUndefined();
    expect(now.probeOf(searchQuery('quokkazz drift')!, 500)).toBeUndefined();
  });
});

describe('a search whose probe left a prefix out', async () => {
  const app = await buildTestApp();
  const alice = await registerUser(app);
  const post = (lang: Lang, content: string) => ({ orgId: alice.org, authorId: alice.id, lang, content });
  // '다시' in 300 Korean posts: the statistics hold it; quokkazz only in the few below.
  await insertPosts(app.db, Array.from({ length: 300 }, (_, i) => post('ko', `다시 시작 ${i}`)));
  const both = await insertPosts(app.db, [post('ko', 'quokkazz 다시 해봐요'), post('ko', '오늘 quokkazz 다음'), post('ko', 'quokkazz 다')]);
  await insertPosts(app.db, [post('ko', 'quokkazz 혼자'), post('ko', '그냥 quokkazz'), post('en', 'quokkazz alone')]);
  await insertPosts(app.db, [post('en', 'quokkazz 다시'), post('en', 'quokkazz 다음 time')]);
  await app.db.exec('analyze posts');

  it('tests every term on the probe\'s matches, in the page and in the count of the other languages', async () => {
    const asked: unknown[][] = [];
    const search = searchQuery('quokkazz 다')!;
    const found = await app.db.tx((tx) => {
      const q: Queryable = { query: (sql, params) => (asked.push(params ?? []), tx.query(sql, params)) };
      // rare 10: quokkazz (in 8 posts) is rare, 다시 (in 300) common; the probe's five Korean
      // matches (three with both terms, two with quokkazz alone) are few.
      return new SearchRepo(q, { rare: 10, stats: new SearchStats() }).search({ orgId: alice.org, lang: 'ko', viewerId: null, sort: 'new', search, limit: 20 }, 1000);
    });
    expect(found.rows.map((row) => row.id)).toEqual([...both].reverse());
    expect(found.otherLanguages).toBe(2);
    // The index was asked for quokkazz alone: the survey's values hold the probe and the whole query.
    expect(asked.some((values) => values.includes("'quokkazz':*") && values.includes(search))).toBe(true);
  });
});
