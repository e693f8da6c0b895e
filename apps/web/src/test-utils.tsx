import { QueryClient, QueryClientProvider, useInfiniteQuery } from '@tanstack/react-query';
import { act, cleanup, render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { Dialog, Toast } from 'antd-mobile';
import { afterEach, vi } from 'vitest';
import { type Config, type ErrorKey, type Lang, type Me, type Organisation, type Page, type Post, type SharedConfig, type User, errorCatalogue } from '@padhub/contracts';
import { changeLanguage, ensureStrings, initI18n, type StringGroup } from '@/platform/i18n.ts';
import { useSession } from '@/platform/session.ts';
import { openGate } from '@/platform/startup-gate.ts';
import { renderOverlaysWithCreateRoot } from '@/ui/antd-render.ts';

/**
 * Helpers for the web app's component tests: the providers every page has (strings in English,
 * a query client, a router) and a stand-in for the server at the fetch boundary.
 */

const allGroups: StringGroup[] = ['posting', 'configs', 'safety', 'people', 'moderation', 'shop', 'notifications', 'security'];
let ready: Promise<void> | undefined;

// antd-mobile keeps its toasts and dialogs beside the rendered tree: one test's must not show in
// the next. Closed through antd, so that the next toast does not reuse a detached container.
afterEach(() => {
  // What the test rendered unmounts first, portals included (cleanup runs once: test-setup's finds nothing left).
  cleanup();
  Toast.clear();
  Dialog.clear();
  document.body.replaceChildren();
});

/** English strings of every group, loaded once per test file. */
export function loadStrings() {
  ready ??= (async () => {
    await initI18n('en');
    openGate();
    // Toasts and confirmations render as in the app, to be read and answered by the tests.
    renderOverlaysWithCreateRoot();
    await ensureStrings(allGroups);
  })();
  return ready;
}

/** Every group's strings in `lang`, and the app speaking it, as after the person picked it; tests go back to 'en'. */
export async function speak(lang: Lang) {
  await loadStrings();
  await changeLanguage(lang);
}

export const someone: Me = { id: '7', username: 'alex', nickname: 'Alex', avatar: null, state: 0, role: 'user', organisationId: 'padhub' };

/** Logs `user` in for the test (null: nobody). */
export function signIn(user: Me | null = someone) {
  useSession.setState({ token: user ? 'token-of-test' : null, user, hostReady: true });
}

/** Shows the current address, so a test can see where a link or a button took the person. */
function Location() {
  const { pathname, search } = useLocation();
  return <output data-testid="location">{pathname + search}</output>;
}

// Mutations run at once even offline, as in the app (app/query-client.ts); the ones that wait say so themselves.
export const testQueryClient = () => new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false, networkMode: 'always' } } });

/** Renders `ui` at `route` with the app's providers; answers the query client too, to look into the cache. */
export async function renderPage(ui: ReactElement, { route = '/', client = testQueryClient() }: { route?: string; client?: QueryClient } = {}) {
  await loadStrings();
  await closeOverlays();
  const result = render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[route]}>
        <Routes>
          <Route path="*" element={ui} />
        </Routes>
        <Location />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return { ...result, client, location: () => result.getByTestId('location').textContent };
}

/** Closes the toasts and confirmations still open, so that none is read as this test's. */
async function closeOverlays() {
  await act(async () => {
    Toast.clear();
    Dialog.clear();
  });
}

export interface ApiCall {
  method: string;
  path: string;
  query: URLSearchParams;
  body: unknown;
  /** The request's headers (Idempotency-Key, Accept-Language…). */
  headers: Headers;
}

/** Data to answer with, a Response, a promise of either, or a function of the call that gives one. */
type Answer = unknown;

/**
 * Answers the app's API calls from a table ("GET /posts/1" → data), in the server's envelope; any
 * other call fails the way a missing route does (404). An answer may be a Response (a refusal: see
 * `refuse`) or a promise of either. Answers the calls made, to assert on.
 */
export function answerApi(routes: Record<string, Answer>) {
  const calls: ApiCall[] = [];
  vi.stubGlobal('fetch', async (input: string, init: RequestInit = {}) => {
    const url = new URL(input, 'http://padhub.test');
    const method = init.method ?? 'GET';
    const path = url.pathname.replace(/^\/api/, '');
    const call = { method, path, query: url.searchParams, body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined, headers: new Headers(init.headers) };
    calls.push(call);
    const key = `${method} ${path}`;
    if (!(key in routes)) return Response.json({ code: 40401, message: `no route ${key}`, data: null }, { status: 404 });
    const answer = routes[key];
    // A promise answers when the test resolves it, to look at the page while a request is on its way.
    const data: unknown = await (typeof answer === 'function' ? (answer as (c: ApiCall) => unknown)(call) : answer);
    if (data instanceof Response) return data;
    return Response.json({ code: 0, message: 'ok', data });
  });
  return calls;
}

/** A refusal in the server's envelope, for a route of answerApi: `'PUT /posts/1/like': refuse('forbidden')`. */
export function refuse(key: ErrorKey, data?: unknown) {
  const { code, status } = errorCatalogue[key];
  return () => Response.json({ code, message: key, data: data ?? null }, { status });
}

/** The server refusing a call the way it does, with the catalogue's code and status (and `data`, if given). */
export function refusal(key: ErrorKey, data: unknown = null) {
  const { code, status } = errorCatalogue[key];
  return Response.json({ code, message: key, data }, { status });
}

/** An organisation with two controller models and a media address, for 'GET /organisation'. */
export const anOrganisation: Organisation = {
  id: 'padhub',
  name: 'Padhub',
  defaultLanguage: 'en',
  currency: 'CNY',
  moderationMode: 'post',
  models: [
    { id: 'elite-x', name: 'Padhub Elite X' },
    { id: 'lite', name: 'Padhub Lite' },
  ],
  mediaBaseUrl: 'https://media.padhub.test/',
};

/** A paged query over `load` (cursor → page), as the app's lists have, for list parts in ui/ (which may not use the query library). */
export function usePagedQuery<T>(load: (cursor: string | null) => Promise<Page<T>>) {
  return useInfiniteQuery({
    queryKey: ['test-pages'],
    queryFn: ({ pageParam }) => load(pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });
}

/** Someone other than the signed-in `someone`: the author the fixtures below default to. */
export const mina: User = { id: '9', username: 'mina', nickname: 'Mina', avatar: null, state: 0 };

/** A configuration as the hub lists it: a mapping by Mina, shared on an English post. */
export const aSharedConfig = (fields: Partial<SharedConfig> = {}): SharedConfig => ({
  id: 'c1',
  name: 'Racing triggers',
  kind: 'mapping',
  model: 'elite-x',
  game: 'Forza Horizon 5',
  author: mina,
  appliedCount: 1,
  likeCount: 2,
  copyCount: 0,
  liked: false,
  basedOn: null,
  postId: 'p1',
  lang: 'en',
  macroMs: null,
  createdAt: '2025-05-01T10:00:00.000Z',
  ...fields,
});

/** A passed English post by Mina, written just now: no media, configurations or reactions. */
export const aPost = (fields: Partial<Post> = {}): Post => ({
  id: '41',
  author: mina,
  content: 'My stick curve',
  lang: 'en',
  model: null,
  media: [],
  configs: [],
  configKinds: [],
  likeCount: 0,
  commentCount: 0,
  hiddenCommentCount: 0,
  favouriteCount: 0,
  liked: false,
  favourited: false,
  reviewStatus: 'passed',
  reviewReason: null,
  reviewReasonLang: null,
  createdAt: new Date().toISOString(),
  editedAt: null,
  ...fields,
});

/**
 * A configuration as its page shows it: Mina's mapping, which the viewer has not applied, liked or
 * saved. It has no body: pass `kind` with its `content` or `configurationList`. Cast because
 * TypeScript cannot see that one kind's fields spread over these make a single kind.
 */
export const aConfig = (fields: Partial<Config> = {}): Config =>
  ({
    id: '5',
    model: 'lite',
    kind: 'mapping',
    name: 'Racing',
    entryNames: [],
    game: null,
    author: mina,
    basedOn: null,
    applyCount: 0,
    saveCount: 0,
    likeCount: 0,
    createdAt: '2025-01-02T03:04:05.000Z',
    updatedAt: '2025-01-02T03:04:05.000Z',
    applied: false,
    liked: false,
    savedCopyId: null,
    hiddenOriginAuthor: null,
    ...fields,
  }) as Config;
