import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { vi } from 'vitest';
import { type Me, errorCatalogue } from '@padhub/contracts';
import { ensureStrings, initI18n, type StringGroup } from '@/platform/i18n.ts';
import { useSession } from '@/platform/session.ts';
import { openGate } from '@/platform/startup-gate.ts';
import { antd } from '@/ui/antd.tsx';
import { renderOverlaysWithCreateRoot } from '@/ui/antd-render.ts';

/**
 * Helpers for the web app's component tests: the providers every page has (strings in English,
 * a query client, a router) and a stand-in for the server at the fetch boundary.
 */

const allGroups: StringGroup[] = ['posting', 'configs', 'safety', 'moderation', 'shop'];
let ready: Promise<void> | undefined;

/** English strings of every group, loaded once per test file. */
export function loadStrings() {
  ready ??= (async () => {
    initI18n('en');
    openGate();
    // Toasts and confirmations show as they do in the app, for tests to read and answer.
    renderOverlaysWithCreateRoot();
    await ensureStrings(allGroups);
  })();
  return ready;
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

export const testQueryClient = () => new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });

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

/** Closes the toasts and confirmations an earlier test left open, so that none is read as this test's. */
export async function closeOverlays() {
  const { Toast, Dialog } = await antd();
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

type Answer = unknown | ((call: ApiCall) => unknown);

/**
 * Answers the app's API calls from a table ("GET /posts/1" → data), in the server's envelope; any
 * other call fails the way a missing route does (404). Answers the calls made, to assert on.
 */
export function answerApi(routes: Record<string, Answer>) {
  const calls: ApiCall[] = [];
  vi.stubGlobal('fetch', async (input: string, init: RequestInit = {}) => {
    const url = new URL(input, 'http://padhub.test');
    const method = init.method ?? 'GET';
    const path = url.pathname.replace(/^\/api/, '');
    const call = { method, path, query: url.searchParams, body: init.body ? JSON.parse(String(init.body)) : undefined, headers: new Headers(init.headers) };
    calls.push(call);
    const key = `${method} ${path}`;
    if (!(key in routes)) return Response.json({ code: 40401, message: `no route ${key}`, data: null }, { status: 404 });
    const answer = routes[key];
    const data = typeof answer === 'function' ? (answer as (c: ApiCall) => unknown)(call) : answer;
    if (data instanceof Response) return data;
    return Response.json({ code: 0, message: 'ok', data });
  });
  return calls;
}

/** The server refusing a call the way it does, with the catalogue's code and status (and `data`, if given). */
export function refusal(key: keyof typeof errorCatalogue, data: unknown = null) {
  const { code, status } = errorCatalogue[key];
  return Response.json({ code, message: key, data }, { status });
}
