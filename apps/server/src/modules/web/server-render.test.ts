import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { firstScreen } from '@padhub/contracts';
import { buildTestApp, registerUser } from '#server-test/helper.ts';
import { makePost } from '#server/modules/community/test-fixtures.ts';

// The real renderer, built from the web app's sources here: a test of the markup must not pass
// on a stale build, nor be skipped where nothing was built.
const out = mkdtempSync(path.join(tmpdir(), 'padhub-ssr-'));
execFileSync('npx', ['vite', 'build', '--config', 'vite.server.config.ts', '--outDir', out, '--logLevel', 'error'], {
  cwd: path.resolve(import.meta.dirname, '../../../../web'),
  stdio: 'inherit',
});
const webDist = mkdtempSync(path.join(tmpdir(), 'padhub-web-'));
writeFileSync(
  path.join(webDist, 'index.html'),
  '<!doctype html><html lang="zh-CN"><head><script src="/app/host-queue.js"></script><script type="module" crossorigin src="/app/assets/index-1.js"></script><link rel="modulepreload" crossorigin href="/app/assets/shell-1.js"><link rel="stylesheet" crossorigin href="/app/assets/index-1.css"></head><body><div id="root"></div></body></html>',
);
const hostQueue = 'window.padhubBridgeQueue = [];';
writeFileSync(path.join(webDist, 'host-queue.js'), hostQueue);
mkdirSync(path.join(webDist, 'assets'));
writeFileSync(path.join(webDist, 'assets/index-1.css'), '.page-title{font-size:17px}');

// The markup is what this file checks, not how fast it comes: a cold first render on a busy machine
// may take over the second the server waits by default, and would leave the island alone.
const app = await buildTestApp({ WEB_DIST: webDist, WEB_SSR: path.join(out, 'server-render.js'), WEB_SSR_TIMEOUT_MS: '30000' });
const alice = await registerUser(app);
const chinese = await makePost(app, alice, { content: '中文帖子 costs $& or $\' or $$', lang: 'cn' });
await makePost(app, alice, { content: 'Hello from the first screen', lang: 'en' });

const page = (url: string, headers: Record<string, string> = {}) => app.inject({ method: 'GET', url, headers });
const root = (html: string) => /<div id="root"([^>]*)>(.*)<\/div><script type="application\/json"/s.exec(html);
const HOST_UA = 'Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 Chrome/130 Mobile Safari/537.36 PadhubHost/5.2';

describe('the community page’s first screen rendered on the server', () => {
  it('without a host, is drawn in the page’s own first language (Chinese), whatever the browser asks', async () => {
    const res = await page('/app/community/index', { 'accept-language': 'en-US,en;q=0.9' });
    expect(res.statusCode).toBe(200);
    const [, attributes, markup] = root(res.body) ?? [];
    expect(attributes).toMatch(/^ data-frame="cn\.30-mine-out" data-drawn-at="\d+"$/);
    expect(markup).toContain('<h1 tabindex="-1" class="page-title">社区</h1>');
    // Complete: no part left for React's inline script to put in place (the page's CSP refuses inline script).
    expect(markup).not.toMatch(/<script|<template|<!--\$[?!]-->/);
    expect(markup).toContain('中文帖子');
    expect(markup).toContain('padding-top:30px');
    // Its code starts once that is painted, with the same preloads.
    expect(res.body).not.toContain('<script type="module"');
    expect(res.body).toContain('<script defer src="/app/start-after-paint.js" data-entry="/app/assets/index-1.js" data-preload="/app/assets/shell-1.js"></script>');
  });

  it('follows the frame and content language the page last ran in (its cookies), in a host too', async () => {
    const cookie = `${firstScreen.frameCookie}=en.44; ${firstScreen.langCookie}=en`;
    const res = await page('/app/community/index', { cookie, 'user-agent': HOST_UA });
    const [, attributes, markup] = root(res.body) ?? [];
    expect(attributes).toMatch(/^ data-frame="en\.44-mine-out" data-drawn-at="\d+"$/);
    expect(markup).toContain('>Community</h1>');
    expect(markup).toContain('Hello from the first screen');
    expect(markup).not.toContain('中文帖子');
    expect(markup).toContain('padding-top:44px');
  });

  it('paints from its HTML alone: the stylesheets and the host queue come inside it, the queue allowed by its hash', async () => {
    const res = await page('/app/community/index');
    expect(res.body).toContain(`<script>${hostQueue}</script>`);
    expect(res.body).not.toContain('src="/app/host-queue.js"');
    // The stylesheet written in, and its link left disabled: the browser neither loads nor applies
    // it, and the web build's loader finds the file in the page by it.
    expect(res.body).toContain('<style>.page-title{font-size:17px}</style><link rel="stylesheet" crossorigin href="/app/assets/index-1.css" disabled>');
    expect(res.body.match(/rel="stylesheet"/g)).toHaveLength(1);
    const hash = createHash('sha256').update(hostQueue).digest('base64');
    expect(res.headers['content-security-policy']).toContain(`script-src 'self' 'sha256-${hash}';`);
    expect(res.headers['content-security-policy']).not.toMatch(/script-src[^;]*unsafe-inline/);
  });

  it('in a native host that has not told its language yet, carries the island alone', async () => {
    const res = await page('/app/community/index', { 'user-agent': HOST_UA });
    expect(res.body).toContain('<div id="root"></div><script type="application/json"');
    // Nothing to paint before the code has run: it starts as built.
    expect(res.body).toContain('<script type="module" crossorigin src="/app/assets/index-1.js"></script><link rel="modulepreload"');
    expect(res.body).toContain('<script src="/app/host-queue.js"></script>');
    expect(res.body).toContain('<link rel="stylesheet" crossorigin href="/app/assets/index-1.css">');
    expect(res.body).toContain('中文帖子');
    // Drawn or not depends on the user agent: a shared cache must not give a browser's drawn page to a host.
    expect(res.headers.vary).toMatch(/user-agent/);
    // A frame cookie that is not one: the same.
    const odd = await page('/app/community/index', { 'user-agent': HOST_UA, cookie: `${firstScreen.frameCookie}=xx.30` });
    expect(odd.body).toContain('<div id="root"></div>');
  });

  it('keeps a post’s text as written: `$&` and the like are not replacement patterns', async () => {
    const [, , markup] = root((await page('/app/community/index')).body) ?? [];
    expect(markup).toContain('>中文帖子 costs $&amp; or $&#x27; or $$</p>');
  });
});

describe('the device’s choices, drawn as the page will render them', () => {
  it('"All languages": the feed of every language, in the island and in the markup', async () => {
    const cookie = `${firstScreen.frameCookie}=cn.30-all-system`;
    const res = await page('/app/community/index', { cookie });
    const [, attributes, markup] = root(res.body) ?? [];
    expect(attributes).toMatch(/^ data-frame="cn\.30-all-out" /);
    expect(markup).toContain('中文帖子');
    expect(markup).toContain('Hello from the first screen');
    expect(markup).toMatch(/<input type="checkbox" role="switch" checked=""\/><span>全部语言<\/span>/);
    expect(res.body).toContain('"allLanguages":true');
  });

  it('signed in: the header says so, drawn apart from the signed-out one', async () => {
    const res = await page('/app/community/index', { cookie: 'token=some-token' });
    const [, attributes, markup] = root(res.body) ?? [];
    expect(attributes).toMatch(/^ data-frame="cn\.30-mine-in" /);
    expect(markup).toContain('>我的</button>');
    // No posts in a signed-in page's island (first-screen.ts): the feed is drawn as its skeleton, as
    // the page renders it before asking with its token; so is the post.
    expect(markup).not.toContain('中文帖子');
    expect(markup).toContain('skeleton-list skeleton-list-post');
    expect(root((await page('/app/community/index')).body)?.[2]).toContain('>登录</button>');
    const [, , post] = root((await page(`/app/community/detail?id=${chinese}`, { cookie: 'token=some-token' })).body) ?? [];
    expect(post).not.toContain('中文帖子');
    expect(post).toContain('skeleton-list skeleton-list-post');
  });

  it('a theme the host forces, from the first paint', async () => {
    const dark = await page('/app/shoopping', { cookie: `${firstScreen.frameCookie}=cn.30-mine-dark` });
    expect(dark.body).toContain('<html lang="zh-CN" data-theme="dark" data-prefers-color-scheme="dark">');
    expect((await page('/app/shoopping')).body).toContain('<html lang="zh-CN">');
  });
});

describe('the post page and the Mall, rendered on the server', () => {
  it('draws a post from a cold link, and the Mall’s header', async () => {
    const [, attributes, markup] = root((await page(`/app/community/detail?id=${chinese}`)).body) ?? [];
    expect(attributes).toMatch(/^ data-frame="cn\.30-mine-out" data-drawn-at="\d+"$/);
    expect(markup).toContain('中文帖子 costs $&amp;');
    const [, , mall] = root((await page('/app/shoopping', { cookie: `${firstScreen.frameCookie}=ko.30` })).body) ?? [];
    expect(mall).toContain('>스토어</h1>');
  });
});

describe('a renderer that fails', () => {
  it('leaves the island alone in the page, not an error', async () => {
    const broken = path.join(out, 'broken.js');
    writeFileSync(broken, 'export async function renderFirstScreen() { throw new Error("broken on purpose"); }');
    const other = await buildTestApp({ WEB_DIST: webDist, WEB_SSR: broken });
    await makePost(other, await registerUser(other), { content: 'still here', lang: 'cn' });
    const res = await other.inject({ method: 'GET', url: '/app/community/index' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<div id="root"></div><script type="application/json"');
    expect(res.body).toContain('still here');
  });
});
