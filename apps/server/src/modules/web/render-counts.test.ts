import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildTestApp, registerUser, type TestApp } from '#server-test/helper.ts';
import { parseMetrics } from '#server-test/metrics.ts';
import { makePost } from '#server/modules/community/test-fixtures.ts';

// The counts of server renders and their fallbacks (docs/operations.md, "Metrics"), with small
// stand-in renderers: what is drawn is server-render.test.ts's business, not this file's.
const TOKEN = 'metrics-token-for-the-tests';
const dir = mkdtempSync(path.join(tmpdir(), 'padhub-render-counts-'));
writeFileSync(path.join(dir, 'index.html'), '<!doctype html><html lang="zh-CN"><head></head><body><div id="root"></div></body></html>');
writeFileSync(path.join(dir, 'drawing.js'), 'export async function renderFirstScreen() { return "<p>drawn</p>"; }');
writeFileSync(path.join(dir, 'broken.js'), 'export async function renderFirstScreen() { throw new Error("broken on purpose"); }');
const HOST_UA = 'Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 Chrome/130 Mobile Safari/537.36 PadhubHost/5.2';

async function appWith(renderer: string): Promise<TestApp> {
  const app = await buildTestApp({ WEB_DIST: dir, WEB_SSR: path.join(dir, renderer), METRICS_TOKEN: TOKEN });
  await makePost(app, await registerUser(app), { content: 'a post on the first screen', lang: 'cn' });
  return app;
}

async function counts(app: TestApp) {
  const scraped = parseMetrics((await app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } })).body);
  return {
    rendered: scraped.value('padhub_first_screen_renders_total', { outcome: 'rendered' }),
    reused: scraped.value('padhub_first_screen_renders_total', { outcome: 'reused' }),
    failed: scraped.value('padhub_first_screen_fallbacks_total', { reason: 'failed' }),
    noFrame: scraped.value('padhub_first_screen_fallbacks_total', { reason: 'no_frame' }),
    notBuilt: scraped.value('padhub_first_screen_fallbacks_total', { reason: 'not_built' }),
    timed: scraped.value('padhub_first_screen_render_duration_seconds_count'),
  };
}

const delta = (after: Record<string, number>, before: Record<string, number>) => Object.fromEntries(Object.keys(after).map((k) => [k, after[k]! - before[k]!]));
const landing = (app: TestApp, headers: Record<string, string> = {}) => app.inject({ method: 'GET', url: '/app/community/index', headers });

describe('server renders of the first screen, counted', () => {
  it('a render, then the same page again from what was kept, then a host that has not told its frame', async () => {
    const app = await appWith('drawing.js');
    const before = await counts(app);
    expect((await landing(app)).body).toContain('<p>drawn</p>');
    expect((await landing(app)).body).toContain('<p>drawn</p>');
    expect((await landing(app, { 'user-agent': HOST_UA })).body).not.toContain('<p>drawn</p>');
    expect(delta(await counts(app), before)).toEqual({ rendered: 1, reused: 1, failed: 0, noFrame: 1, notBuilt: 0, timed: 1 });
  });

  it('a renderer that fails, and none built, each a fallback of its own', async () => {
    const broken = await appWith('broken.js');
    const before = await counts(broken);
    expect((await landing(broken)).statusCode).toBe(200);
    expect(delta(await counts(broken), before)).toMatchObject({ rendered: 0, failed: 1, notBuilt: 0 });

    const unbuilt = await appWith('missing.js');
    const earlier = await counts(unbuilt);
    expect((await landing(unbuilt)).statusCode).toBe(200);
    expect(delta(await counts(unbuilt), earlier)).toMatchObject({ rendered: 0, failed: 0, notBuilt: 1 });
  });
});
