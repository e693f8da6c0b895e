import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Lang, Media, Post } from '@padhub/contracts';
import { anOrganisation, answerApi, renderPage } from '@/test-utils.tsx';
import { spokenLength } from '@/ui/video-length.ts';
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

  it('loads the top card’s first picture at once and first, the rest when near, each from the rendition that fits', async () => {
    answerApi({ 'GET /organisation': anOrganisation });
    const withPreview = (n: number): Media => ({ ...image(n), preview: `u/padhub/9/p${n}.preview.jpg` });
    await renderPage(<MediaThumbnails media={[withPreview(1), withPreview(2)]} first />);
    await waitFor(() => expect(screen.getAllByRole('img')[0]?.getAttribute('src')).toBeTruthy());
    const [top, next] = screen.getAllByRole('img');
    expect([top?.getAttribute('loading'), top?.getAttribute('fetchpriority')]).toEqual(['eager', 'high']);
    expect([next?.getAttribute('loading'), next?.getAttribute('fetchpriority')]).toEqual(['lazy', null]);
    expect(top?.getAttribute('srcset')).toBe('https://media.padhub.test/u/padhub/9/p1.thumb.jpg 480w, https://media.padhub.test/u/padhub/9/p1.preview.jpg 1080w');
    expect(top?.getAttribute('width')).toBe('400');
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
    // An older post knows no length: no badge rather than a made-up one.
    expect(document.querySelector('.video-length')).toBeNull();
  });

  it("shows a video's length on its poster as a clock, and says it in words", async () => {
    answerApi({ 'GET /organisation': anOrganisation });
    const video: Media = { path: 'u/padhub/9/v.mp4', kind: 'video', thumb: 'u/padhub/9/v.thumb.jpg', duration: 65.4 };
    const { container } = await renderPage(<MediaThumbnails media={[video, image(1)]} />);
    expect(await screen.findByRole('img', { name: 'Video, 1 minute, 5 seconds' })).toBeTruthy();
    expect(container.querySelector('.video-length')?.textContent).toBe('1:05');
    expect(container.querySelector('.video-length')?.getAttribute('aria-hidden')).toBe('true');
  });

  it('counts hours on the clock of a long video, and shows a poster-less video its length too', async () => {
    answerApi({ 'GET /organisation': anOrganisation });
    const { container } = await renderPage(<MediaThumbnails media={[{ path: 'u/padhub/9/v.avi', kind: 'video', duration: 3723 }]} />);
    expect(await screen.findByRole('img', { name: 'Video, 1 hour, 2 minutes, 3 seconds' })).toBeTruthy();
    expect(container.querySelector('.video-length')?.textContent).toBe('1:02:03');
  });

  it('says the length in the app language', () => {
    expect(['cn', 'jp', 'ko'].map((lang) => spokenLength(65, lang as Lang))).toEqual([
      new Intl.ListFormat('zh-CN', { type: 'unit', style: 'long' }).format(['1分钟', '5秒钟']),
      new Intl.ListFormat('ja', { type: 'unit', style: 'long' }).format(['1 分', '5 秒']),
      new Intl.ListFormat('ko', { type: 'unit', style: 'long' }).format(['1분', '5초']),
    ]);
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
    expect(screen.getByText('Advertising').closest('.review-reason')?.textContent).toBe(' · Reason: Advertising');
  });

  it('marks a reason written in another language than the reader’s, by its name and for screen readers', async () => {
    await renderPage(<ReviewBadge post={{ ...post, reviewReason: '广告链接', reviewReasonLang: 'cn' } as Post} />);
    const reason = screen.getByText('广告链接');
    expect(reason.getAttribute('lang')).toBe('zh-CN');
    expect(reason.closest('.review-reason')?.textContent).toBe(' · Reason (in 中文): 广告链接');
  });

  it('says a post waits for review, with no reason', async () => {
    await renderPage(<ReviewBadge post={{ ...post, reviewStatus: 'pending' } as Post} />);
    expect(screen.getByText('Under review')).toBeTruthy();
    expect(screen.queryByText(/Reason/)).toBeNull();
  });
});

const video: Media = { path: 'u/clip.mp4', kind: 'video', thumb: 'u/clip.jpg.w480.webp' };
const photos = (n: number): Media[] => Array.from({ length: n }, (_, i) => ({ path: `u/p${i}.jpg`, kind: 'image', thumb: `u/p${i}.jpg.w480.webp` }));

describe('MediaThumbnails of a post with a video', () => {
  beforeEach(() => answerApi({ 'GET /organisation': { ...anOrganisation, mediaBaseUrl: 'https://media.example/' } }));

  it('shows a video poster with two photos beside it and the count of the rest', async () => {
    const { container } = await renderPage(<MediaThumbnails media={[...photos(2), video, ...photos(6).slice(2)]} />);
    expect(container.querySelector('.media-thumbs')?.className).toContain('media-thumbs-mixed');
    expect(screen.getByRole('img', { name: 'Video' })).toBeTruthy();
    await vi.waitFor(() => expect(screen.getByRole('img', { name: 'Video' }).getAttribute('src')).toBe('https://media.example/u/clip.jpg.w480.webp'));
    expect(screen.getAllByRole('img', { name: /^Image \d of 6$/ })).toHaveLength(2);
    expect(container.querySelector('.media-thumb:last-child .media-more')?.textContent).toBe('+4');
  });

  it('shows a video alone across the card, and photos alone three in a row with the rest counted', async () => {
    const alone = await renderPage(<MediaThumbnails media={[video]} />);
    expect(alone.container.querySelector('.media-thumbs')?.className).toContain('media-thumbs-video');
    expect(alone.container.querySelectorAll('.media-thumb')).toHaveLength(0);
    alone.unmount();

    const { container } = await renderPage(<MediaThumbnails media={photos(4)} />);
    expect(container.querySelectorAll('.media-thumb')).toHaveLength(3);
    expect(container.querySelector('.media-more')?.textContent).toBe('+1');
  });

  it('says nothing extra when every photo is shown', async () => {
    const { container } = await renderPage(<MediaThumbnails media={[video, ...photos(2)]} />);
    expect(container.querySelectorAll('.media-thumb')).toHaveLength(2);
    expect(container.querySelector('.media-more')).toBeNull();
  });
});
