import type { QueryClient } from '@tanstack/react-query';
import { type FirstRender, type FirstScreen, type Lang, drawnFrame, firstScreen, frameCookieValue } from '@padhub/contracts';
import { paths } from '@/paths.ts';
import { setCookie } from '@/platform/device-storage.ts';
import { organisationQuery } from '@/platform/organisation.ts';
import { type SessionState, useSession } from '@/platform/session.ts';
import { onThemeChoice, themeChoice } from '@/platform/theme.ts';
import { postKeys } from '@/entities/post/keys.ts';
import { goodsKeys } from '@/entities/goods/keys.ts';
import { feedQuery } from '@/features/community/api/get-feed.ts';

function readIsland(): FirstScreen | null {
  const text = document.getElementById(firstScreen.islandId)?.textContent;
  if (!text) return null;
  try {
    return JSON.parse(text) as FirstScreen;
  } catch {
    return null;
  }
}

const contentLanguage = (s: SessionState) => s.requestLang ?? s.lang;
/** What the first render depends on beyond the island (contracts: first-render.ts). */
const firstRenderOf = (s: SessionState): FirstRender => ({ lang: s.lang, statusBarHeight: s.statusBarHeight, allLanguages: s.allLanguages, theme: themeChoice() });

/**
 * Tells the server what the next cold start will ask for and how it will look: its organisation,
 * content language, and every choice of the device that changes the first screen (the frame
 * cookie), so that the server draws that very screen.
 */
function rememberForNextStart() {
  let written = '';
  const write = () => {
    const s = useSession.getState();
    const next = [s.orgId, contentLanguage(s), frameCookieValue(firstRenderOf(s))];
    if (next.join('|') === written) return;
    written = next.join('|');
    setCookie(firstScreen.orgCookie, next[0]!, 365);
    setCookie(firstScreen.langCookie, next[1]!, 365);
    setCookie(firstScreen.frameCookie, next[2]!, 365);
  };
  write();
  useSession.subscribe(write);
  onThemeChoice(write);
}

/**
 * Puts the data the server sent inside the HTML (modules/web/first-screen.ts on the server) into
 * the query cache before the first render (which waits for the host's answers), so the first paint
 * needs no API round trip. Used only when it is what the page would ask for itself: the host's
 * organisation, the content language. It is an anonymous reader's view: with a token from the
 * host, the lists are asked again at once (app.tsx), filling in the person's own liked and
 * favourited states in place.
 */
export function seedFirstScreen(client: QueryClient, later: (run: () => void) => void) {
  rememberForNextStart();
  const data = readIsland();
  const session = useSession.getState();
  if (data) seedIsland(client, data, { path: location.pathname, search: location.search, orgId: session.orgId, lang: contentLanguage(session) });
  // Shown at once all the same; asked again for this person's own states (once the drawn page is
  // alive, when there is one: its parts hydrate the data they were drawn from).
  if (data?.orgId === session.orgId && session.token) later(() => void client.invalidateQueries({ queryKey: postKeys.all }));
}

/**
 * Whether the server's markup in the root (modules/web/server-render.ts on the server) is this
 * page's first render: drawn from an island of the same organisation and content language, for the
 * same interface language, status bar height and feed, signed in or not as this page starts. Then
 * the page hydrates it (nothing moves, the pictures already loading stay). Otherwise it renders
 * afresh: React keeps no markup it did not draw itself.
 */
export function serverMarkupFits(root: HTMLElement): boolean {
  const rendered = root.dataset.frame;
  if (!rendered || !root.firstElementChild) return false;
  const data = readIsland();
  const s = useSession.getState();
  return data?.orgId === s.orgId && data.lang === contentLanguage(s) && rendered === drawnFrame(firstRenderOf(s), s.token !== null);
}

interface Place {
  /** The address's path, with /app. */
  path: string;
  search: string;
  /** The organisation and content language the page asks for. */
  orgId: string;
  lang: Lang;
}

/**
 * The island's data into the query cache under the keys the page's own requests use: shared with
 * the server's rendering (app/server-render.tsx), so both render the same first screen.
 */
export function seedIsland(client: QueryClient, data: FirstScreen, { path: fullPath, search: query, orgId, lang }: Place) {
  if (data.orgId !== orgId) return;
  if (data.organisation) client.setQueryData(organisationQuery(data.orgId).queryKey, data.organisation);
  const path = fullPath.replace(/^\/app/, '');
  const search = new URLSearchParams(query);
  // The island holds the newest feed, of every language when the device chose so; a link naming a
  // model or configurations asks itself.
  if (data.feed && data.lang === lang && path === paths.community && !search.has('model') && !search.has('hasConfigs')) {
    client.setQueryData(feedQuery({ sort: 'new', lang: data.allLanguages ? 'all' : undefined }, lang).queryKey, { pages: [data.feed], pageParams: [null] });
  }
  if (data.post) client.setQueryData(postKeys.detail(data.post.id), data.post);
  // The Mall opens on every category (features/shop: categoriesQuery, goodsListQuery with category null).
  if (data.lang === lang && path === paths.mall) {
    if (data.categories) client.setQueryData(goodsKeys.categories(lang), data.categories);
    if (data.goods) client.setQueryData(goodsKeys.list(lang, null), { pages: [data.goods], pageParams: [null] });
  }
}

/**
 * A part of the server's markup that was not this page's first render: React has drawn that part
 * afresh (its nearest Suspense boundary, or the whole root), and says why here (hydrateRoot's
 * onRecoverableError). It should not happen (`serverMarkupFits` decides before hydrating); when it
 * does, it is a bug to fix: what differs is in the message and the component stack.
 */
export function reportMismatch(error: unknown, info: { componentStack?: string }) {
  console.error('Padhub: the server’s markup differed from the first render; that part was drawn again.', error, info.componentStack ?? '');
}
