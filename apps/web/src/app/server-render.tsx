import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { prerenderToNodeStream } from 'react-dom/static';
import { StaticRouter } from 'react-router';
import type { FirstRender, FirstScreen } from '@padhub/contracts';
import { eager as cn } from '@/locales/cn/eager.ts';
import { eager as en } from '@/locales/en/eager.ts';
import { eager as jp } from '@/locales/jp/eager.ts';
import { eager as ko } from '@/locales/ko/eager.ts';
import { useSession } from '@/platform/session.ts';
import { AppFrame } from './app-frame.tsx';
import { seedIsland } from './first-screen.ts';
import { createQueryClient } from './query-client.ts';
import { RouteTree } from './router.tsx';

/**
 * The server's first screen (apps/server/src/modules/web/server-render.ts; docs/first-screen.md,
 * "Server-rendered first screen"): the landing page as the page's own first render will be, from
 * the island's data, with the device's choices (interface language, status bar height, feed) and
 * signed in or not. Built by `vite build --ssr` into dist-server/, run by the server in Node.
 */
export interface RenderInput {
  /** The address, with /app and the query. */
  url: string;
  island: FirstScreen;
  /** What the page's first render depends on besides the island (the frame cookie). */
  frame: FirstRender;
  /** The page starts signed in: its header says so, before it knows whose the token is. */
  signedIn: boolean;
  /** The minute the markup is drawn at (ui/frame.ts): the page hydrates its relative times as drawn. */
  drawnAt: number;
}

const strings = { cn, en, jp, ko };
/** A render still running after this is given up (the server stopped waiting at a second: modules/web/server-render.ts). */
const ABANDON_MS = 2_000;

// Every language's shell and community strings, in memory from the start: the render is synchronous
// for them. Other groups (a page's `page(…, ['shop'])`) load through platform/i18n.ts as in the page.
// The error messages are not among them, as in the page's first render (platform/i18n.ts).
void i18next.use(initReactI18next).init({
  lng: 'en',
  // As in the page (platform/i18n.ts): every language is complete, none stands in for another.
  fallbackLng: false,
  resources: Object.fromEntries(Object.entries(strings).map(([lang, eager]) => [lang, { translation: eager }])),
  interpolation: { escapeValue: false },
  initAsync: false,
});

async function renderNow({ url, island, frame, signedIn, drawnAt }: RenderInput): Promise<string> {
  const { lang, statusBarHeight, allLanguages } = frame;
  await i18next.changeLanguage(lang);
  // Signed in, the page's first render knows the token but not yet whose it is (platform/session.ts, `drawnSession`).
  const token = signedIn ? 'drawn' : null;
  useSession.setState({ token, user: null, orgId: island.orgId, statusBarHeight, lang, requestLang: island.lang === lang ? null : island.lang, hostReady: true, allLanguages });
  const client = createQueryClient();
  const address = new URL(url, 'http://padhub.invalid');
  seedIsland(client, island, { path: address.pathname, search: address.search, orgId: island.orgId, lang: island.lang });
  try {
    // The whole first screen, lazy page included, before anything is sent: the HTML carries it
    // complete (no streamed boundaries, which would need inline scripts the page's CSP refuses).
    const failures: unknown[] = [];
    const { prelude } = await prerenderToNodeStream(
      <AppFrame client={client} statusBarHeight={statusBarHeight} lang={lang} online waiting={0} drawn={{ at: drawnAt, later: null }}>
        <StaticRouter basename="/app" location={address.pathname + address.search}>
          <RouteTree />
        </StaticRouter>
      </AppFrame>,
      {
        signal: AbortSignal.timeout(ABANDON_MS),
        onError: (error) => void failures.push(error),
        // Never outlined: a large boundary sent apart would need React's inline script to put it in place.
        progressiveChunkSize: Number.POSITIVE_INFINITY,
      },
    );
    const chunks: Buffer[] = [];
    for await (const chunk of prelude) chunks.push(Buffer.from(chunk as Uint8Array));
    // A part that failed would be drawn as its fallback, for the page to render afresh: not the page's first render.
    if (failures.length > 0) throw failures[0];
    // React puts a preload of each eager picture before the markup; the HTML's head already preloads
    // the lead picture, the one eager picture (modules/web/lead-links.ts), earlier and at high priority.
    return Buffer.concat(chunks).toString('utf8').replace(/^(?:<link rel="preload" as="image"[^>]*>)+/, '');
  } finally {
    client.clear();
  }
}

let queue: Promise<unknown> = Promise.resolve();

/**
 * One render at a time: the language and the session are the module's own (i18next, the session
 * store), as they are in the page, so two renders at once would mix them.
 */
export function renderFirstScreen(input: RenderInput): Promise<string> {
  const result = queue.then(() => renderNow(input));
  // A render that never ends (a chunk that never loads) must not hold every later one: the server
  // stops waiting for it after a second (modules/web/server-render.ts); the queue does a little later.
  const abandon = new Promise<void>((resolve) => setTimeout(resolve, ABANDON_MS).unref());
  queue = Promise.race([result.catch(() => undefined), abandon]);
  return result;
}
