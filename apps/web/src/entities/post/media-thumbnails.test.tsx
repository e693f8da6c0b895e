import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Media } from '@padhub/contracts';
import { answerApi, renderPage } from '@/test-utils.tsx';
import { MediaThumbnails } from './media-thumbnails.tsx';

const video: Media = { path: 'u/clip.mp4', kind: 'video', thumb: 'u/clip.jpg.w480.webp' };
const photos = (n: number): Media[] => Array.from({ length: n }, (_, i) => ({ path: `u/p${i}.jpg`, kind: 'image', thumb: `u/p${i}.jpg.w480.webp` }));

beforeEach(() => answerApi({ 'GET /organisation': { mediaBaseUrl: 'https://media.example/' } }));
afterEach(() => vi.unstubAllGlobals());

describe('MediaThumbnails', () => {
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
