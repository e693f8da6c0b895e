import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type ApiCall, anOrganisation, answerApi, aPost, renderPage } from '@/test-utils.tsx';
import { CommunityPage } from '@/features/community/pages/community-page.tsx';
import { setAllLanguages } from '@/platform/session.ts';
import { otherFeedAhead } from './other-feed-ahead.ts';

/** The feed answers in Chinese, or with every language's posts when asked for `lang=all`. */
function answerFeed() {
  return answerApi({
    'GET /organisation': anOrganisation,
    'GET /posts': (call: ApiCall) => ({
      items: [call.query.get('lang') === 'all' ? aPost({ id: '2', content: 'A post in Korean' }) : aPost({ id: '1', content: 'Fresh setup' })],
      nextCursor: null,
    }),
  });
}
const feedQueries = (calls: ApiCall[]) => calls.filter((c) => c.path === '/posts').map((c) => c.query.toString());

beforeEach(() => {
  // Past the page's first seconds, and idle at once: what the module waits for is not this test's subject.
  vi.spyOn(performance, 'now').mockReturnValue(5_000);
  vi.stubGlobal('requestIdleCallback', (run: () => void) => setTimeout(run, 0));
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  setAllLanguages(false);
  history.replaceState(null, '', '/');
});

describe('the other side of "All languages", asked for ahead', () => {
  it('is asked for once the feed is idle, and the switch shows it without asking again', async () => {
    history.replaceState(null, '', '/app/community/index');
    const calls = answerFeed();
    const { client } = await renderPage(<CommunityPage />, { route: '/community/index' });
    await screen.findByText('Fresh setup');
    otherFeedAhead(client);
    await waitFor(() => expect(feedQueries(calls)).toEqual(['sort=new', 'sort=new&lang=all']));
    fireEvent.click(screen.getByRole('switch', { name: 'All languages' }));
    // Drawn from the cache in the tap's own render: no wait for the network.
    expect(screen.getByText('A post in Korean')).toBeTruthy();
    expect(feedQueries(calls)).toEqual(['sort=new', 'sort=new&lang=all']);
  });

  it('asks for nothing on a page that is not the community feed', async () => {
    history.replaceState(null, '', '/app/user/me');
    const calls = answerFeed();
    const { client } = await renderPage(<CommunityPage />, { route: '/community/index' });
    await screen.findByText('Fresh setup');
    otherFeedAhead(client);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(feedQueries(calls)).toEqual(['sort=new']);
  });
});
