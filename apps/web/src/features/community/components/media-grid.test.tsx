import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Media } from '@padhub/contracts';
import { anOrganisation, answerApi, renderPage } from '@/test-utils.tsx';
import { MediaGrid } from './media-grid.tsx';

const base = 'https://media.padhub.test/u/padhub/9';
const image = (name: string, renditions = true): Media => ({
  path: `u/padhub/9/${name}`,
  kind: 'image',
  ...(renditions ? { thumb: `u/padhub/9/${name}.thumb.jpg`, preview: `u/padhub/9/${name}.preview.jpg` } : {}),
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

async function renderGrid(media: Media[]) {
  answerApi({ 'GET /organisation': anOrganisation });
  const view = await renderPage(<MediaGrid media={media} postId="7" mine={false} />);
  // Addresses come with the organisation's media base.
  await waitFor(() => expect(view.container.querySelector('img, video')?.getAttribute('src')).toMatch(/^https:/));
  return view;
}

describe('MediaGrid', () => {
  it('loads the first picture at once and first, the others when near; with a video, none first', async () => {
    const { container, unmount } = await renderGrid([image('a.jpg'), image('b.jpg')]);
    const [lead, later] = container.querySelectorAll('img');
    expect([lead?.getAttribute('loading'), lead?.getAttribute('fetchpriority')]).toEqual(['eager', 'high']);
    expect([later?.getAttribute('loading'), later?.getAttribute('fetchpriority')]).toEqual(['lazy', null]);
    unmount();
    const withVideo = await renderGrid([{ path: 'u/padhub/9/v.mp4', kind: 'video', thumb: 'u/padhub/9/v.thumb.jpg' }, image('a.jpg')]);
    expect(withVideo.container.querySelector('img')?.getAttribute('fetchpriority')).toBeNull();
  });

  it('shows the larger rendition of every picture, and opens the preview on the one tapped', async () => {
    const { container } = await renderGrid([image('a.jpg'), image('b.jpg')]);
    expect(container.querySelector('img')?.getAttribute('src')).toBe(`${base}/a.jpg.preview.jpg`);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Image 2 of 2' })));
    const preview = await screen.findByRole('dialog', { name: 'Image preview' });
    expect(preview.querySelector('.image-preview-counter')?.textContent).toBe('2 / 2');
    fireEvent.click(screen.getByRole('button', { name: 'Close preview' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it("plays an older post's video the browser can decode in place, with its poster, once tapped", async () => {
    const { container } = await renderGrid([{ path: 'u/padhub/9/v.mp4', kind: 'video', thumb: 'u/padhub/9/v.thumb.jpg' }]);
    expect(container.querySelector('video')).toBeNull();
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Video' })));
    const video = container.querySelector('video');
    expect(video?.getAttribute('aria-label')).toBe('Video');
    await waitFor(() => expect(video?.getAttribute('src')).toBe(`${base}/v.mp4`));
    expect(video?.getAttribute('poster')).toBe(`${base}/v.thumb.jpg`);
  });

  it("hands an older post's video no browser plays, and a picture without renditions, to the outside", async () => {
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    await renderGrid([{ path: 'u/padhub/9/clip.avi', kind: 'video' }, image('photo.heic', false), image('a.jpg')]);
    fireEvent.click(screen.getByRole('button', { name: 'Video' }));
    await waitFor(() => expect(open).toHaveBeenCalledWith(`${base}/clip.avi`, '_blank', expect.anything()));
    fireEvent.click(screen.getByRole('button', { name: 'Image 1 of 2' }));
    await waitFor(() => expect(open).toHaveBeenCalledWith(`${base}/photo.heic`, '_blank', expect.anything()));
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
