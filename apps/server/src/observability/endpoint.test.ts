import { describe, expect, it } from 'vitest';
import { buildTestApp, registerUser, type TestApp } from '#server-test/helper.ts';
import { parseMetrics, scrape } from '#server-test/metrics.ts';
import { makePost } from '#server/modules/community/test-fixtures.ts';

const TOKEN = 'metrics-token-for-the-tests';

const scrapeOf = async (app: TestApp) => {
  const res = await app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
  expect(res.statusCode).toBe(200);
  return parseMetrics(res.body);
};

describe('/metrics, never open by default', () => {
  it('does not exist without METRICS_TOKEN or METRICS_PORT', async () => {
    const app = await buildTestApp();
    expect((await app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(404);
    expect((await app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } })).statusCode).toBe(404);
  });

  it('with METRICS_TOKEN, answers only the bearer of the token', async () => {
    const app = await buildTestApp({ METRICS_TOKEN: TOKEN });
    const without = await app.inject({ method: 'GET', url: '/metrics' });
    expect(without.statusCode).toBe(401);
    expect(without.headers['www-authenticate']).toBe('Bearer');
    expect(without.body).not.toContain('padhub_');
    for (const authorization of [`Bearer ${TOKEN}x`, `Bearer ${TOKEN.slice(1)}`, TOKEN, `Basic ${TOKEN}`]) {
      expect((await app.inject({ method: 'GET', url: '/metrics', headers: { authorization } })).statusCode).toBe(401);
    }
    const res = await app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/plain; version=0.0.4; charset=utf-8');
  });

  it('refuses a token shorter than 16 characters at start', async () => {
    await expect(buildTestApp({ METRICS_TOKEN: 'short' })).rejects.toThrow(/METRICS_TOKEN: at least 16 characters/);
  });

  it('with METRICS_PORT, is served on that port alone', async () => {
    const app = await buildTestApp({ METRICS_PORT: '0' });
    await app.app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.app.server.address();
    const main = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    const port = app.observed.metricsPort();
    expect(port).toBeGreaterThan(0);
    expect((await fetch(`${main}/metrics`)).status).toBe(404);
    const scraped = await scrape(`http://127.0.0.1:${port}`);
    expect(scraped.value('padhub_ready')).toBe(1);
    expect((await fetch(`http://127.0.0.1:${port}/api/health`)).status).toBe(404);
  });

  it('with both, wants the token on the metrics port too', async () => {
    const app = await buildTestApp({ METRICS_PORT: '0', METRICS_TOKEN: TOKEN });
    await app.app.ready();
    const origin = `http://127.0.0.1:${app.observed.metricsPort()}`;
    expect((await fetch(`${origin}/metrics`)).status).toBe(401);
    expect((await scrape(origin, TOKEN)).value('padhub_ready')).toBe(1);
  });
});

describe('what /metrics says', async () => {
  const app = await buildTestApp({ METRICS_TOKEN: TOKEN });
  const alice = await registerUser(app);

  it('has every family the alerts and the dashboard read (deploy/prometheus, deploy/grafana)', async () => {
    await app.inject({ method: 'GET', url: '/api/health' });
    const { families } = await scrapeOf(app);
    const expected = {
      padhub_http_requests_total: 'counter',
      padhub_http_request_duration_seconds: 'histogram',
      nodejs_eventloop_lag_seconds: 'gauge',
      nodejs_eventloop_lag_p99_seconds: 'gauge',
      nodejs_heap_size_used_bytes: 'gauge',
      process_start_time_seconds: 'gauge',
      padhub_db_pool_size: 'gauge',
      padhub_db_pool_in_use: 'gauge',
      padhub_db_pool_waiting: 'gauge',
      padhub_db_pool_timeouts_total: 'counter',
      padhub_db_query_duration_seconds: 'histogram',
      padhub_queue_depth: 'gauge',
      padhub_queue_oldest_age_seconds: 'gauge',
      padhub_push_deliveries_total: 'counter',
      padhub_searches_refused_total: 'counter',
      padhub_rate_limited_total: 'counter',
      padhub_upload_bytes_total: 'counter',
      padhub_uploads_stored_total: 'counter',
      padhub_uploads_refused_total: 'counter',
      padhub_first_screen_renders_total: 'counter',
      padhub_first_screen_fallbacks_total: 'counter',
      padhub_background_runs_total: 'counter',
      padhub_background_period_seconds: 'gauge',
      padhub_background_last_success_timestamp_seconds: 'gauge',
      padhub_ready: 'gauge',
      padhub_draining: 'gauge',
      padhub_dependency_up: 'gauge',
      padhub_data_dir_free_bytes: 'gauge',
      padhub_info: 'gauge',
    };
    expect(Object.fromEntries(Object.keys(expected).map((name) => [name, families.get(name)]))).toEqual(expected);
  });

  it('counts requests by route template and status, never by the address asked for', async () => {
    const post = await makePost(app, alice, { content: 'a post to read', lang: 'cn' });
    const before = await scrapeOf(app);
    const route = { method: 'GET', route: '/api/posts/:id' };
    for (let i = 0; i < 3; i++) expect((await app.inject({ method: 'GET', url: `/api/posts/${post}`, headers: alice.headers })).statusCode).toBe(200);
    expect((await app.inject({ method: 'GET', url: '/api/posts/999999999', headers: alice.headers })).statusCode).toBe(404);
    expect((await app.inject({ method: 'GET', url: '/no/such/place' })).statusCode).toBe(404);
    const after = await scrapeOf(app);
    expect(after.value('padhub_http_requests_total', { ...route, status: '200' }) - before.value('padhub_http_requests_total', { ...route, status: '200' })).toBe(3);
    expect(after.value('padhub_http_requests_total', { ...route, status: '404' }) - before.value('padhub_http_requests_total', { ...route, status: '404' })).toBe(1);
    expect(after.value('padhub_http_request_duration_seconds_count', { ...route, status_class: '2xx' }) - before.value('padhub_http_request_duration_seconds_count', { ...route, status_class: '2xx' })).toBe(3);
    expect(after.value('padhub_http_requests_total', { route: 'unmatched', status: '404' })).toBeGreaterThan(before.value('padhub_http_requests_total', { route: 'unmatched', status: '404' }));
    const routes = new Set(after.samples.flatMap((s) => (s.labels.route === undefined ? [] : [s.labels.route])));
    expect(routes).toContain('/api/posts/:id');
    expect([...routes].filter((r) => r !== 'unmatched' && (!r.startsWith('/') || /\/\d+(\/|$)/.test(r)))).toEqual([]);
    expect(after.text).not.toContain('/no/such/place');
  });

  it('never carries a user id, a token or what someone typed', async () => {
    const word = `zebra${Date.now()}`;
    await app.inject({ method: 'GET', url: `/api/posts?q=${word}`, headers: alice.headers });
    await app.inject({ method: 'POST', url: '/api/auth/login', headers: { accorgid: 'padhub' }, payload: { username: alice.username, password: 'wrong password here' } });
    const { text, samples } = await scrapeOf(app);
    for (const secret of [alice.token, alice.username, word]) expect(text).not.toContain(secret);
    // Ids could only come in through a label; Padhub's labels are these, with values from the code.
    const known = ['method', 'route', 'status', 'status_class', 'le', 'engine', 'queue', 'dependency', 'task', 'limit', 'reason', 'outcome', 'version', 'storage'];
    const names = new Set(samples.filter((s) => s.name.startsWith('padhub_')).flatMap((s) => Object.keys(s.labels)));
    expect([...names].filter((name) => !known.includes(name))).toEqual([]);
    const limits = samples.filter((s) => s.name === 'padhub_rate_limited_total').map((s) => s.labels.limit);
    expect(limits.filter((l) => !/^[a-z-]+:[a-z]+$/.test(l ?? ''))).toEqual([]);
  });

  it('reports the pool, readiness, the data directory and what runs', async () => {
    const scraped = await scrapeOf(app);
    const engine = app.db.kind;
    expect(scraped.value('padhub_db_pool_size', { engine })).toBe(engine === 'pglite' ? 1 : 5);
    expect(scraped.has('padhub_db_pool_in_use', { engine })).toBe(true);
    expect(scraped.value('padhub_db_query_duration_seconds_count')).toBeGreaterThan(0);
    expect(scraped.value('padhub_ready')).toBe(1);
    expect(scraped.value('padhub_dependency_up', { dependency: 'database' })).toBe(1);
    expect(scraped.value('padhub_dependency_up', { dependency: 'storage' })).toBe(1);
    expect(scraped.value('padhub_data_dir_free_bytes')).toBeGreaterThan(0);
    expect(scraped.value('padhub_data_dir_size_bytes')).toBeGreaterThanOrEqual(scraped.value('padhub_data_dir_free_bytes'));
    expect(scraped.value('padhub_info', { engine, storage: 'embedded' })).toBe(1);
    expect(scraped.value('nodejs_heap_size_used_bytes')).toBeGreaterThan(0);
  });

  it('names every answer in X-Request-Id: a caller’s own plain id is kept, anything else replaced', async () => {
    const fresh = await app.inject({ method: 'GET', url: '/api/health' });
    expect(fresh.headers['x-request-id']).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    const other = await app.inject({ method: 'GET', url: '/api/health' });
    expect(other.headers['x-request-id']).not.toBe(fresh.headers['x-request-id']);
    const given = await app.inject({ method: 'GET', url: '/api/health', headers: { 'x-request-id': 'nginx-4f2a9c01b7e3' } });
    expect(given.headers['x-request-id']).toBe('nginx-4f2a9c01b7e3');
    for (const forged of ['two words', 'x'.repeat(129), 'a"b', 'line\u2028break', '']) {
      const res = await app.inject({ method: 'GET', url: '/no/such/place', headers: { 'x-request-id': forged } });
      expect(res.headers['x-request-id']).not.toBe(forged);
      expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    }
  });
});

describe('readiness in the metrics', () => {
  it('says draining, and not ready, once shutdown begins', async () => {
    const app = await buildTestApp({ METRICS_TOKEN: TOKEN });
    app.drain();
    const scraped = await scrapeOf(app);
    expect(scraped.value('padhub_ready')).toBe(0);
    expect(scraped.value('padhub_draining')).toBe(1);
    expect(scraped.value('padhub_dependency_up', { dependency: 'database' })).toBe(1);
  });

  it('still answers when the database is gone, saying so', async () => {
    const app = await buildTestApp({ METRICS_TOKEN: TOKEN });
    await app.db.close();
    const scraped = await scrapeOf(app);
    expect(scraped.value('padhub_ready')).toBe(0);
    expect(scraped.value('padhub_draining')).toBe(0);
    expect(scraped.value('padhub_dependency_up', { dependency: 'database' })).toBe(0);
    expect(scraped.value('padhub_queue_measure_failed', { queue: 'push_outbox' })).toBe(1);
    expect(scraped.has('padhub_queue_depth', { queue: 'push_outbox' })).toBe(false);
  });
});
