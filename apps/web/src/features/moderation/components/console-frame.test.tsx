import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderPage, signIn, someone } from '@/test-utils.tsx';
import { emitLive } from '@/platform/live.ts';
import { ConsoleFrame } from './console-frame.tsx';

afterEach(() => vi.unstubAllGlobals());

describe('ConsoleFrame', () => {
  it('is titled by its section, and the goods editor belongs to the shop’s section', async () => {
    signIn({ ...someone, role: 'admin' });
    const { unmount } = await renderPage(<ConsoleFrame>reports here</ConsoleFrame>, { route: '/console' });
    expect(screen.getByRole('heading', { level: 1, name: 'Reports' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Reports' }).getAttribute('aria-current')).toBe('page');
    unmount();
    await renderPage(<ConsoleFrame>editor here</ConsoleFrame>, { route: '/console/goods/edit?id=3' });
    const nav = screen.getByRole('navigation', { name: 'Console sections' });
    const current = nav.querySelectorAll('[aria-current="page"]');
    expect([...current].map((link) => link.textContent)).toEqual([screen.getByRole('heading', { level: 1 }).textContent]);
    expect(screen.getByRole('heading', { level: 1 }).textContent).not.toBe('Moderation console');
  });

  it('shows staff how many reports and posts wait, as the live stream tells it', async () => {
    signIn({ ...someone, role: 'moderator' });
    await renderPage(<ConsoleFrame>reports here</ConsoleFrame>, { route: '/console' });
    expect(screen.getByRole('link', { name: 'Reports' })).toBeTruthy();
    act(() => emitLive('queue', { pendingPosts: 2, openReports: 5 } as never));
    expect(await screen.findByRole('link', { name: 'Reports 5' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Review 2' })).toBeTruthy();
    // Nothing waiting: no number.
    act(() => emitLive('queue', { pendingPosts: 0, openReports: 1 } as never));
    expect(await screen.findByRole('link', { name: 'Review' })).toBeTruthy();
  });
});
