import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Media } from '@padhub/contracts';
import { anOrganisation, answerApi, renderPage } from '@/test-utils.tsx';
import { VideoPlayer } from './video-player.tsx';

const base = 'https://media.padhub.test';
const path = 'u/padhub/9/clip.avi';
const ready: Media = {
  path,
  kind: 'video',
  status: 'ready',
  duration: 65,
  width: 1080,
  height: 1920,
  poster: `t/${path}.w1080.webp`,
  preview: `t/${path}.w1080.webp`,
  thumb: `t/${path}.w480.webp`,
  streams: { mp4: `t/${path}.h264.mp4`, hls: `t/${path}.hls/index.m3u8` },
};

afterEach(() => vi.unstubAllGlobals());

async function renderPlayer(video: Media, mine = false, routes: Record<string, unknown> = {}) {
  const calls = answerApi({ 'GET /organisation': anOrganisation, ...routes });
  const view = await renderPage(<VideoPlayer video={video} postId="7" mine={mine} />);
  await waitFor(() => expect(view.container.querySelector('img')?.getAttribute('src')).toMatch(/^https:/));
  return { ...view, calls };
}

describe('VideoPlayer', () => {
  it("shows the server's poster at the video's own shape, with its real length, and fetches nothing of the video before a tap", async () => {
    const { container } = await renderPlayer(ready);
    expect(container.querySelector('img')?.getAttribute('src')).toBe(`${base}/t/${path}.w1080.webp`);
    expect((container.querySelector('.video-frame') as HTMLElement).style.aspectRatio).toBe('1080 / 1920');
    expect(screen.getByRole('button', { name: 'Video, 1 minute, 5 seconds' })).toBeTruthy();
    expect(container.querySelector('.video-player-length')?.textContent).toBe('1:05');
    expect(container.querySelector('video')).toBeNull();
  });

  it('plays the MP4 where neither HLS nor Media Source Extensions are there, never the original avi', async () => {
    const { container } = await renderPlayer(ready);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: /^Video/ })));
    const video = container.querySelector('video');
    await waitFor(() => expect(video?.getAttribute('src')).toBe(`${base}/t/${path}.h264.mp4`));
    expect(video?.hasAttribute('controls')).toBe(true);
    expect(video?.getAttribute('poster')).toBe(`${base}/t/${path}.w1080.webp`);
  });

  it('plays the HLS ladder itself where the platform plays HLS (WKWebView)', async () => {
    vi.spyOn(HTMLMediaElement.prototype, 'canPlayType').mockImplementation((type) => (type === 'application/vnd.apple.mpegurl' ? 'maybe' : ''));
    const { container } = await renderPlayer(ready);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: /^Video/ })));
    await waitFor(() => expect(container.querySelector('video')?.getAttribute('src')).toBe(`${base}/t/${path}.hls/index.m3u8`));
    vi.restoreAllMocks();
  });

  it('tells its author the video is being prepared, with the progress ffmpeg reports', async () => {
    const { container } = await renderPlayer({ ...ready, status: 'processing', progress: 0.42, streams: undefined }, true);
    const status = container.querySelector('.video-frame [role="status"]');
    expect(status?.textContent).toBe('Preparing the video… 42%');
    expect(screen.queryByRole('button', { name: /^Video/ })).toBeNull();
  });

  it('says why it failed, in the app language, and lets its author try again or replace it', async () => {
    const failed: Media = { ...ready, status: 'failed', streams: undefined, failureCode: 'video_unreadable', failure: '无法读取该视频文件，请换一个视频' };
    const { calls } = await renderPlayer(failed, true, { 'POST /posts/7/video/retry': { ...failed, status: 'processing', failureCode: undefined, failure: undefined } });
    expect(screen.getByRole('alert').textContent).toContain('This file could not be read as a video. Replace it with another video.');
    expect(screen.getByRole('link', { name: 'Replace the video' }).getAttribute('href')).toMatch(/\/community\/add\?.*7/);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Try again' })));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST' && c.path === '/posts/7/video/retry')).toBe(true));
  });

  it('offers nothing to do to anyone but its author', async () => {
    await renderPlayer({ ...ready, status: 'failed', streams: undefined, failureCode: 'video_processing_failed' });
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Replace the video' })).toBeNull();
  });
});
