import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildTestApp, registerUser } from '#server-test/helper.ts';
import { makePost } from '#server/modules/community/test-fixtures.ts';

// A renderer that notes each address it was asked to draw (in this process's global scope) and
// draws it: what is kept and what is rendered again, without building the web app
// (server-render.test.ts renders the real page).
const dir = mkdtempSync(path.join(tmpdir(), 'padhub-render-cache-'));
const renderer = path.join(dir, 'counting-render.js');
writeFileSync(
  renderer,
  'export async function renderFirstScreen({ url }) { (globalThis.padhubRenders ??= []).push(url); return `<p>${url.replace(/[<&]/g, "")}</p>`; }',
);
const webDist = mkdtempSync(path.join(tmpdir(), 'padhub-web-'));
writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><html lang="zh-CN"><head></head><body><div id="root"></div></body></html>');
const app = await buildTestApp({ WEB_DIST: webDist, WEB_SSR: renderer });
const post = await makePost(app, await registerUser(app), { content: 'drawn once', lang: 'cn' });

const renders = () => (globalThis as { padhubRenders?: string[] }).padhubRenders ?? [];
const drawn = async (url: string, remoteAddress = '203.0.113.7') => {
  const res = await app.inject({ method: 'GET', url, remoteAddress });
  return /<div id="root" data-frame="[^"]*" data-drawn-at="\d+"><p>([^<]*)<\/p><\/div>/.exec(res.body)?.[1] ?? null;
};

describe('the kept renders of the landing pages', () => {
  it('are keyed by what the page reads: any other query is the same page, drawn once', async () => {
    const before = renders().length;
    for (let i = 0; i < 15; i++) expect(await drawn(`/app/community/detail?id=${post}&x=${i}&utm_source=${i}`)).toBe(`/app/community/detail?id=${post}`);
    for (let i = 0; i < 15; i++) expect(await drawn(`/app/community/index?x=${i}`)).toBe('/app/community/index');
    // The feed's filter is read by the page: a model is another first screen.
    expect(await drawn('/app/community/index?model=pro&x=1')).toBe('/app/community/index?model=pro');
    expect(renders().slice(before)).toEqual([`/app/community/detail?id=${post}`, '/app/community/index', '/app/community/index?model=pro']);
  });

  it('are drawn anew only a few times per client in a while; past that the page carries the island alone', async () => {
    const answers = [];
    for (let i = 0; i < 14; i++) answers.push(await drawn(`/app/community/detail?id=${i}99`, '198.51.100.4'));
    expect(answers.filter((a) => a !== null)).toHaveLength(10);
    expect(answers.slice(10)).toEqual([null, null, null, null]);
    // Kept renders still cost nothing, and another client is drawn as before.
    expect(await drawn(`/app/community/detail?id=099`, '198.51.100.4')).toBe('/app/community/detail?id=099');
    expect(await drawn(`/app/community/detail?id=1399`, '192.0.2.55')).toBe('/app/community/detail?id=1399');
  });
});
