import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { vi } from 'vitest';
import type { Me } from '@padhub/contracts';
import { ensureStrings, initI18n, type StringGroup } from '@/platform/i18n.ts';
import { useSession } from '@/platform/session.ts';
import { openGate } from '@/platform/startup-gate.ts';

/**
 * Helpers for the web app's component tests: the providers every page has (strings in English,
 * a query client, a router) and a stand-in for the server at the fetch boundary.
 */

const allGroups: StringGroup[] = ['posting', 'configs', 'safety', 'moderation', 'shop'];
let ready: Promise<void> | undefined;

/** English strings of every group, loaded once per test file. */
function loadStrings() {
  ready ??= (async () => {
    initI18n('en');
    openGate();
    await ensureStrings(allGroups);
  })();
  return ready;
}

const someone: Me = { id: '7', username: 'alex', nickname: 'Alex', avatar: null, state: 0, role: 'user', organisationId: 'padhub' };

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

interface ApiCall {
  method: string;
  path: string;
  query: URLSearchParams;
  body: unknown;
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
    const call = { method, path, query: url.searchParams, body: init.body ? JSON.parse(String(init.body)) : undefined };
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
