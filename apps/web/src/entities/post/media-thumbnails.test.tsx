import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Media, Post } from '@padhub/contracts';
import { anOrganisation, answerApi, renderPage } from '@/test-utils.tsx';
import { MediaThumbnails } from './media-thumbnails.tsx';
import { ReviewBadge } from './review-badge.tsx';

const image = (n: number, thumb = true): Media => ({ path: `u/padhub/9/p${n}.jpg`, kind: 'image', ...(thumb ? { thumb: `u/padhub/9/p${n}.thumb.jpg` } : {}), width: 400, height: 300 });

afterEach(() => vi.unstubAllGlobals());

describe('MediaThumbnails', () => {
  it('shows the first three small renditions, each named by its place, and how many more there are', async () => {
    answerApi({ 'GET /organisation': anOrganisation });
    const { container } = await renderPage(<MediaThumbnails media={[1, 2, 3, 4, 5].map((n) => image(n))} />);
    // The thumbnail, never the original: a list must not download full-size photos.
    await waitFor(() => expect(screen.getAllByRole('img')[0]?.getAttribute('src')).toBe('https://media.padhub.test/u/padhub/9/p1.thumb.jpg'));
    expect(screen.getAllByRole('img').map((img) => img.getAttribute('alt'))).toEqual(['Image 1 of 5', 'Image 2 of 5', 'Image 3 of 5']);
    expect(container.querySelector('.media-more')?.textContent).toBe('+2');
  });

  it('says nothing more when every picture is shown', async () => {
    answerApi({ 'GET /organisation': anOrganisation });
    const { container } = await renderPage(<MediaThumbnails media={[image(1), image(2)]} />);
    expect(await screen.findAllByRole('img')).toHaveLength(2);
    expect(container.querySelector('.media-more')).toBeNull();
  });

  it('stands in for a picture without a thumbnail rather than load the original', async () => {
    answerApi({ 'GET /organisation': anOrganisation });
    const { container } = await renderPage(<MediaThumbnails media={[image(1, false)]} />);
    expect(screen.getByRole('img', { name: 'Image 1 of 1' }).tagName).toBe('SPAN');
    expect(container.querySelector('img')).toBeNull();
  });

  it('shows a video by its poster, named as a video', async () => {
    answerApi({ 'GET /organisation': anOrganisation });
    const video: Media = { path: 'u/padhub/9/v.mp4', kind: 'video', thumb: 'u/padhub/9/v.thumb.jpg' };
    await renderPage(<MediaThumbnails media={[video]} />);
    await waitFor(() => expect(screen.getByRole('img', { name: 'Video' }).getAttribute('src')).toBe('https://media.padhub.test/u/padhub/9/v.thumb.jpg'));
  });

  it('shows nothing for a post without media', async () => {
    answerApi({});
    const { container } = await renderPage(<MediaThumbnails media={[]} />);
    expect(container.querySelector('.media-thumbs')).toBeNull();
  });
});

describe('ReviewBadge', () => {
  const post = { reviewStatus: 'not_passed', reviewReason: 'Advertising' } as Pick<Post, 'reviewStatus' | 'reviewReason'>;

  it('gives the author the reason a post did not pass', async () => {
    await renderPage(<ReviewBadge post={post as Post} />);
    expect(screen.getByText('Not passed')).toBeTruthy();
    expect(screen.getByText(/Reason: Advertising/)).toBeTruthy();
  });

  it('says a post waits for review, with no reason', async () => {
    await renderPage(<ReviewBadge post={{ ...post, reviewStatus: 'pending' } as Post} />);
    expect(screen.getByText('Under review')).toBeTruthy();
    expect(screen.queryByText(/Reason/)).toBeNull();
  });
});
