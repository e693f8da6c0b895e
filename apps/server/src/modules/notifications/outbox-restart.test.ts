import { describe, expect, it } from 'vitest';
import { buildApp } from '#server/app.ts';
import { loadConfig } from '#server/config.ts';
import { buildTestApp, data, registerUser } from '#server-test/helper.ts';
import { localServer } from '#server-test/local-http.ts';
import { makePost } from '#server/modules/community/test-fixtures.ts';

const receiver = await localServer(() => ({ status: 200, body: {} }));
const push = { PUSH_WEBHOOK_URL: `${receiver.url}/push`, PUSH_WEBHOOK_SECRET: 'a-secret-of-the-native-team', PUSH_RETRY_BASE_MS: '50' };
// The first process queues pushes but stops before its worker's first pass (an hour away).
const first = await buildTestApp({ ...push, PUSH_POLL_MS: '3600000' });

describe('the push outbox across a restart', () => {
  it('is delivered by the next process on the same database', async () => {
    const [author, commenter] = [await registerUser(first), await registerUser(first)];
    const postId = await makePost(first, author);
    data(await first.inject({ method: 'POST', url: `/api/posts/${postId}/comments`, headers: commenter.headers, payload: { content: 'hello' } }));
    expect(await first.db.query(`select 1 from push_outbox where status = 'pending'`)).toHaveLength(1);
    expect(receiver.received).toHaveLength(0);

    const config = loadConfig({ ...push, PUSH_POLL_MS: '20', SEED: '0', LOG_LEVEL: 'silent', DATA_DIR: first.config.dataDir });
    // Not closed here: closing it would close the shared database under the first app's own close.
    await buildApp(config, { db: first.db });
    for (let i = 0; i < 250 && receiver.received.length === 0; i++) await new Promise((resolve) => setTimeout(resolve, 20));
    expect(receiver.received.map((r) => JSON.parse(r.body).type)).toEqual(['comment']);
  });
});
