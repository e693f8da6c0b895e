import pg from 'pg';
import { windowStatement } from '../apps/server/src/modules/community/search-statements.ts';
import { searchQuery } from '../apps/server/src/modules/community/search-text.ts';
const client = new pg.Client({ connectionString: process.env.DATABASE_URL! });
await client.connect();
const words = ['layout macro', 'stick', 'trigger', 'battery', 'drift fix', 'mapping', 'firmware update', 'paddle'];
const mk = (w: string) => windowStatement({ orgId: 'scale', lang: 'en', viewerId: null, sort: 'new', search: searchQuery(w)!, limit: 200, light: true } as never, 2000);
await client.query('begin');
await client.query(`select set_config('enable_seqscan', 'off', true), set_config('max_parallel_workers_per_gather', '0', true)`);
for (const mode of ['unnamed', 'named-auto', 'named-generic', 'unnamed', 'named-auto', 'named-generic']) {
  if (mode === 'named-generic') await client.query(`set local plan_cache_mode = force_generic_plan`); else await client.query(`set local plan_cache_mode = auto`);
  const name = mode === 'unnamed' ? undefined : `w_${mode}`;
  for (let i = 0; i < 8; i++) { const s = mk(words[i % words.length]!); await client.query({ name, text: s.text, values: s.values }); }
  const t = performance.now();
  for (let i = 0; i < 80; i++) { const s = mk(words[i % words.length]!); await client.query({ name, text: s.text, values: s.values }); }
  console.log(mode, ((performance.now() - t) / 80).toFixed(2), 'ms');
}
const s = mk('layout macro');
const plan = await client.query({ text: `explain (analyze) execute w_named-generic`.replace('w_named-generic', '"w_named-generic"') + `(${s.values.map((v) => (v === null ? 'null' : `'${String(v).replaceAll("'", "''")}'`)).join(', ')})` });
console.log(plan.rows.map((r) => r['QUERY PLAN']).join('\n'));
await client.query('rollback');
await client.end();
