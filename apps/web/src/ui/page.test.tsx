import { act, fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { Link, useLocation } from 'react-router';
import { renderPage } from '@/test-utils.tsx';
import { FrameContext } from './frame.ts';
import { Page, forgetScrollPosition } from './page.tsx';
import { TabBar } from './tab-bar.tsx';

/** Two pages that link to each other, as the app's routes do. */
function TwoPages() {
  const { pathname } = useLocation();
  const first = pathname === '/first';
  return (
    <Page title={first ? 'First' : 'Second'}>
      <Link to={first ? '/second' : '/first'}>Go on</Link>
      <p style={{ height: 2000 }}>Long content</p>
    </Page>
  );
}

describe('Page', () => {
  it('has one heading, names the browser tab, and keeps its content below the host’s status bar', async () => {
    const { container } = await renderPage(
      <FrameContext value={{ statusBarHeight: 44, lang: 'en', drawnAt: null, later: null }}>
        <Page title="My posts" tall>
          <p>Content</p>
        </Page>
      </FrameContext>,
    );
    expect(screen.getByRole('heading', { level: 1, name: 'My posts' })).toBeTruthy();
    expect(document.title).toBe('My posts · Padhub');
    expect((container.querySelector('.page') as HTMLElement).style.paddingTop).toBe('44px');
    // 44 px of status bar and the tall 64 px header leave the rest to the content.
    expect(screen.getByRole('main').style.height).toBe('calc(100dvh - 108px - var(--ph-footer, 0px))');
  });

  it('goes back, or to the community when there is nothing to go back to', async () => {
    const { location } = await renderPage(<Page title="Post">Text</Page>, { route: '/community/detail?id=1' });
    expect(history.length).toBe(1);
    fireEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(location()).toBe('/community/index');
  });

  it('has no back button on a main page, and keeps a hidden title for screen readers', async () => {
    await renderPage(
      <Page title="Community" back={false} hideTitle>
        Feed
      </Page>,
    );
    expect(screen.queryByRole('button', { name: 'Back' })).toBeNull();
    expect(screen.getByRole('heading', { name: 'Community' }).className).toBe('visually-hidden');
  });

  it('moves focus to the heading of the next page, and gives a page back its scroll position', async () => {
    await renderPage(<TwoPages />, { route: '/first' });
    screen.getByRole('main').scrollTop = 300;
    fireEvent.scroll(screen.getByRole('main'));
    await act(async () => fireEvent.click(screen.getByRole('link', { name: 'Go on' })));
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Second' }));
    expect(screen.getByRole('main').scrollTop).toBe(0);
    await act(async () => fireEvent.click(screen.getByRole('link', { name: 'Go on' })));
    expect(screen.getByRole('main').scrollTop).toBe(300);
  });

  it('leaves a page shown for the first time at its top without setting it (which would lay the page out at once)', async () => {
    forgetScrollPosition('/first');
    const set = vi.spyOn(Element.prototype, 'scrollTop', 'set');
    await renderPage(<TwoPages />, { route: '/first' });
    expect(set).not.toHaveBeenCalled();
    set.mockRestore();
  });

  it('opens at the top after its position was forgotten', async () => {
    await renderPage(<TwoPages />, { route: '/first' });
    screen.getByRole('main').scrollTop = 300;
    fireEvent.scroll(screen.getByRole('main'));
    await act(async () => fireEvent.click(screen.getByRole('link', { name: 'Go on' })));
    forgetScrollPosition('/first');
    await act(async () => fireEvent.click(screen.getByRole('link', { name: 'Go on' })));
    expect(screen.getByRole('main').scrollTop).toBe(0);
  });
});

describe('TabBar', () => {
  it('leads to the two main pages and marks the one shown', async () => {
    const { location } = await renderPage(<TabBar />, { route: '/community/index' });
    const nav = screen.getByRole('navigation', { name: 'Main navigation' });
    expect(nav).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Community' }).getAttribute('aria-current')).toBe('page');
    expect(screen.getByRole('link', { name: 'Mall' }).getAttribute('aria-current')).toBeNull();
    fireEvent.click(screen.getByRole('link', { name: 'Mall' }));
    expect(location()).toBe('/shoopping');
    expect(screen.getByRole('link', { name: 'Mall' }).getAttribute('aria-current')).toBe('page');
  });
});
