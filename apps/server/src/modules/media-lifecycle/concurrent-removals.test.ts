import { describe, expect, it } from 'vitest';
import type { Post } from '@padhub/contracts';
import { buildTestApp, data, registerUser } from '#server-test/helper.ts';
import { interleave } from '#server-test/interleave.ts';
import { listen } from '#server-test/storage.ts';
import { mediaObjectKeys } from '#server/storage/object-keys.ts';
import { createPost, png, uploadAs } from '#server/modules/posting/test-fixtures.ts';
import { registerStaff } from '#server/modules/safety/test-fixtures.ts';
import { DeletionsRepo } from './deletions-repo.ts';
import { objectsOf, queueRow, stored } from './test-fixtures.ts';

const app = await buildTestApp({ REGISTER_LIMIT_PER_IP: '1000' });
const { origin } = await listen(app);
const moderator = await registerStaff(app, 'moderator');

// Two transactions at once need PostgreSQL (test/interleave.ts); PGlite runs them one after the other.
describe.runIf(Boolean(process.env.TEST_DATABASE_URL))('a sweep deciding while the last post naming a file is removed', () => {
  it('does not forget the deletion that removal queued: the file goes, and its row stays to refuse it', async () => {
    const alice = await registerUser(app);
    const shared = await uploadAs(origin, alice, 'shared.png', await png(), 'image/png');
    const [first, second] = [
      data<Post>(await createPost(app, alice, { content: 'one', media: [{ path: shared, kind: 'image' }] })),
      data<Post>(await createPost(app, alice, { content: 'two', media: [{ path: shared, kind: 'image' }] })),
    ];
    const objects = await objectsOf(app, first.media);
    // The first post went while the store was down: its files wait in the queue for the sweep.
    await app.db.query('update posts set deleted_at = now() where id = $1', [first.id]);
    await new DeletionsRepo(app.db).enqueue(mediaObjectKeys(first.media));
    // The sweep decides while a moderator's removal of the second has queued them again, uncommitted.
    const swept = interleave(app.db, /insert into moderation_log/, () => app.lifecycle.drain());
    data(await app.inject({ method: 'POST', url: `/api/admin/posts/${second.id}/delete`, headers: moderator.headers, payload: { reason: 'rule 3' } }));
    await swept;
    await app.lifecycle.settled();
    expect(await stored(app, objects)).toEqual([]);
    expect(await queueRow(app, shared)).toMatchObject({ done: true });
  });
});
