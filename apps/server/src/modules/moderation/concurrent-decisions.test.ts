import { describe, expect, it } from 'vitest';
import type { ModerationResult, MyReport, Page } from '@padhub/contracts';
import { buildTestApp, data, registerUser } from '#server-test/helper.ts';
import { interleave } from '#server-test/interleave.ts';
import { makePost } from '#server/modules/community/test-fixtures.ts';
import { registerStaff, report } from '#server/modules/safety/test-fixtures.ts';

const app = await buildTestApp({ REGISTER_LIMIT_PER_IP: '1000' });
const moderator = await registerStaff(app, 'moderator');

// Two transactions at once need PostgreSQL (test/interleave.ts); PGlite runs them one after the other.
describe.runIf(Boolean(process.env.TEST_DATABASE_URL))('a report sent while a moderator decides on its target', () => {
  it('is decided with the others, not left waiting in a closed case no moderator sees', async () => {
    const [author, first, second] = [await registerUser(app), await registerUser(app), await registerUser(app)];
    const postId = await makePost(app, author);
    data(await report(app, first, { targetType: 'post', targetId: postId, reason: 'spam', description: 'an advert' }));
    // The second report has reopened the case (and holds it) when the moderator's decision starts.
    const decided = interleave(app.db, /insert into reports/, () =>
      app.inject({ method: 'POST', url: `/api/admin/posts/${postId}/not-pass`, headers: moderator.headers, payload: { reason: 'an advert' } }),
    );
    data(await report(app, second, { targetType: 'post', targetId: postId, reason: 'spam', description: 'still an advert' }));
    expect(data<ModerationResult>(await decided).reportsResolved).toBe(2);
    const mine = data<Page<MyReport>>(await app.inject({ method: 'GET', url: '/api/me/reports', headers: second.headers })).items;
    expect(mine.map((r) => r.status)).toEqual(['action_taken']);
  });
});
