import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Page } from '@padhub/contracts';
import { renderPage, usePagedQuery } from '@/test-utils.tsx';
import { PullList, distinct } from './pull-list.tsx';

interface Item {
  id: string;
}

/**
 * happy-dom lays nothing out, so nothing ever comes into view: this stand-in for the browser's
 * IntersectionObserver brings the list's end into view when a test scrolls there.
 */
const observed = new Set<IntersectionObserverCallback>();
function scrollToEnd() {
  for (const callback of observed) callback([{ isIntersecting: true } as IntersectionObserverEntry], {} as IntersectionObserver);
}
beforeEach(() => {
  observed.clear();
  vi.stubGlobal(
    'IntersectionObserver',
    class {
      constructor(private callback: IntersectionObserverCallback) {}
      observe() {
        observed.add(this.callback);
      }
      disconnect() {
        observed.delete(this.callback);
      }
    },
  );
});
afterEach(() => vi.unstubAllGlobals());

/** A list whose pages come from `load` (cursor → page), as the app's paged queries do. */
function List({ load, empty, emptyAction }: { load: (cursor: string | null) => Promise<Page<Item>>; empty?: string; emptyAction?: React.ReactNode }) {
  const query = usePagedQuery(load);
  return <PullList query={query} label="Items" itemKey={(item) => item.id} renderItem={(item) => <span>Item {item.id}</span>} empty={empty} emptyAction={emptyAction} />;
}

const page = (ids: string[], nextCursor: string | null = null): Page<Item> => ({ items: ids.map((id) => ({ id })), nextCursor });
const shown = () => screen.getAllByRole('listitem').map((li) => li.textContent);

describe('PullList', () => {
  it('says it is loading, with skeleton cards, then lists the items under its name and says when there are no more', async () => {
    const { container } = await renderPage(<List load={async () => page(['1', '2'])} />);
    // Skeletons hold the place of the cards to come; assistive technology hears "Loading".
    expect(screen.getByRole('status', { name: 'Items' }).textContent).toContain('Loading');
    expect(container.querySelectorAll('.skeleton').length).toBeGreaterThan(0);
    await waitFor(() => expect(shown()).toEqual(['Item 1', 'Item 2']));
    expect(screen.getByRole('list', { name: 'Items' }).getAttribute('aria-busy')).toBe('false');
    expect(screen.getByText('No more items')).toBeTruthy();
  });

  it('offers to load again when the first page fails, and loads on a tap', async () => {
    let fail = true;
    await renderPage(<List load={async () => (fail ? Promise.reject(new Error('offline')) : page(['1']))} />);
    const retry = await screen.findByRole('button', { name: 'Request failed, click to reload' });
    expect(screen.getByRole('alert')).toBeTruthy();
    fail = false;
    fireEvent.click(retry);
    await waitFor(() => expect(shown()).toEqual(['Item 1']));
  });

  it('says the list is empty, in its own words, with what the person can do about it', async () => {
    await renderPage(<List load={async () => page([])} empty="No posts yet" emptyAction={<a href="/new">New post</a>} />);
    expect(await screen.findByText('No posts yet')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'New post' })).toBeTruthy();
    expect(screen.queryByRole('list')).toBeNull();
    expect(screen.queryByText('No more items')).toBeNull();
  });

  it('loads the next page as its end comes into view, showing an item that moved up only once', async () => {
    const load = vi.fn(async (cursor: string | null) => (cursor ? page(['2', '3']) : page(['1', '2'], 'next')));
    await renderPage(<List load={load} />);
    await waitFor(() => expect(shown()).toEqual(['Item 1', 'Item 2']));
    expect(screen.queryByText('No more items')).toBeNull();
    act(scrollToEnd);
    await waitFor(() => expect(shown()).toEqual(['Item 1', 'Item 2', 'Item 3']));
    expect(load).toHaveBeenLastCalledWith('next');
    expect(screen.getByText('No more items')).toBeTruthy();
  });

  it('keeps what it has when a later page fails, and asks for that page again on a tap', async () => {
    let fail = true;
    await renderPage(<List load={async (cursor) => (!cursor ? page(['1'], 'next') : fail ? Promise.reject(new Error('offline')) : page(['2']))} />);
    await waitFor(() => expect(shown()).toEqual(['Item 1']));
    act(scrollToEnd);
    const retry = await screen.findByRole('button', { name: 'Request failed, click to reload' });
    expect(shown()).toEqual(['Item 1']);
    // Failed, the end in view does not ask again by itself: only the tap does.
    expect(observed.size).toBe(0);
    fail = false;
    fireEvent.click(retry);
    await waitFor(() => expect(shown()).toEqual(['Item 1', 'Item 2']));
  });
});

/** A list of five with a first screen of two, each item's render noted. */
function FirstScreen({ rendered }: { rendered: string[] }) {
  const query = usePagedQuery(async () => page(['a1', 'a2', 'a3', 'a4', 'a5']));
  return <PullList query={query} label="Items" itemKey={(item) => item.id} onScreen={2} renderItem={(item) => (rendered.push(item.id), <span>Item {item.id}</span>)} />;
}

describe('PullList, another list', () => {
  it('draws the new first screen in the render that brings it, and the items below it in a deferred one', async () => {
    const rendered: string[] = [];
    const { client } = await renderPage(<FirstScreen rendered={rendered} />);
    await waitFor(() => expect(shown()).toEqual(['Item a1', 'Item a2', 'Item a3', 'Item a4', 'Item a5']));
    rendered.length = 0;
    // Another filter's list, already loaded (as one loaded ahead of the tap is): it arrives at once.
    act(() => void client.setQueryData(['test-pages'], { pages: [page(['b1', 'b2', 'b3', 'b4', 'b5'])], pageParams: [null] }));
    await waitFor(() => expect(shown()).toEqual(['Item b1', 'Item b2', 'Item b3', 'Item b4', 'Item b5']));
    // The first render of the new list drew its first screen alone; the next one, all of it.
    expect(rendered).toEqual(['b1', 'b2', 'b1', 'b2', 'b3', 'b4', 'b5']);
  });
});

describe('distinct', () => {
  it('keeps the first of items that came back on a later page, in order', () => {
    const items = [{ id: '3' }, { id: '2' }, { id: '3' }, { id: '1' }, { id: '2' }];
    expect(distinct(items, (i) => i.id).map((i) => i.id)).toEqual(['3', '2', '1']);
  });
});
