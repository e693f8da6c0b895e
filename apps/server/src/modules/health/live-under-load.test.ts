import type { AddressInfo } from 'node:net';
import { Agent, get } from 'node:http';
import { describe, expect, it } from 'vitest';
import { buildTestApp, ORG } from '#server-test/helper.ts';

const POSTS = 20_000;
const BURST = 200;
const CONNECTIONS = 50;

const app = await buildTestApp();
await app.db.query(
  `insert into users (org_id, username, username_key, password_hash, nickname)
   select $1, 'author' || i, 'author' || i, 'x', 'Author ' || i from generate_series(1, 20) i`,
  [ORG],
);
await app.db.query(
  `insert into posts (org_id, author_id, content, lang, created_at)
   select $1, u.ids[1 + i % 20], 'post ' || i, 'cn', now() - ($2 - i) * interval '1 minute'
   from generate_series(1, $2) i, (select array_agg(id order by id) as ids from users where org_id = $1) u`,
  [ORG, POSTS],
);
await app.app.listen({ port: 0, host: '127.0.0.1' });
const origin = `http://127.0.0.1:${(app.app.server.address() as AddressInfo).port}`;

function fetchStatus(url: string, agent: Agent | false, headers: Record<string, string> = {}) {
  return new Promise<number>((resolve, reject) => {
    get(url, { agent, headers }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    }).on('error', reject);
  });
}

// PGlite only: PostgreSQL runs queries in its own processes, and answers the burst too fast for it to test anything.
describe.runIf(app.db.kind === 'pglite')('/api/health/live on the embedded database', () => {
  it('keeps answering while a burst of feed requests keeps the database busy', async () => {
    const agent = new Agent({ keepAlive: true, maxSockets: CONNECTIONS });
    let sent = 0;
    const statuses: number[] = [];
    let burstOver = false;
    const burst = Promise.all(
      Array.from({ length: CONNECTIONS }, async () => {
        while (sent < BURST) {
          sent++;
          statuses.push(await fetchStatus(`${origin}/api/posts?limit=20`, agent, { accorgid: ORG }));
        }
      }),
    ).finally(() => (burstOver = true));
    // An orchestrator's probe: one at a time, a new connection each, until the burst is over.
    let answeredDuringBurst = 0;
    while (!burstOver) {
      const status = await fetchStatus(`${origin}/api/health/live`, false);
      expect(status).toBe(200);
      if (!burstOver) answeredDuringBurst++;
    }
    await burst;
    agent.destroy();
    expect(statuses).toEqual(Array(BURST).fill(200));
    // On the server's own thread the database answered the queued feed queries back to back and
    // the probe waited behind all of them; on its worker thread the probe slips in between.
    expect(answeredDuringBurst).toBeGreaterThanOrEqual(10);
  });
});
