import { describe, expect, it } from 'vitest';
import { sharedConfigSortSchema } from '@padhub/contracts';
import { buildTestApp, registerUser } from '#server-test/helper.ts';
import { hubStatement } from './hub-repo.ts';

const app = await buildTestApp();
const alice = await registerUser(app);
const bob = await registerUser(app);

const indexOf = { new: 'new', applied30: '30d', applied: 'applied', liked: 'liked' } as const;

describe('the hub', () => {
  it('walks an index in the order of every sort, alone, by model and by game, on a few thousand configurations', async () => {
    // Eight games of 750 configurations each: with only a hundred or so in a game, the planner rightly sorts them instead of walking an index.
    await app.db.query(`insert into games (org_id, name, key) select $1, 'Game ' || i, 'game ' || i from generate_series(1, 8) i`, [alice.org]);
    await app.db.query(
      `insert into configs (org_id, owner_id, model, kind, name, content, game_id, shared, rank_30d, rank_applied, rank_liked)
       select $1, $2, (array['pro-2', 'lite', 'elite-x', 'arcade'])[1 + i % 4], (array['mapping', 'macro'])[1 + i % 2], 'Config ' || i, '{}',
              (select min(id) from games where org_id = $1) + i % 8, i % 5 <> 0, i % 97, i % 89, i % 13
       from generate_series(1, 6000) i`,
      [alice.org, alice.id],
    );
    await app.db.exec('analyze configs');
    await app.db.exec('analyze games');
    const [game] = await app.db.query<{ id: string }>(`select id from games where org_id = $1 and key = 'game 7'`, [alice.org]);

    for (const sort of sharedConfigSortSchema.options) {
      const after = sort === 'new' ? ['3000'] : ['40', '3000'];
      for (const filter of [{}, { model: 'lite' }, { gameId: game!.id }, { model: 'lite', kind: 'macro' as const }, { q: 'config 1' }]) {
        for (const viewerId of [null, bob.id]) {
          for (const cursor of [undefined, after]) {
            const statement = hubStatement({ orgId: alice.org, viewerId, sort, ...filter, after: cursor, limit: 20 });
            const plan = (await app.db.query<{ 'QUERY PLAN': string }>(`explain ${statement.text}`, statement.values)).map((r) => r['QUERY PLAN']).join('\n');
            const label = `${sort} ${JSON.stringify(filter)} ${viewerId ? 'signed in' : 'anonymous'} ${cursor ? 'deep' : 'first'}\n${plan}`;
            const within = 'gameId' in filter ? 'game_' : 'model' in filter ? 'model_' : '';
            const walked = plan.match(new RegExp(`Index Scan (Backward )?using configs_(hub_${within}${indexOf[sort]}_idx|pkey) on configs c`));
            expect(walked, label).not.toBeNull();
            // "Newest" is the primary key's order too: with one organisation and a common model, as
            // here, the planner may walk it instead (also in order, from the cursor, without a sort).
            if (walked![2] === 'pkey') expect(sort, label).toBe('new');
            const walk = walked!.index!;
            // Nothing sorts the configurations above the walk (the newest post carrying each is found by a sort of its few posts).
            expect(plan.slice(0, walk), label).not.toMatch(/Sort/);
            expect(plan, label).not.toMatch(/Seq Scan on configs/);
          }
        }
      }
    }
  });
});
