import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { type FirstScreen, type Lang, firstScreen, firstScreenSchema, headers, languages, readFrameCookie } from '@padhub/contracts';

/** The landing pages whose HTML carries their first screen (paths as the web app names them). */
export const landingPages = {
  '/app/community/index': 'src/features/community/pages/community-page.tsx',
  '/app/community/detail': 'src/features/community/pages/post-detail-page.tsx',
  '/app/shoopping': 'src/features/shop/pages/mall-page.tsx',
} as const;
export type LandingPath = keyof typeof landingPages;

export function cookie(req: FastifyRequest, name: string): string | null {
  for (const part of (req.headers.cookie ?? '').split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key !== name) continue;
    try {
      return decodeURIComponent(rest.join('=')) || null;
    } catch {
      return null;
    }
  }
  return null;
}

/**
 * Asks the app's own API, as an anonymous reader would: the same tenancy, validation and answer
 * shapes as the page's own requests, so the island never says more than the API would. The
 * session token is left out on purpose: the HTML is the same for everyone of an organisation and
 * language, and the page fills in the person's own states (liked, favourited) afterwards.
 * Nothing of the request's own headers goes along: the injected request's Host is this server's
 * public origin as the real request worked it out (http/public-origin.ts), never the Host the
 * client sent, and its address is the client's as the proxy rule reads it.
 */
async function ask<T>(app: FastifyInstance, req: FastifyRequest, url: string, orgId: string, lang: Lang): Promise<T | null> {
  const res = await app.inject({
    method: 'GET',
    url,
    remoteAddress: req.ip,
    headers: { [headers.organisation]: orgId, 'accept-language': lang, host: new URL(req.publicOrigin).host },
  });
  if (res.statusCode !== 200) return null;
  const body = res.json<{ code: number; data: T }>();
  return body.code === 0 ? body.data : null;
}

/**
 * The data of the first screen: for the organisation and content language the page last ran in
 * (its cookies), else the default organisation in Chinese, what a page without a host shows
 * (docs/product-spec.md, "States and transitions"); the feed of every language when the device
 * chose "All languages" (the frame cookie), as the page's own first render will ask.
 *
 * Posts only for a page without a session. The feed and the post are an anonymous reader's, but a
 * signed-in person's own are not the same: the authors they blocked or blacklisted are left out,
 * and a post of one answers `author_hidden_by_you`. Drawing the person's own would mean taking the
 * token from the cookie as a credential, which the API never does (the cookie is script-readable
 * and travels with every navigation), so a page whose cookie holds a token gets the organisation,
 * and the Mall its goods, but no posts: the page asks for them with the token in its header.
 */
export async function loadFirstScreen(app: FastifyInstance, req: FastifyRequest, page: LandingPath, defaultOrgId: string): Promise<FirstScreen | null> {
  const orgId = cookie(req, firstScreen.orgCookie) ?? defaultOrgId;
  const savedLang = cookie(req, firstScreen.langCookie);
  const lang: Lang = languages.find((l) => l === savedLang) ?? 'cn';
  const query = req.query as Record<string, unknown>;
  const id = typeof query.id === 'string' ? query.id : null;
  const mall = page === '/app/shoopping';
  const allLanguages = readFrameCookie(cookie(req, firstScreen.frameCookie))?.allLanguages ?? false;
  const anonymous = cookie(req, firstScreen.sessionCookie) === null;
  const [organisation, feed, post, categories, goods] = await Promise.all([
    ask<FirstScreen['organisation']>(app, req, '/api/organisation', orgId, lang),
    anonymous && page === '/app/community/index' ? ask<FirstScreen['feed']>(app, req, `/api/posts?sort=new${allLanguages ? '&lang=all' : ''}`, orgId, lang) : null,
    anonymous && page === '/app/community/detail' && id ? ask<FirstScreen['post']>(app, req, `/api/posts/${encodeURIComponent(id)}`, orgId, lang) : null,
    mall ? ask<FirstScreen['categories']>(app, req, '/api/goods/categories', orgId, lang) : null,
    mall ? ask<FirstScreen['goods']>(app, req, '/api/goods', orgId, lang) : null,
  ]);
  // An unknown organisation answers nothing: no island, the page starts as it always did.
  if (!organisation) return null;
  // Checked against the contract: only the fields a reader may see go into the page.
  return firstScreenSchema.parse({ orgId, lang, organisation, feed, allLanguages, post, categories, goods });
}

/**
 * JSON inside `<script>`: `<` is escaped so no text (a post saying `</script><script>…`) can close
 * the element; U+2028/2029 so old parsers do not see a line end. JSON.parse reads it back as it was.
 */
export function islandJson(data: unknown): string {
  return JSON.stringify(data)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

interface ManifestChunk {
  file: string;
  imports?: string[];
  css?: string[];
  isEntry?: boolean;
}

/**
 * `<link>`s that start each landing page's code with the HTML instead of after the entry has run
 * (the page chunk and the chunks it imports; the entry's own are in index.html already).
 */
type Manifest = Record<string, ManifestChunk>;

/** The build's manifest, read once at start-up by the caller and given to both link makers below. */
export function readManifest(webDist: string): Manifest {
  try {
    return JSON.parse(readFileSync(path.join(webDist, '.vite/manifest.json'), 'utf8')) as Manifest;
  } catch {
    // A build without a manifest still serves; the page loads its code as before.
    return {};
  }
}

/**
 * `<link>`s for the strings of the island's language: the app renders only once the first paint's
 * language has loaded (apps/web/src/platform/i18n.ts), so they start with the HTML rather than
 * after the entry has run (no language comes with the entry). The error messages are not among
 * them: they load once the first screen is done.
 */
export function languageLinks(manifest: Manifest): Record<Lang, string> {
  const link = (key: string) => (manifest[key] ? `<link rel="modulepreload" crossorigin href="/app/${manifest[key].file}">` : '');
  const of = (lang: Lang) => link(`src/locales/${lang}/eager.ts`);
  return Object.fromEntries(languages.map((lang) => [lang, of(lang)])) as Record<Lang, string>;
}

/**
 * The simulated host's code, for a page opened in a plain browser (no `PadhubHost/` in its user
 * agent): the page loads it before its first render (apps/web/src/platform/host.ts), so it starts
 * with the HTML. The native app's pages never load it.
 */
export function simulatedHostLink(manifest: Manifest): string {
  const chunk = manifest['src/platform/bridge/simulated-host.ts'];
  return chunk ? `<link rel="modulepreload" crossorigin href="/app/${chunk.file}">` : '';
}

export function landingLinks(manifest: Manifest): Record<LandingPath, string> {
  const closure = (key: string, seen = new Set<string>()) => {
    const visit = (k: string) => {
      if (!manifest[k] || seen.has(k)) return;
      seen.add(k);
      for (const dep of manifest[k].imports ?? []) visit(dep);
    };
    visit(key);
    return seen;
  };
  // What index.html already loads: the entry and its static imports.
  const entry = Object.keys(manifest).find((k) => manifest[k]?.isEntry);
  const shell = entry ? closure(entry) : new Set<string>();
  const shellCss = new Set([...shell].flatMap((k) => manifest[k]?.css ?? []));
  const links = (key: string) => {
    const chunks = [...closure(key)].filter((k) => !shell.has(k)).map((k) => manifest[k]).filter((c): c is ManifestChunk => c !== undefined);
    const css = [...new Set(chunks.flatMap((c) => c.css ?? []))].filter((file) => !shellCss.has(file)).map((file) => `<link rel="stylesheet" crossorigin href="/app/${file}">`);
    return [...chunks.map((c) => `<link rel="modulepreload" crossorigin href="/app/${c.file}">`), ...css].join('');
  };
  return Object.fromEntries(Object.entries(landingPages).map(([page, key]) => [page, links(key)])) as Record<LandingPath, string>;
}
