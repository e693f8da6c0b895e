import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { errorMessages } from '@padhub/contracts';
import { type ApiCall, answerApi, aPost, mina, refusal, renderPage } from '@/test-utils.tsx';
import { SearchPage } from './search-page.tsx';

const found = aPost({ id: '1', author: mina, content: 'Best stick curve for racing' });

beforeEach(() => localStorage.clear());
afterEach(() => vi.unstubAllGlobals());

const answerSearch = () => answerApi({ 'GET /posts': (call: ApiCall) => ({ items: call.query.get('q') === 'curve' ? [found] : [], nextCursor: null }) });

function search(words: string) {
  fireEvent.change(screen.getByRole('searchbox', { name: 'Search' }), { target: { value: words } });
  fireEvent.submit(screen.getByRole('search'));
}

describe('SearchPage', () => {
  it('says what can be found before the first search', async () => {
    answerSearch();
    await renderPage(<SearchPage />, { route: '/community/search' });
    expect(screen.getByText(/Find posts by a word in them/)).toBeTruthy();
  });

  it('finds posts, marks the words that matched, keeps the search in the address and remembers it', async () => {
    const calls = answerSearch();
    const { location, container } = await renderPage(<SearchPage />, { route: '/community/search' });
    search('  curve ');
    expect(await screen.findByRole('list', { name: 'Search' })).toBeTruthy();
    expect(location()).toBe('/community/search?q=curve');
    expect(calls.find((c) => c.path === '/posts')?.query.get('q')).toBe('curve');
    expect([...container.querySelectorAll('mark')].map((m) => m.textContent)).toEqual(['curve']);
    expect(JSON.stringify(localStorage)).toContain('curve');
  });

  it('says the search is busy when the server says so, and searches again on a tap', async () => {
    let busy = true;
    answerApi({ 'GET /posts': () => (busy ? refusal('search_busy') : { items: [found], nextCursor: null }) });
    await renderPage(<SearchPage />, { route: '/community/search?q=curve' });
    expect(await screen.findByText(errorMessages.search_busy.en)).toBeTruthy();
    busy = false;
    fireEvent.click(screen.getByRole('button', { name: /Request failed/ }));
    expect(await screen.findByRole('list', { name: 'Search' })).toBeTruthy();
  });

  it('lists the best matches first, with Newest and Popular one tap away, kept in the address', async () => {
    const calls = answerSearch();
    const { location } = await renderPage(<SearchPage />, { route: '/community/search?q=curve' });
    await screen.findByRole('list', { name: 'Search' });
    const order = screen.getByRole('group', { name: 'Order' });
    expect(calls.find((c) => c.path === '/posts')?.query.get('sort')).toBe('relevance');
    expect(screen.getByRole('button', { name: 'Best match' }).getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(screen.getByRole('button', { name: 'Newest' }));
    await waitFor(() => expect(calls.filter((c) => c.path === '/posts').at(-1)?.query.get('sort')).toBe('new'));
    expect(location()).toBe('/community/search?q=curve&sort=new');
    fireEvent.click(screen.getByRole('button', { name: 'Popular' }));
    await waitFor(() => expect(calls.filter((c) => c.path === '/posts').at(-1)?.query.get('sort')).toBe('popular'));
    expect(order.querySelector('[aria-pressed="true"]')?.textContent).toBe('Popular');
  });

  it('says when more posts match than were ranked (best match), and when newest answered with what it found in time', async () => {
    answerApi({ 'GET /posts': { items: [found], nextCursor: null, cut: true } });
    await renderPage(<SearchPage />, { route: '/community/search?q=curve' });
    expect(await screen.findByText('The best of the newest 200 matching posts. Choose Newest to see them all.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Newest' }));
    await waitFor(() => expect(screen.queryByText(/The best of the newest/)).toBeNull());
    expect(await screen.findByText('Only the matches found in time are shown. Try again in a moment, or add a word.')).toBeTruthy();
  });

  it('says nothing of a cut when the answer was whole', async () => {
    answerApi({ 'GET /posts': { items: [found], nextCursor: null } });
    await renderPage(<SearchPage />, { route: '/community/search?q=curve&sort=new' });
    await screen.findByRole('list', { name: 'Search' });
    expect(screen.queryByRole('note')).toBeNull();
  });

  it('marks every matched word and phrase in the four scripts', async () => {
    const mixed = aPost({ id: '2', author: mina, content: '手柄 Stick のマクロ設定 and 매크로 설정, stick again' });
    answerApi({ 'GET /posts': { items: [mixed], nextCursor: null } });
    const { container } = await renderPage(<SearchPage />, { route: `/community/search?q=${encodeURIComponent('手柄 stick マクロ 매크로 설정')}` });
    await screen.findByRole('list', { name: 'Search' });
    expect([...container.querySelectorAll('mark')].map((m) => m.textContent)).toEqual(['手柄', 'Stick', 'マクロ', '매크로', '설정', 'stick']);
  });

  it('says when nothing matched', async () => {
    answerSearch();
    await renderPage(<SearchPage />, { route: '/community/search?q=macro' });
    expect(await screen.findByText('No posts match “macro”')).toBeTruthy();
  });

  it('lists recent searches newest first, and searches again from one', async () => {
    answerSearch();
    const first = await renderPage(<SearchPage />, { route: '/community/search' });
    search('curve');
    search('macro');
    first.unmount();
    const { location } = await renderPage(<SearchPage />, { route: '/community/search' });
    const recent = screen.getByRole('region', { name: 'Recent searches' });
    // Newest first.
    expect([...recent.querySelectorAll('li')].map((li) => li.textContent)).toEqual(['macro', 'curve']);
    fireEvent.click(screen.getByRole('button', { name: 'curve' }));
    await waitFor(() => expect(location()).toBe('/community/search?q=curve'));
    expect(await screen.findByRole('article', { name: 'Open the post by Mina' })).toBeTruthy();
  });

  it('clears the recent searches', async () => {
    answerSearch();
    const first = await renderPage(<SearchPage />, { route: '/community/search' });
    search('curve');
    first.unmount();
    await renderPage(<SearchPage />, { route: '/community/search' });
    fireEvent.click(screen.getByRole('button', { name: 'Clear' }));
    expect(screen.queryByRole('region', { name: 'Recent searches' })).toBeNull();
    expect(screen.getByText(/Find posts by a word in them/)).toBeTruthy();
  });
});

describe('SearchPage in other languages', () => {
  const answerLanguages = () =>
    answerApi({
      'GET /posts': (call: ApiCall) =>
        call.query.get('lang') === 'all' ? { items: [{ ...found, lang: 'jp' }], nextCursor: null } : { items: [], nextCursor: null, otherLanguages: 3 },
    });

  it('says how many results other languages have, shows them on a tap, and remembers the choice on the device', async () => {
    const calls = answerLanguages();
    const { unmount } = await renderPage(<SearchPage />, { route: '/community/search?q=curve' });
    const notice = await screen.findByText('Nothing in your language. 3 results in other languages.');
    expect(calls.find((c) => c.path === '/posts')?.query.get('lang')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Show them' }));
    expect(await screen.findByText('curve')).toBeTruthy();
    expect(notice.isConnected).toBe(false);
    expect(calls.filter((c) => c.path === '/posts').at(-1)?.query.get('lang')).toBe('all');
    // The post says which language it is in, since it is not the interface's.
    expect(screen.getByText('Japanese')).toBeTruthy();
    expect(screen.getByRole<HTMLInputElement>('switch', { name: 'All languages' }).checked).toBe(true);
    unmount();

    // Another visit starts in all languages.
    await renderPage(<SearchPage />, { route: '/community/search?q=curve' });
    expect(screen.getByRole<HTMLInputElement>('switch', { name: 'All languages' }).checked).toBe(true);
    await screen.findByText('curve');
    expect(calls.filter((c) => c.path === '/posts').at(-1)?.query.get('lang')).toBe('all');
    fireEvent.click(screen.getByRole('switch', { name: 'All languages' }));
    expect(await screen.findByText(/3 results in other languages/)).toBeTruthy();
    expect(localStorage.getItem('padhub.allLanguages')).toBeNull();
  });

  it('says it in the singular for one result', async () => {
    answerApi({ 'GET /posts': { items: [], nextCursor: null, otherLanguages: 1 } });
    await renderPage(<SearchPage />, { route: '/community/search?q=curve' });
    expect(await screen.findByText('Nothing in your language. 1 result in other languages.')).toBeTruthy();
  });
});
