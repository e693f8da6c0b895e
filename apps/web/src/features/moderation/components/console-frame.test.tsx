import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderPage, signIn, someone } from '@/test-utils.tsx';
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
});
