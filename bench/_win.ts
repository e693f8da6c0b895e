import { openDb } from '../apps/server/src/db/client.ts';
import { windowStatement } from '../apps/server/src/modules/community/search-statements.ts';
import { searchQuery } from '../apps/server/src/modules/community/search-text.ts';
const db = await openDb({ url: process.env.DATABASE_URL! });
const [word, lang, extra] = [process.argv[2]!, process.argv[3] as 'en', JSON.parse(process.argv[4] ?? '{}')];
const f = { orgId: 'scale', lang, viewerId: null, sort: 'new' as const, search: searchQuery(word)!, limit: 200, light: true, ...extra };
const s = windowStatement(f, 2000);
await db.tx(async (q) => {
  await q.query(`select set_config('enable_seqscan', 'off', true), set_config('max_parallel_workers_per_gather', '0', true)`);
  for (let i = 0; i < 3; i++) await q.query(s.text, s.values);
  const t = performance.now();
  for (let i = 0; i < 20; i++) await q.query(s.text, s.values);
  console.log('median-ish avg ms', ((performance.now() - t) / 20).toFixed(2));
  const plan = await q.query<{ 'QUERY PLAN': string }>(`explain (analyze, buffers) ${s.text}`, s.values);
  console.log(plan.map((r) => r['QUERY PLAN']).join('\n'));
});
await db.close();
