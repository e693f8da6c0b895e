import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Post } from '@padhub/contracts';
import { anOrganisation, answerApi, aPost, mina, renderPage, signIn, testQueryClient } from '@/test-utils.tsx';
import { postKeys } from './keys.ts';
import { PostCard } from './post-card.tsx';
import { ReviewBadge } from './review-badge.tsx';

const post = aPost({ author: mina, content: 'Best stick curve for racing games', likeCount: 3, commentCount: 2, liked: false });

afterEach(() => vi.unstubAllGlobals());

describe('PostCard', () => {
  it('is not drawn again when its list re-renders around the same post', async () => {
    // Counts each render by the reads of the post's pictures, which every render makes.
    let renders = 0;
    const media = post.media;
    const counted = Object.defineProperty({ ...post }, 'media', { get: () => (renders++, media), enumerable: true });
    let rerenderList = () => {};
    function List() {
      const [, setTick] = useState(0);
      rerenderList = () => setTick((n) => n + 1);
      return <PostCard post={counted} first />;
    }
    await renderPage(<List />);
    const drawn = renders;
    expect(drawn).toBeGreaterThan(0);
    act(() => rerenderList());
    act(() => rerenderList());
    expect(screen.getByText(post.content)).toBeTruthy();
    expect(renders).toBe(drawn);
  });

  it('met by one of the reader’s warn filters: says so, and shows the post when tapped', async () => {
    await renderPage(<PostCard post={{ ...post, filtered: ['Spoilers', 'Brands'] }} />);
    expect(screen.queryByText(post.content)).toBeNull();
    fireEvent.click(await screen.findByRole('button', { name: 'Filtered: Spoilers, Brands — tap to show' }));
    expect(screen.getByText(post.content)).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Filtered/ })).toBeNull();
  });

  it('links to the post and names its author, its text in its own language', async () => {
    await renderPage(<PostCard post={post} />);
    expect(screen.getByRole('article', { name: /Mina/ })).toBeTruthy();
    const excerpt = screen.getByText(post.content);
    expect(excerpt.getAttribute('lang')).toBe('en');
    expect(excerpt.closest('a')?.getAttribute('href')).toBe('/community/detail?id=41');
  });

  it('says which configurations it carries; the badge opens the one, or the post’s list of several', async () => {
    answerApi({ 'GET /organisation': anOrganisation });
    const { unmount } = await renderPage(<PostCard post={{ ...post, model: 'lite', configs: ['c7'], configKinds: ['macro'] }} />);
    const one = await screen.findByRole('link', { name: 'Macro · 1 configuration · Padhub Lite' });
    expect(one.getAttribute('href')).toBe('/configs/detail?id=c7');
    // Each kind has its icon.
    expect([...one.querySelectorAll('.post-card-kind')].map((icon) => icon.className)).toEqual(['post-card-kind macro']);
    unmount();
    await renderPage(<PostCard post={{ ...post, configs: ['c7', 'c8'], configKinds: ['macro', 'mapping'] }} />);
    const two = screen.getByRole('link', { name: 'Macro + Mapping · 2 configurations' });
    expect(two.getAttribute('href')).toBe('/community/detail?id=41#configs');
    expect(two.querySelectorAll('.post-card-kind')).toHaveLength(2);
  });

  it('marks its language when it is not the interface’s, and not otherwise', async () => {
    answerApi({});
    const { unmount } = await renderPage(<PostCard post={{ ...post, lang: 'ko' }} />);
    expect(screen.getByText('Korean')).toBeTruthy();
    unmount();
    await renderPage(<PostCard post={post} />);
    expect(screen.queryByText('English')).toBeNull();
  });

  it('plays a ready video in place from its poster, without leaving the list; the photos beside it open the post', async () => {
    answerApi({ 'GET /organisation': anOrganisation });
    const video = { path: 'u/padhub/9/clip.avi', kind: 'video' as const, thumb: 'u/padhub/9/clip.avi.w480.webp', status: 'ready' as const, streams: { mp4: 'u/padhub/9/clip.avi.h264.mp4' }, duration: 42, width: 320, height: 240 };
    const photo = { path: 'u/padhub/9/a.jpg', kind: 'image' as const, thumb: 'u/padhub/9/a.jpg.w480.webp' };
    const { container } = await renderPage(<PostCard post={{ ...post, media: [video, photo] }} />);
    // Not inside the card's link: a button in a link would be neither.
    const play = screen.getByRole('button', { name: 'Video, 42 seconds' });
    expect(play.closest('a')).toBeNull();
    expect(screen.getByRole('link', { name: 'Image 1 of 1' }).getAttribute('href')).toBe('/community/detail?id=41');
    vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
    await act(async () => fireEvent.click(play));
    const player = await waitFor(() => {
      const found = container.querySelector('video');
      if (!found) throw new Error('no player yet');
      return found;
    });
    expect(player.getAttribute('src')).toMatch(/clip\.avi\.h264\.mp4$/);
    expect(screen.getByText(post.content).closest('a')?.getAttribute('href')).toBe('/community/detail?id=41');
  });

  it('keeps a video still being prepared inside the card’s link: nothing to play yet', async () => {
    const video = { path: 'u/padhub/9/clip.mp4', kind: 'video' as const, status: 'processing' as const };
    await renderPage(<PostCard post={{ ...post, media: [video] }} />);
    expect(screen.queryByRole('button', { name: /Video/ })).toBeNull();
    expect(screen.getByRole('img', { name: 'Video' }).closest('a')?.getAttribute('href')).toBe('/community/detail?id=41');
  });

  it('marks what a search matched', async () => {
    const { container } = await renderPage(<PostCard post={post} highlight="curve" />);
    expect([...container.querySelectorAll('mark')].map((m) => m.textContent)).toEqual(['curve']);
  });

  it('likes at once and tells the server, for a person who is logged in', async () => {
    signIn();
    const calls = answerApi({ 'PUT /posts/41/like': { likeCount: 4, liked: true } });
    const client = testQueryClient();
    client.setQueryData(postKeys.detail(post.id), post);
    await renderPage(<PostCard post={post} />, { client });
    const like = screen.getByRole('button', { name: /like 3/i });
    expect(like.getAttribute('aria-pressed')).toBe('false');
    await act(async () => fireEvent.click(like));
    // Every copy of the post in the cache shows the like at once, before the server answers.
    expect(client.getQueryData<Post>(postKeys.detail(post.id))).toMatchObject({ liked: true, likeCount: 4 });
    await waitFor(() => expect(calls.map((c) => `${c.method} ${c.path}`)).toContain('PUT /posts/41/like'));
  });

  it('shows the review status only where asked (the author’s own list)', async () => {
    const notPassed = { ...post, reviewStatus: 'not_passed' as const, reviewReason: 'Off topic' };
    const { unmount } = await renderPage(<PostCard post={notPassed} />);
    expect(screen.queryByText(/Off topic/)).toBeNull();
    unmount();
    await renderPage(<PostCard post={notPassed} review={<ReviewBadge post={notPassed} />} />);
    expect(screen.getByText(/Off topic/)).toBeTruthy();
    // The author is shown the way to edit it and send it again.
    expect(screen.getByRole('link', { name: 'Edit and send again' }).getAttribute('href')).toBe('/community/add?edit=41');
  });
});
