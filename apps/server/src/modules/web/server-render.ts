import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import { type FirstScreen, type Lang, firstScreen, languages, limits } from '@padhub/contracts';
import { cookie } from './first-screen.ts';

/** What the built module (apps/web/src/app/server-render.tsx) exports. */
interface RenderModule {
  renderFirstScreen(input: { url: string; island: FirstScreen; lang: Lang; statusBarHeight: number }): Promise<string>;
}

/** The interface language and status bar height of the page's first render (firstScreen.frameCookie). */
interface Frame {
  lang: Lang;
  statusBarHeight: number;
}

/** The first screen's markup, and the frame it was drawn for (the page hydrates it only when its own is the same). */
interface Rendered {
  html: string;
  frame: string;
}

/**
 * `url`: the page's path and only the query it reads (routes.ts, `drawnAddress`), which keys the
 * kept renders with the frame and `islandText`, the island as the page carries it (hashed, no second
 * serialisation).
 */
export type RenderFirstScreen = (req: FastifyRequest, url: string, island: FirstScreen, islandText: string) => Promise<Rendered | null>;

const NATIVE_HOST = /\bPadhubHost\//;
/** Rendered markup is kept this long for the same island: the relative times in it stay near enough. */
const KEEP_MS = 30_000;
const KEEP_AT_MOST = 64;
/** A render that takes longer is not waited for: the page renders itself as before. */
const RENDER_TIMEOUT_MS = 1_000;
/**
 * Renders that miss the kept ones, per client address and window: a render costs tens of
 * milliseconds of the one thread, so a client asking for ever new ids is drawn a few, then gets the
 * island alone (which the page renders itself) until the window turns.
 */
const UNKEPT_PER_CLIENT = 10;
const UNKEPT_WINDOW_MS = 10_000;
/** More clients than this in one window: the counts start again rather than grow without bound. */
const CLIENTS_AT_MOST = 10_000;

/** Counts per client address in a fixed window; answers whether one more is allowed. */
function perClientAllowance(limit: number, windowMs: number) {
  let counts = new Map<string, number>();
  let windowStart = Date.now();
  return (client: string): boolean => {
    const now = Date.now();
    if (now - windowStart >= windowMs || counts.size >= CLIENTS_AT_MOST) {
      counts = new Map();
      windowStart = now;
    }
    const used = counts.get(client) ?? 0;
    if (used >= limit) return false;
    counts.set(client, used + 1);
    return true;
  };
}

/**
 * The frame the page will render with, or null when it cannot be known before the page runs
 * (docs/first-screen.md, "Server-rendered first screen"): what the last start wrote in its cookie;
 * else, outside a native host, what the page starts with there (platform/startup.ts: the simulated
 * host's, or no host's, language is Chinese and the status bar the default height). Inside a
 * native host without the cookie the host's answers decide: nothing is rendered, no wrong language
 * flashes.
 */
function frameOf(req: FastifyRequest): Frame | null {
  const saved = /^([a-z]{2})\.(\d{1,3}(?:\.\d+)?)$/.exec(cookie(req, firstScreen.frameCookie) ?? '');
  const lang = languages.find((l) => l === saved?.[1]);
  if (lang && saved?.[2]) return { lang, statusBarHeight: Number(saved[2]) };
  if (NATIVE_HOST.test(req.headers['user-agent'] ?? '')) return null;
  return { lang: 'cn', statusBarHeight: limits.defaultStatusBarHeight };
}

/**
 * The renderer of the landing pages' first screen, when the web app's server build is there
 * (`npm run build`); null otherwise: the HTML then carries the island alone. A render that fails or
 * hangs is logged and answered with the island alone, never an error page. Renders are kept per
 * address, frame and island: the island is shared by everyone of an organisation and language for
 * a moment (the feed's cache), so most requests cost no render; those that do are bounded per
 * client (`UNKEPT_PER_CLIENT`).
 */
export async function loadRenderer(bundle: string, log: FastifyBaseLogger): Promise<RenderFirstScreen | null> {
  if (!existsSync(bundle)) {
    log.warn({ bundle }, 'first screen not server-rendered: run `npm run build` to build it');
    return null;
  }
  let module: RenderModule;
  try {
    module = (await import(pathToFileURL(bundle).href)) as RenderModule;
  } catch (error) {
    log.error({ err: error, bundle }, 'first screen renderer failed to load; serving the island alone');
    return null;
  }
  const kept = new Map<string, { at: number; html: Promise<string> }>();
  const allowed = perClientAllowance(UNKEPT_PER_CLIENT, UNKEPT_WINDOW_MS);
  return async (req, url, island, islandText) => {
    const frame = frameOf(req);
    if (!frame) return null;
    const frameKey = `${frame.lang}.${frame.statusBarHeight}`;
    const key = `${url}|${frameKey}|${createHash('sha1').update(islandText).digest('base64url')}`;
    const now = Date.now();
    let entry = kept.get(key);
    if (!entry || now - entry.at > KEEP_MS) {
      if (!allowed(req.ip)) {
        req.log.debug({ url }, 'first screen not drawn: this client asked for many unkept renders');
        return null;
      }
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`render took over ${RENDER_TIMEOUT_MS} ms`)), RENDER_TIMEOUT_MS);
      });
      const html = Promise.race([module.renderFirstScreen({ url, island, ...frame }), timeout]).finally(() => clearTimeout(timer));
      entry = { at: now, html };
      kept.delete(key);
      kept.set(key, entry);
      // A failed render is not kept: the next request tries again.
      html.catch(() => kept.get(key) === entry && kept.delete(key));
      if (kept.size > KEEP_AT_MOST) kept.delete(kept.keys().next().value as string);
    }
    try {
      return { html: await entry.html, frame: frameKey };
    } catch (error) {
      req.log.error({ err: error, url }, 'first screen render failed; serving the island alone');
      return null;
    }
  };
}
