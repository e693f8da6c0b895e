import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import { type FirstRender, type FirstScreen, drawnFrame, firstScreen, limits, readFrameCookie } from '@padhub/contracts';
import { firstScreenFallbacks, firstScreenRenderDuration, firstScreenRenders } from '#server/telemetry/metrics.ts';
import { cookie } from './first-screen.ts';

/** What the built module (apps/web/src/app/server-render.tsx) exports. */
interface RenderModule {
  renderFirstScreen(input: { url: string; island: FirstScreen; frame: FirstRender; signedIn: boolean; drawnAt: number }): Promise<string>;
}

/** The first screen's markup, and what it was drawn for (the page hydrates it only when its own is the same). */
interface Rendered {
  html: string;
  /** `data-frame` (drawnFrame in the contracts). */
  frame: string;
  /** The minute it was drawn at: the page's relative times hydrate as drawn (apps/web/src/ui/frame.ts). */
  drawnAt: number;
}

/**
 * `url`: the page's path and only the query it reads (routes.ts, `drawnAddress`), which keys the
 * kept renders with the frame and `islandText`, the island as the page carries it (hashed, no second
 * serialisation).
 */
export type RenderFirstScreen = (req: FastifyRequest, url: string, island: FirstScreen, islandText: string) => Promise<Rendered | null>;

const NATIVE_HOST = /\bPadhubHost\//;
/** Whether the page runs inside the native app (its WebView's user agent says so: docs/bridge.md). */
export const inNativeHost = (req: FastifyRequest) => NATIVE_HOST.test(req.headers['user-agent'] ?? '');
/** Rendered markup is kept this long for the same island: the relative times in it stay near enough. */
const KEEP_MS = 30_000;
const KEEP_AT_MOST = 64;
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
 * What the page's first render will depend on, or null when it cannot be known before the page runs
 * (docs/first-screen.md, "Server-rendered first screen"): what the last start wrote in its cookie;
 * else, outside a native host, what the page starts with there (platform/startup.ts: the simulated
 * host's, or no host's, language is Chinese, the status bar the default height, nothing chosen).
 * Inside a native host without the cookie the host's answers decide: nothing is rendered, no wrong
 * language flashes.
 */
export function firstRenderOf(req: FastifyRequest): FirstRender | null {
  const saved = readFrameCookie(cookie(req, firstScreen.frameCookie));
  if (saved) return saved;
  if (inNativeHost(req)) return null;
  return { lang: 'cn', statusBarHeight: limits.defaultStatusBarHeight, allLanguages: false, theme: 'system' };
}

/**
 * Whether the page will start signed in: it keeps the host's token in the `token` cookie
 * (apps/web/src/platform/session.ts). Its first render then has a signed-in header, whose person
 * it does not know yet.
 */
const signedIn = (req: FastifyRequest) => cookie(req, firstScreen.sessionCookie) !== null;

/**
 * The renderer of the landing pages' first screen, when the web app's server build is there
 * (`npm run build`); null otherwise: the HTML then carries the island alone. A render that fails or
 * hangs is logged and answered with the island alone, never an error page. Renders are kept per
 * address, frame and island: the island is shared by everyone of an organisation and language for
 * a moment (the feed's cache), so most requests cost no render; those that do are bounded per
 * client (`UNKEPT_PER_CLIENT`).
 */
/** `timeoutMs`: a render that takes longer is not waited for, and the page renders itself as before (config `WEB_SSR_TIMEOUT_MS`). */
export async function loadRenderer(bundle: string, log: FastifyBaseLogger, timeoutMs: number): Promise<RenderFirstScreen | null> {
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
  const kept = new Map<string, { at: number; drawnAt: number; html: Promise<string> }>();
  const allowed = perClientAllowance(UNKEPT_PER_CLIENT, UNKEPT_WINDOW_MS);
  return async (req, url, island, islandText) => {
    const frame = firstRenderOf(req);
    if (!frame) {
      firstScreenFallbacks.inc({ reason: 'no_frame' });
      return null;
    }
    const viewer = signedIn(req);
    const frameKey = drawnFrame(frame, viewer);
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
        timer = setTimeout(() => reject(new Error(`render took over ${timeoutMs} ms`)), timeoutMs);
      });
      const drawnAt = Math.floor(now / 60_000) * 60_000;
      const took = firstScreenRenderDuration.startTimer();
      const html = Promise.race([module.renderFirstScreen({ url, island, frame, signedIn: viewer, drawnAt }).finally(took), timeout]).finally(() => clearTimeout(timer));
      html.then(() => firstScreenRenders.inc({ outcome: 'rendered' }), () => undefined);
      entry = { at: now, drawnAt, html };
      kept.delete(key);
      kept.set(key, entry);
      // A failed render is not kept: the next request tries again.
      html.catch(() => kept.get(key) === entry && kept.delete(key));
      if (kept.size > KEEP_AT_MOST) kept.delete(kept.keys().next().value as string);
    } else {
      firstScreenRenders.inc({ outcome: 'reused' });
    }
    try {
      return { html: await entry.html, frame: frameKey, drawnAt: entry.drawnAt };
    } catch (error) {
      req.log.error({ err: error, url }, 'first screen render failed; serving the island alone');
      firstScreenFallbacks.inc({ reason: 'failed' });
      return null;
    }
  };
}
