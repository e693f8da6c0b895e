import { mkdirSync, mkdtempSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { get } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { type FirstScreen, firstScreen } from '@padhub/contracts';
import { buildTestApp, ORG, OTHER_ORG, registerUser } from '#server-test/helper.ts';
import { listen } from '#server-test/storage.ts';
import { putList } from '#server/modules/safety/test-fixtures.ts';
import { makePost } from '#server/modules/community/test-fixtures.ts';
import { createCategory, createGoods, personWithRole } from '#server/modules/shop/test-fixtures.ts';

// A built web app of two chunks: the entry, and the community page that imports a shared chunk.
const webDist = mkdtempSync(path.join(tmpdir(), 'padhub-web-'));
mkdirSync(path.join(webDist, '.vite'));
mkdirSync(path.join(webDist, 'assets'));
writeFileSync(
  path.join(webDist, 'index.html'),
  '<!doctype html><html lang="zh-CN"><head><script type="module" crossorigin src="/app/assets/index-1.js"></script></head><body><div id="root"></div></body></html>',
);
writeFileSync(path.join(webDist, 'assets/index-1.js'), 'export {};');
// Other HTML files of the build (a page of its own, or one a plugin emits) are documents too.
mkdirSync(path.join(webDist, 'legal'));
writeFileSync(path.join(webDist, 'legal/terms.html'), '<!doctype html><html><body><script>1</script></body></html>');
writeFileSync(path.join(webDist, 'offline.html'), '<!doctype html><html><body>offline</body></html>');
writeFileSync(
  path.join(webDist, '.vite/manifest.json'),
  JSON.stringify({
    'index.html': { file: 'assets/index-1.js', isEntry: true, imports: ['_shell.js'] },
    '_shell.js': { file: 'assets/shell-1.js' },
    '_shared.js': { file: 'assets/shared-1.js', css: ['assets/shared-1.css'] },
    'src/features/community/pages/community-page.tsx': { file: 'assets/community-page-1.js', imports: ['_shared.js', '_shell.js'] },
    'src/features/community/pages/post-detail-page.tsx': { file: 'assets/post-detail-page-1.js', imports: ['_shell.js'] },
    'src/features/shop/pages/mall-page.tsx': { file: 'assets/mall-page-1.js', imports: ['_shell.js'] },
    'src/locales/cn/eager.ts': { file: 'assets/eager-cn.js' },
    '../../packages/contracts/src/error-messages/cn.ts': { file: 'assets/errors-cn.js' },
    'src/locales/en/eager.ts': { file: 'assets/eager-en.js' },
    '../../packages/contracts/src/error-messages/en.ts': { file: 'assets/errors-en.js' },
    'src/platform/bridge/simulated-host.ts': { file: 'assets/simulated-host-1.js' },
  }),
);

// The island alone: the server's rendering of the first screen has its own tests (server-render.test.ts).
const app = await buildTestApp({ WEB_DIST: webDist, WEB_SSR: path.join(webDist, 'no-renderer.js') });
const alice = await registerUser(app);
const stranger = await registerUser(app, { org: OTHER_ORG });
const attack = '</script><script>alert(1)</script><!--';
const hostile = await makePost(app, alice, { content: attack, lang: 'cn' });
const english = await makePost(app, alice, { content: 'in English', lang: 'en' });
const elsewhere = await makePost(app, stranger, { content: 'another organisation', lang: 'cn' });

const page = (url: string, headers: Record<string, string> = {}) => app.inject({ method: 'GET', url, headers });

function island(html: string): FirstScreen | null {
  const match = new RegExp(`<script type="application/json" id="${firstScreen.islandId}">(.*?)</script>`, 's').exec(html);
  return match?.[1] ? (JSON.parse(match[1]) as FirstScreen) : null;
}

describe('the landing pages’ HTML', () => {
  it('carries the organisation and the first feed page, for the page to paint without asking', async () => {
    const res = await page('/app/community/index');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    const data = island(res.body);
    expect(data).toMatchObject({ orgId: ORG, lang: 'cn', organisation: { id: ORG } });
    expect(data?.feed?.items.map((p) => p.id)).toContain(hostile);
    // An anonymous reader's view: nobody's liked state is in a page anyone may be given.
    expect(data?.feed?.items.every((p) => !p.liked && !p.favourited)).toBe(true);
  });

  it('cannot be broken out of by a post’s text', async () => {
    const res = await page('/app/community/index');
    expect(res.body).not.toContain('<script>alert(1)');
    expect(res.body.match(/<\/script>/g)).toHaveLength(2);
    expect(island(res.body)?.feed?.items.find((p) => p.id === hostile)?.content).toBe(attack);
  });

  it('never shows another organisation’s posts, and follows the organisation and language the page last ran in', async () => {
    const own = island((await page('/app/community/index')).body);
    expect(own?.feed?.items.map((p) => p.id)).not.toContain(elsewhere);
    const other = island((await page('/app/community/index', { cookie: `${firstScreen.orgCookie}=${OTHER_ORG}` })).body);
    expect(other?.orgId).toBe(OTHER_ORG);
    expect(other?.feed?.items.map((p) => p.id)).toEqual([elsewhere]);
    expect((await page('/app/community/index')).body).toContain('<html lang="zh-CN">');
    const en = await page('/app/community/index', { cookie: `a=b; ${firstScreen.langCookie}=en` });
    expect(island(en.body)?.feed?.items.map((p) => p.id)).toEqual([english]);
    expect(en.body).toContain('<html lang="en">');
  });

  it('carries the post of a deep link, and only of its own organisation', async () => {
    const res = await page(`/app/community/detail?id=${hostile}`);
    expect(island(res.body)?.post).toMatchObject({ id: hostile, content: attack });
    const foreign = await page(`/app/community/detail?id=${elsewhere}`);
    expect(island(foreign.body)?.post).toBeNull();
    expect(foreign.body).not.toContain('another organisation');
  });

  it('carries the Mall’s categories and first goods, in the language asked, and nothing unpublished', async () => {
    const admin = await personWithRole(app, 'admin');
    const category = await createCategory(app, admin, { names: { cn: '手柄', en: 'Controllers' } });
    const shown = await createGoods(app, admin, category.id, { goods: { texts: { cn: { name: '精英手柄' }, en: { name: 'Elite pad' } } } });
    const hidden = await createGoods(app, admin, category.id, { goods: { published: false } });
    const cn = island((await page('/app/shoopping')).body);
    expect(cn?.categories?.items.map((c) => c.name)).toContain('手柄');
    expect(cn?.goods?.items.map((g) => g.id)).toContain(shown.id);
    expect(cn?.goods?.items.map((g) => g.id)).not.toContain(hidden.id);
    const en = island((await page('/app/shoopping', { cookie: `${firstScreen.langCookie}=en` })).body);
    expect(en?.goods?.items.find((g) => g.id === shown.id)?.name).toBe('Elite pad');
    expect((await page('/app/shoopping')).body).toContain('<link rel="modulepreload" crossorigin href="/app/assets/mall-page-1.js">');
    // Another organisation's shop stays its own.
    expect(island((await page('/app/shoopping', { cookie: `${firstScreen.orgCookie}=${OTHER_ORG}` })).body)?.goods?.items.map((g) => g.id)).not.toContain(shown.id);
    // The community page carries no shop.
    expect(island((await page('/app/community/index')).body)?.goods).toBeNull();
  });

  it('has no island for an unknown organisation or bad input, and still serves the app', async () => {
    for (const [url, cookie] of [
      ['/app/community/index', `${firstScreen.orgCookie}=nowhere`],
      ['/app/community/detail?id=%3Cscript%3E', ''],
      ['/app/community/detail', `${firstScreen.langCookie}=%E0%A4%A`],
    ] as const) {
      const res = await page(url, { cookie });
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('<div id="root"></div>');
      if (url.endsWith('index')) expect(island(res.body)).toBeNull();
      else expect(island(res.body)?.post ?? null).toBeNull();
    }
  });

  it('keeps a post’s `$&` and `$\'` as written (they are not replacement patterns)', async () => {
    const dollars = await makePost(app, alice, { content: "price $' and $& and $1 and $$", lang: 'cn' });
    const res = await page('/app/community/index');
    expect(island(res.body)?.feed?.items.find((p) => p.id === dollars)?.content).toBe("price $' and $& and $1 and $$");
    expect(res.body.match(/<div id="root">/g)).toHaveLength(1);
  });

  it('starts the download of the page’s largest picture and of its language’s strings with the HTML', async () => {
    const picture = { path: 'p/pad.jpg', kind: 'image' as const, thumb: 'p/pad.jpg.w480.webp', preview: 'p/pad.jpg.w1080.webp', width: 800, height: 600 };
    const pictured = await makePost(app, alice, { content: 'with a picture', lang: 'cn', media: [picture] });
    // A newer post without a picture: the lead is the first card that has one, not the first card.
    await makePost(app, alice, { content: 'text only', lang: 'cn' });
    const feed = await page('/app/community/index');
    const base = island(feed.body)?.organisation?.mediaBaseUrl;
    expect(base).toBeTruthy();
    expect(feed.body).toContain(
      `<link rel="preload" as="image" href="${base}/p/pad.jpg.w480.webp" imagesrcset="${base}/p/pad.jpg.w480.webp 480w, ${base}/p/pad.jpg.w1080.webp 1080w" imagesizes="(min-width: 600px) 400px, 66vw" fetchpriority="high">`,
    );
    // The post page opens on the larger rendition.
    const detail = await page(`/app/community/detail?id=${pictured}`);
    expect(detail.body).toContain(`<link rel="preload" as="image" href="${base}/p/pad.jpg.w1080.webp" fetchpriority="high">`);
    // A post without pictures names none.
    expect((await page(`/app/community/detail?id=${hostile}`)).body).not.toContain('rel="preload"');
    // The strings of the island's language (Chinese here) start with the HTML, and only those.
    expect(feed.body).toContain('<link rel="modulepreload" crossorigin href="/app/assets/eager-cn.js">');
    // The error messages load after the first screen (apps/web/src/platform/i18n.ts), not with the HTML.
    expect(feed.body).not.toContain('errors-cn.js');
    const english = (await page('/app/community/index', { cookie: `${firstScreen.langCookie}=en` })).body;
    expect(english).not.toContain('eager-cn.js');
    expect(english).toContain('<link rel="modulepreload" crossorigin href="/app/assets/eager-en.js">');
  });

  it('starts the landing page’s code with the HTML, without repeating what the entry loads', async () => {
    const { body } = await page('/app/community/index');
    expect(body).toContain('<link rel="modulepreload" crossorigin href="/app/assets/community-page-1.js">');
    expect(body).toContain('<link rel="modulepreload" crossorigin href="/app/assets/shared-1.js">');
    expect(body).toContain('<link rel="stylesheet" crossorigin href="/app/assets/shared-1.css">');
    expect(body).not.toContain('shell-1.js');
    expect((await page(`/app/community/detail?id=${hostile}`)).body).not.toContain('community-page-1.js');
  });

  it('starts the simulated host’s code with the HTML in a plain browser, never in the native app', async () => {
    const link = '<link rel="modulepreload" crossorigin href="/app/assets/simulated-host-1.js">';
    expect((await page('/app/shoopping')).body).toContain(link);
    const native = await page('/app/shoopping', { 'user-agent': 'Mozilla/5.0 (Linux; Android 14) Chrome/130 Mobile PadhubHost/5.2' });
    expect(native.statusCode).toBe(200);
    expect(native.body).not.toContain('simulated-host');
  });
});

describe('every HTML answer', () => {
  it('carries the policy: no inline script but the host queue by its hash, no framing, no sniffing, no full referrer', async () => {
    const files = readdirSync(webDist, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.html'));
    const routes = app.routes.filter((r) => r.method === 'GET' && r.url.startsWith('/app') && !/\.(?!html$)[a-z0-9]+$/i.test(r.url)).map((r) => r.url.replace('*', 'some/deep/link'));
    const urls = [...new Set([...files.map((f) => `/app/${f.split(path.sep).join('/')}`), ...routes, `/app/community/detail?id=${hostile}`])];
    expect(urls).toEqual(expect.arrayContaining(['/app/index.html', '/app/legal/terms.html', '/app/', '/app/community/index']));
    for (const url of urls) {
      const res = await page(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type'], url).toContain('text/html');
      expect(res.headers['content-security-policy'], url).toContain("frame-ancestors 'none'");
      expect(res.headers['content-security-policy'], url).toContain("script-src 'self'");
      expect(res.headers['content-security-policy'], url).not.toMatch(/script-src[^;]*'unsafe-inline'/);
      expect(res.headers['x-content-type-options'], url).toBe('nosniff');
      expect(res.headers['referrer-policy'], url).toBe('strict-origin-when-cross-origin');
    }
  });
});

describe('caching', () => {
  it('answers an unchanged landing page with 304 by its ETag, and a changed one in full', async () => {
    const first = await page('/app/community/index');
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^W\/"/);
    expect(first.headers['cache-control']).toBe('no-cache');
    expect(first.headers.vary).toContain('cookie');
    const again = await page('/app/community/index', { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    await makePost(app, alice, { content: 'news', lang: 'cn' });
    expect((await page('/app/community/index', { 'if-none-match': etag })).statusCode).toBe(200);
  });

  it('answers an unchanged API read with 304, never a write or a refusal', async () => {
    const headers = { accorgid: ORG, 'accept-language': 'cn' };
    const first = await app.inject({ method: 'GET', url: '/api/posts', headers });
    expect(first.headers['cache-control']).toBe('private, no-cache');
    const etag = String(first.headers.etag);
    const again = await app.inject({ method: 'GET', url: '/api/posts', headers: { ...headers, 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    // Another reader's answer differs (her liked states): the tag of one is not the other's.
    expect((await app.inject({ method: 'PUT', url: `/api/posts/${hostile}/like`, headers: alice.headers })).statusCode).toBe(200);
    const asAlice = await app.inject({ method: 'GET', url: '/api/posts', headers: { ...alice.headers, 'accept-language': 'cn', 'if-none-match': etag } });
    expect(asAlice.statusCode).toBe(200);
    const refused = await app.inject({ method: 'GET', url: '/api/me', headers });
    expect(refused.statusCode).toBe(401);
    expect(refused.headers.etag).toBeUndefined();
  });

  it('keeps hashed assets for a year', async () => {
    const res = await page('/app/assets/index-1.js');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });
});

describe('the full account of what is kept (docs/privacy.md)', () => {
  it('is served as the plain text this release ships, which the privacy page links to', async () => {
    const res = await page('/app/files/privacy.md');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(res.body).toBe(readFileSync(path.resolve(import.meta.dirname, '../../../../../docs/privacy.md'), 'utf8'));
    expect(res.body).toContain('## Deletion');
  });

  it('is the only text file under /app/files: another name is a 404, not the app shell', async () => {
    expect((await page('/app/files/passwd.md')).statusCode).toBe(404);
    expect((await page('/app/files/privacy.md/../../package.json')).statusCode).toBe(404);
  });
});

describe('the island’s media address', () => {
  it('is this server as the connection reached it, never the Host the client sent', async () => {
    const { origin } = await listen(app);
    const port = new URL(origin).port;
    // node:http, not fetch: fetch sends its own Host whatever the headers say.
    const html = (host: string) =>
      new Promise<string | undefined>((resolve, reject) => {
        get(`${origin}/app/community/index`, { headers: { host } }, (res) => {
          let body = '';
          res.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
          res.on('end', () => resolve(island(body)?.organisation?.mediaBaseUrl));
        }).on('error', reject);
      });
    // A loopback name on another port, and another name on this port: neither is believed.
    expect(await html('localhost:1')).toBe(`${origin}/storage/padhub`);
    expect(await html(`evil.example:${port}`)).toBe(`${origin}/storage/padhub`);
    // The name a person typed for this very server is kept, as the API's own answer keeps it.
    expect(await html(`localhost:${port}`)).toBe(`http://localhost:${port}/storage/padhub`);
  });
});

describe('a page whose cookie holds a session', () => {
  it('carries no posts: a blocked author’s post is not in it, and the cookie is never read as a credential', async () => {
    const reader = await registerUser(app);
    const blocked = await registerUser(app);
    const theirs = await makePost(app, blocked, { content: 'from someone blocked', lang: 'cn' });
    expect((await putList(app, reader, 'blocks', blocked.id)).statusCode).toBe(200);
    const session = { cookie: `${firstScreen.sessionCookie}=${reader.token}; ${firstScreen.orgCookie}=${ORG}` };
    // Anonymous, the post is there, on the feed and on its own page.
    expect(island((await page('/app/community/index')).body)?.feed?.items.map((p) => p.id)).toContain(theirs);
    expect(island((await page(`/app/community/detail?id=${theirs}`)).body)?.post?.id).toBe(theirs);
    // With the session, neither: the page asks with its token.
    const feed = island((await page('/app/community/index', session)).body);
    expect(feed).toMatchObject({ orgId: ORG, organisation: { id: ORG }, feed: null });
    expect((await page('/app/community/index', session)).body).not.toContain('from someone blocked');
    expect(island((await page(`/app/community/detail?id=${theirs}`, session)).body)?.post).toBeNull();
    // A token that is no one's does the same: the cookie's presence decides, never whose it is.
    expect(island((await page('/app/community/index', { cookie: `${firstScreen.sessionCookie}=made-up` })).body)?.feed).toBeNull();
    // The Mall's goods are the same for everyone, and stay.
    expect(island((await page('/app/shoopping', session)).body)?.categories).not.toBeNull();
  });
});
