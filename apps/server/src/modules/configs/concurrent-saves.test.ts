import { describe, expect, it } from 'vitest';
import type { Config } from '@padhub/contracts';
import { buildTestApp, data, registerUser } from '#server-test/helper.ts';
import { interleave } from '#server-test/interleave.ts';
import { makePost } from '#server/modules/community/test-fixtures.ts';
import { makeConfig } from './test-fixtures.ts';

const app = await buildTestApp({ REGISTER_LIMIT_PER_IP: '1000' });
const [alice, bob] = [await registerUser(app), await registerUser(app)];
const save = (id: string) => app.inject({ method: 'POST', url: `/api/configs/${id}/copies`, headers: bob.headers });

// Two transactions at once need PostgreSQL (test/interleave.ts); PGlite runs them one after the other.
describe.runIf(Boolean(process.env.TEST_DATABASE_URL))('saving a copy twice at once', () => {
  it('after deleting my copy, makes one new copy, not two', async () => {
    const original = await makeConfig(app, alice);
    await makePost(app, alice, { configIds: [original.id] });
    const first = data<Config>(await save(original.id));
    data(await app.inject({ method: 'DELETE', url: `/api/configs/${first.id}`, headers: bob.headers }));
    // The second tap arrives while the first has made its copy but not yet recorded it.
    const second = interleave(app.db, /update config_saves/, () => save(original.id));
    const made = data<Config>(await save(original.id));
    expect(data<Config>(await second).id).toBe(made.id);
    const [copies] = await app.db.query<{ n: number }>('select count(*)::int as n from configs where based_on_id = $1 and deleted_at is null', [original.id]);
    expect(copies!.n).toBe(1);
  });
});
