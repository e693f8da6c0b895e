import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type ApiCall, anOrganisation, answerApi, aPost, renderPage, signIn } from '@/test-utils.tsx';
import { CommunityPage } from './community-page.tsx';

const post = (id: string, content: string) => aPost({ id, content, model: 'lite' });

afterEach(() => vi.unstubAllGlobals());

/** The feed answers by its order: newest or popular. */
function answerFeed() {
  return answerApi({
    'GET /organisation': anOrganisation,
    'GET /posts': (call: ApiCall) => ({ items: [call.query.get('sort') === 'popular' ? post('2', 'Most liked setup') : post('1', 'Fresh setup')], nextCursor: null }),
  });
}
const feedQueries = (calls: ApiCall[]) => calls.filter((c) => c.path === '/posts').map((c) => c.query.toString());

describe('CommunityPage', () => {
  it('loads the picture of the first card that has one at once and first, the others when near', async () => {
    const picture = (n: number) => ({ path: `u/p${n}.jpg`, kind: 'image' as const, thumb: `u/p${n}.w480.webp` });
    answerApi({
      'GET /organisation': anOrganisation,
      'GET /posts': { items: [post('3', 'Words only'), { ...post('2', 'Pictured'), media: [picture(2)] }, { ...post('1', 'Older'), media: [picture(1)] }], nextCursor: null },
    });
    await renderPage(<CommunityPage />, { route: '/community/index' });
    await waitFor(() => expect(screen.getAllByRole('img', { name: 'Image 1 of 1' })).toHaveLength(2));
    const [lead, later] = screen.getAllByRole('img', { name: 'Image 1 of 1' });
    expect([lead?.getAttribute('src'), lead?.getAttribute('loading'), lead?.getAttribute('fetchpriority')]).toEqual(['https://media.padhub.test/u/p2.w480.webp', 'eager', 'high']);
    expect([later?.getAttribute('loading'), later?.getAttribute('fetchpriority')]).toEqual(['lazy', null]);
  });

  it('lists the newest posts, and the popular ones when asked', async () => {
    const calls = answerFeed();
    await renderPage(<CommunityPage />, { route: '/community/index' });
    expect(await screen.findByText('Fresh setup')).toBeTruthy();
    expect(screen.getByRole('list', { name: 'Community' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Popular' }));
    expect(await screen.findByText('Most liked setup')).toBeTruthy();
    expect(feedQueries(calls)).toEqual(['sort=new', 'sort=popular']);
  });

  it('opens on the model a link names, and forgets the link once the person picks another filter', async () => {
    const calls = answerFeed();
    const { location } = await renderPage(<CommunityPage />, { route: '/community/index?model=lite&hasConfigs=true' });
    await screen.findByText('Fresh setup');
    expect((await screen.findByRole('button', { name: 'Padhub Lite' })).getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByRole('button', { name: 'With configurations' }).getAttribute('aria-pressed')).toBe('true');
    expect(feedQueries(calls)[0]).toBe('sort=new&model=lite&hasConfigs=true');
    fireEvent.click(screen.getByRole('button', { name: 'All models' }));
    await waitFor(() => expect(location()).toBe('/community/index'));
    await waitFor(() => expect(feedQueries(calls).at(-1)).toBe('sort=new&hasConfigs=true'));
  });

  it('asks for the first page again with the refresh button', async () => {
    const calls = answerFeed();
    await renderPage(<CommunityPage />, { route: '/community/index' });
    await screen.findByText('Fresh setup');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Refresh' })));
    await waitFor(() => expect(feedQueries(calls)).toEqual(['sort=new', 'sort=new']));
  });

  it('leads to the search and, for someone logged in, to a new post', async () => {
    signIn();
    answerFeed();
    const { location } = await renderPage(<CommunityPage />, { route: '/community/index' });
    expect(screen.getByRole('link', { name: 'Search' }).getAttribute('href')).toBe('/community/search');
    fireEvent.click(screen.getByRole('button', { name: 'New post' }));
    await waitFor(() => expect(location()).toBe('/community/add'));
  });

  it('shows the posts of the people I follow in the Following tab; logged out, it asks to log in', async () => {
    signIn(null);
    const calls = answerApi({
      'GET /organisation': anOrganisation,
      'GET /posts': (call: ApiCall) => ({ items: call.query.get('feed') === 'following' ? [post('3', 'From someone I follow')] : [post('1', 'Fresh setup')], nextCursor: null }),
    });
    const { unmount } = await renderPage(<CommunityPage />, { route: '/community/index' });
    await screen.findByText('Fresh setup');
    fireEvent.click(screen.getByRole('button', { name: 'Following' }));
    expect(await screen.findByText('Log in to see the posts of the people you follow.')).toBeTruthy();
    expect(feedQueries(calls)).toEqual(['sort=new']);
    unmount();

    signIn();
    await renderPage(<CommunityPage />, { route: '/community/index' });
    await screen.findByText('Fresh setup');
    fireEvent.click(screen.getByRole('button', { name: 'Following' }));
    expect(await screen.findByText('From someone I follow')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Following' }).getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByRole('button', { name: 'Newest' }).getAttribute('aria-pressed')).toBe('false');
    expect(feedQueries(calls).at(-1)).toBe('sort=new&feed=following');
  });

  it('says to follow people when nobody I follow has posted', async () => {
    signIn();
    answerApi({ 'GET /organisation': anOrganisation, 'GET /posts': { items: [], nextCursor: null } });
    await renderPage(<CommunityPage />, { route: '/community/index' });
    fireEvent.click(await screen.findByRole('button', { name: 'Following' }));
    expect(await screen.findByText(/Posts of the people you follow appear here/)).toBeTruthy();
  });
});
