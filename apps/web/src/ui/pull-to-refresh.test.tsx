import { act, fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderPage } from '@/test-utils.tsx';
import { PullToRefresh } from './pull-to-refresh.tsx';

const touch = (clientY: number) => ({ touches: [{ clientY }] });

async function renderList(onRefresh: () => Promise<unknown>) {
  const view = await renderPage(
    <main className="page-content">
      <PullToRefresh onRefresh={onRefresh}>
        <p>First post</p>
      </PullToRefresh>
    </main>,
  );
  const area = screen.getByText('First post').parentElement as HTMLElement;
  const indicator = area.querySelector('.ptr-indicator') as HTMLElement;
  return { ...view, area, indicator };
}

describe('PullToRefresh', () => {
  it('says what a pull will do as it goes, and refreshes once released far enough', async () => {
    let finish: (value?: unknown) => void = () => undefined;
    const onRefresh = vi.fn(() => new Promise((resolve) => (finish = resolve)));
    const { area, indicator } = await renderList(onRefresh);
    expect(indicator.getAttribute('aria-live')).toBe('polite');
    fireEvent.touchStart(area, touch(100));
    fireEvent.touchMove(area, touch(160));
    expect(indicator.textContent).toBe('Pull down to refresh');
    // The content follows the finger half as far.
    expect(indicator.style.height).toBe('30px');
    fireEvent.touchMove(area, touch(240));
    expect(indicator.textContent).toBe('Release to refresh');
    await act(async () => fireEvent.touchEnd(area));
    expect(onRefresh).toHaveBeenCalledOnce();
    expect(indicator.textContent).toBe('Loading');
    // A second pull while loading starts nothing.
    fireEvent.touchStart(area, touch(100));
    fireEvent.touchMove(area, touch(300));
    await act(async () => fireEvent.touchEnd(area));
    expect(onRefresh).toHaveBeenCalledOnce();
    await act(async () => finish());
    expect(indicator.textContent).toBe('');
    expect(indicator.style.height).toBe('0px');
  });

  it('goes back without refreshing when released too early', async () => {
    const onRefresh = vi.fn(async () => undefined);
    const { area, indicator } = await renderList(onRefresh);
    fireEvent.touchStart(area, touch(100));
    fireEvent.touchMove(area, touch(180));
    await act(async () => fireEvent.touchEnd(area));
    expect(onRefresh).not.toHaveBeenCalled();
    expect(indicator.textContent).toBe('');
  });

  it('leaves a page scrolled down alone: the finger scrolls it up instead', async () => {
    const onRefresh = vi.fn(async () => undefined);
    const { area, indicator } = await renderList(onRefresh);
    (area.closest('.page-content') as HTMLElement).scrollTop = 200;
    fireEvent.touchStart(area, touch(100));
    fireEvent.touchMove(area, touch(400));
    await act(async () => fireEvent.touchEnd(area));
    expect(onRefresh).not.toHaveBeenCalled();
    expect(indicator.textContent).toBe('');
  });

  it('stays ready to refresh after a refresh that failed', async () => {
    const onRefresh = vi.fn(async () => Promise.reject(new Error('offline')));
    const { area, indicator } = await renderList(onRefresh);
    fireEvent.touchStart(area, touch(0));
    fireEvent.touchMove(area, touch(200));
    await act(async () => fireEvent.touchEnd(area));
    expect(indicator.textContent).toBe('');
    fireEvent.touchStart(area, touch(0));
    fireEvent.touchMove(area, touch(200));
    await act(async () => fireEvent.touchEnd(area));
    expect(onRefresh).toHaveBeenCalledTimes(2);
  });
});
