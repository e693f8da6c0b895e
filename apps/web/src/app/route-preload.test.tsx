import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setRoutePreload } from '@/platform/route-intent.ts';
import { anOrganisation, answerApi, renderPage, signIn, someone } from '@/test-utils.tsx';
import { MePage } from '@/features/people/pages/me-page.tsx';
import { routes } from '@/paths.ts';
import { RouteTree, preloadPage } from './router.tsx';
import { startRoutePreload } from './route-preload.ts';

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  setRoutePreload(() => undefined);
});

const profile = { user: someone, bio: '', createdAt: '2026-03-04T10:00:00.000Z', postCount: 0, followerCount: 0, followingCount: 0, likeCount: 0, following: false, blocked: false };
const apiPaths = (calls: { path: string }[]) => calls.map((c) => c.path);

describe('pages loaded ahead of the tap', () => {
  it('loads a Me link’s page data as the finger goes down, before the click', async () => {
    signIn();
    const calls = answerApi({ 'GET /organisation': anOrganisation, [`GET /users/${someone.id}`]: profile, 'GET /me/reports': { items: [], nextCursor: null } });
    const { client, location } = await renderPage(<MePage />, { route: '/user/me' });
    startRoutePreload(client);
    const link = screen.getByRole('link', { name: 'My reports' });
    expect(apiPaths(calls)).not.toContain('/me/reports');
    fireEvent.pointerDown(link);
    await waitFor(() => expect(apiPaths(calls)).toContain('/me/reports'));
    // Nothing was opened: only loaded.
    expect(location()).toBe('/user/me');
    expect(client.getQueryData(['safety', 'my-reports'])).toBeTruthy();
  });

  it('draws a page loaded ahead at once, where a page not loaded shows the skeleton first', async () => {
    signIn();
    answerApi({ 'GET /organisation': anOrganisation, 'GET /me/reports': { items: [], nextCursor: null }, 'GET /me/blocks': { items: [], nextCursor: null } });
    await preloadPage(routes.userReports);
    const ahead = await renderPage(<RouteTree />, { route: routes.userReports });
    // The first render, before anything is awaited: the page itself, not its skeleton.
    expect(screen.getByRole('heading', { name: 'My reports' })).toBeTruthy();
    ahead.unmount();
    await renderPage(<RouteTree />, { route: routes.userBlocked });
    expect(screen.queryByRole('heading', { name: 'Blocked' })).toBeNull();
    expect(await screen.findByRole('heading', { name: 'Blocked' })).toBeTruthy();
  });
});
