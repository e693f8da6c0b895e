import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyCompress from '@fastify/compress';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { firstScreen, htmlLangTags } from '@padhub/contracts';
import { registerEtag } from '#server/http/etag.ts';
import { firstScreenFallbacks } from '#server/telemetry/metrics.ts';
import { type LandingPath, islandJson, landingLinks, landingPages, languageLinks, loadFirstScreen, readManifest, simulatedHostLink } from './first-screen.ts';
import { inlineHead } from './inline-head.ts';
import { leadPictureLink } from './lead-links.ts';
import { firstRenderOf, inNativeHost, loadRenderer } from './server-render.ts';
import { startAfterPaint } from './start-after-paint.ts';

const APP_HOME = '/app/community/index';
const PRIVACY_PATH = '/app/files/privacy.md';
const PRIVACY_DOC = path.resolve(import.meta.dirname, '../../../../../docs/privacy.md');
/**
 * The landing pages whose markup the server draws (docs/first-screen.md, "Server-rendered first
 * screen"), with the query each one's first render reads (the feed's filter, the post's id). The
 * rest of a query (a campaign's tag, `?x=` made up to miss the kept renders) changes nothing on
 * screen, so it is left out of the address the page is drawn and kept for.
 */
const drawnPages: Partial<Record<LandingPath, string[]>> = {
  '/app/community/index': ['model', 'hasConfigs'],
  '/app/community/detail': ['id'],
  '/app/shoopping': [],
};

function drawnAddress(page: LandingPath, query: unknown): string | null {
  const reads = drawnPages[page];
  if (!reads) return null;
  const given = query as Record<string, unknown>;
  const kept = new URLSearchParams();
  for (const name of reads) if (typeof given[name] === 'string') kept.set(name, given[name]);
  const search = kept.toString();
  return search ? `${page}?${search}` : page;
}

/**
 * The page may load its own scripts only, and media and uploads from the store: a script that got
 * in through some bug could not send the token elsewhere or frame the app in a hostile page.
 */
export function contentSecurityPolicy(storageOrigins: string[], scriptHashes: string[] = []): string {
  const store = storageOrigins.join(' ');
  return [
    "default-src 'self'",
    // Inline, only the scripts a drawn page carries in its head, each by its hash (inline-head.ts).
    ["script-src 'self'", ...scriptHashes].join(' '),
    // antd-mobile and React set style attributes.
    "style-src 'self' 'unsafe-inline'",
    `img-src 'self' data: blob: ${store}`.trim(),
    `media-src 'self' blob: ${store}`.trim(),
    `connect-src 'self' ${store}`.trim(),
    "font-src 'self' data:",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

interface WebOptions {
  webDist: string;
  /** The built first screen renderer (server-render.ts); absent, the landing pages carry the island alone. */
  webSsr: string;
  /** How long a first-screen render is waited for before the page gets the island alone. */
  webSsrTimeoutMs: number;
  storageOrigins: string[];
  /** The organisation of a page that has not run before (no cookie yet). */
  defaultOrgId: string;
}

/**
 * Serves the built web app under /app/. Hashed assets are cached for a year; index.html is asked
 * again each time (an unchanged one answers 304 by its ETag), so a new release reaches phones at
 * the next start. The landing pages' HTML carries their first screen's data and starts their code
 * (first-screen.ts). Unknown paths under /app/ get index.html: the client router owns them.
 */
export async function webRoutes(app: FastifyInstance, { webDist, webSsr, webSsrTimeoutMs, storageOrigins, defaultOrgId }: WebOptions) {
  const inline = inlineHead(webDist);
  const csp = contentSecurityPolicy(storageOrigins, inline.scriptHashes);
  // Every answer here, the static plugin's included (index.html and any other .html of the build):
  // an HTML document without the policy could run inline script or be framed by another origin.
  app.addHook('onSend', async (_request, reply) => {
    reply.header('x-content-type-options', 'nosniff');
    if (/html|svg|xml/i.test(String(reply.getHeader('content-type') ?? ''))) {
      reply.header('content-security-policy', csp).header('referrer-policy', 'strict-origin-when-cross-origin');
    }
  });
  app.get('/', (_req, reply) => reply.redirect(APP_HOME));
  // The full account of what is kept of a person (docs/privacy.md), which the privacy page links
  // to: the text this release ships, as plain text, which every browser and WebView shows as it is.
  const privacy = readFileSync(PRIVACY_DOC, 'utf8');
  app.get(PRIVACY_PATH, (_req, reply) => reply.header('cache-control', 'no-cache').type('text/plain; charset=utf-8').send(privacy));
  const index = path.join(webDist, 'index.html');
  if (!existsSync(index)) {
    app.log.warn({ webDist }, 'web app not built; run `npm run build` to serve it under /app/');
    return;
  }
  await app.register(fastifyStatic, {
    root: webDist,
    prefix: '/app/',
    wildcard: false,
    preCompressed: true,
    index: false,
    setHeaders(reply, filePath) {
      const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
      reply.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });
  const shell = (reply: FastifyReply) => reply.header('cache-control', 'no-cache');
  const sendIndex = (_req: unknown, reply: FastifyReply) => shell(reply).sendFile('index.html');

  const template = readFileSync(index, 'utf8');
  const manifest = readManifest(webDist);
  const links = landingLinks(manifest);
  const stringLinks = languageLinks(manifest);
  const hostLink = simulatedHostLink(manifest);
  const render = await loadRenderer(webSsr, app.log, webSsrTimeoutMs);
  const sendLanding = async (req: FastifyRequest, reply: FastifyReply, page: LandingPath) => {
    const data = await loadFirstScreen(app, req, page, defaultOrgId);
    const json = data ? islandJson(data) : '';
    const island = data ? `<script type="application/json" id="${firstScreen.islandId}">${json}</script>` : '';
    // The page's markup too where its first render is known (server-render.ts); the page hydrates it.
    const address = drawnAddress(page, req.query);
    const markup = data && render && address ? await render(req, address, data, json) : null;
    if (data && !render && address) firstScreenFallbacks.inc({ reason: 'not_built' });
    const root = markup ? `<div id="root" data-frame="${markup.frame}" data-drawn-at="${markup.drawnAt}">${markup.html}</div>` : '<div id="root"></div>';
    // A theme the host forces is there from the first paint (apps/web/src/platform/theme.ts sets the same).
    const theme = firstRenderOf(req)?.theme;
    const forced = theme === 'light' || theme === 'dark' ? ` data-theme="${theme}" data-prefers-color-scheme="${theme}"` : '';
    const built = template
      .replace(/<html lang="[^"]*">/, `<html lang="${htmlLangTags[data?.lang ?? 'en']}"${forced}>`)
      // Replaced by functions: a string replacement would read `$&` or `$'` in a post's text as patterns.
      .replace('</head>', () => `${leadPictureLink(data, page)}${links[page]}${data ? stringLinks[data.lang] : ''}${inNativeHost(req) ? '' : hostLink}</head>`)
      .replace('<div id="root"></div>', () => `${root}${island}`);
    // Drawn: the code starts once the drawing is on screen (start-after-paint.ts), which waits for
    // nothing but the HTML and the lead picture (inline-head.ts).
    const html = markup ? built.replace(/<head>[\s\S]*?<\/head>/, (head) => inline.apply(startAfterPaint(head))) : built;
    // The answer depends on these cookies (a shared cache must not give one organisation's page to
    // another) and on whether a native host asks (server-render.ts draws the page for a browser only).
    shell(reply).header('vary', 'cookie, user-agent');
    return reply.type('text/html; charset=utf-8').send(html);
  };
  await app.register(async (landing) => {
    // Tagged and answered 304 as the API's reads are (http/etag.ts), before compression.
    registerEtag(landing);
    // The island makes this HTML a few KB of JSON: it travels compressed, as the API's answers do.
    await landing.register(fastifyCompress, { encodings: ['br', 'gzip'], globalDecompression: false });
    for (const page of Object.keys(landingPages) as LandingPath[]) landing.get(page, (req, reply) => sendLanding(req, reply, page));
  });
  app.get('/app', sendIndex);
  app.get('/app/', sendIndex);
  app.get('/app/*', (req, reply) => {
    // A missing asset is a 404, not the app shell: a browser would try to run HTML as a script.
    if (/\.[a-z0-9]+$/i.test(req.url.split('?')[0] ?? '')) return reply.callNotFound();
    return sendIndex(req, reply);
  });
}
