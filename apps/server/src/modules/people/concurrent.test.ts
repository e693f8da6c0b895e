import { describe, expect, it } from 'vitest';
import { abuseActions } from '#server/lib/abuse-limits.ts';
import { buildTestApp, data, ORG, registerUser } from '#server-test/helper.ts';

describe.runIf(Boolean(process.env.TEST_DATABASE_URL))('follows under concurrency', async () => {
  const app = await buildTestApp({
    REGISTER_LIMIT_PER_IP: '1000',
    RATE_LIMITS: abuseActions.flatMap((a) => [`${a}.user=100000/60`, `${a}.ip=100000/60`]).join(','),
  });
  const follow = async (headers: Record<string, string>, id: string, method: 'PUT' | 'DELETE' = 'PUT') =>
    data(await app.inject({ method, url: `/api/users/${id}/follow`, headers }));
  const profile = async (id: string) => data(await app.inject({ method: 'GET', url: `/api/users/${id}`, headers: { accorgid: ORG } }));

  it('counts 30 concurrent follows (each sent twice) and mutual follows right, without deadlocks', async () => {
    const star = await registerUser(app);
    const fans = await Promise.all(Array.from({ length: 30 }, () => registerUser(app)));
    await Promise.all(fans.flatMap((f) => [follow(f.headers, star.id), follow(f.headers, star.id), follow(star.headers, f.id)]));
    expect(await profile(star.id)).toMatchObject({ followerCount: 30, followingCount: 30 });
    await Promise.all(fans.map((f) => follow(f.headers, star.id, 'DELETE')));
    expect(await profile(star.id)).toMatchObject({ followerCount: 0, followingCount: 30 });
  });
});
