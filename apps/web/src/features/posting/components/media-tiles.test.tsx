import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { deleteDraftFiles, saveDraftFile } from '@/platform/draft-files.ts';
import type { DraftFile } from '@/platform/post-draft.ts';
import { renderPage } from '@/test-utils.tsx';
import { MediaTiles, type MediaTilesProps } from './media-tiles.tsx';

const image = (id: string): DraftFile => ({ id, name: `${id}.jpg`, type: 'image/jpeg', size: 2048, kind: 'image', upload: null, poster: null });
const video: DraftFile = { id: 'v', name: 'clip.mp4', type: 'video/mp4', size: 4096, kind: 'video', upload: null, poster: { id: 'v-poster', upload: null } };

/** The files' bytes on the device, as addToDraft leaves them. */
async function keep(...ids: string[]) {
  for (const id of ids) await saveDraftFile(id, new Blob(['bytes'], { type: 'image/jpeg' }));
}

function tiles(props: Partial<MediaTilesProps> & Pick<MediaTilesProps, 'files'>) {
  const handlers = { onPick: vi.fn(), onRemove: vi.fn(), onMove: vi.fn() };
  return { handlers, render: () => renderPage(<MediaTiles progress={null} disabled={false} {...handlers} {...props} />) };
}

describe('MediaTiles', () => {
  it('names each file, counts them against the limits, and opens a picture in the preview', async () => {
    await keep('a', 'b', 'v', 'v-poster');
    const { render } = tiles({ files: [image('a'), video, image('b')] });
    await render();
    expect(screen.getByRole('region', { name: 'Pictures and video' })).toBeTruthy();
    expect(screen.getByText('Pictures 2/18 · video 1/1')).toBeTruthy();
    // The video is counted apart: the second picture is Picture 2 though it is third.
    expect(await screen.findByRole('button', { name: 'Open Picture 2' })).toBeTruthy();
    expect(screen.getByRole('img', { name: 'Video' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Open Picture 2' }));
    const preview = await screen.findByRole('dialog');
    expect(preview.getAttribute('aria-modal')).toBe('true');
  });

  it('moves a file earlier or later and removes it, by buttons named after it', async () => {
    await keep('a', 'b');
    const { render, handlers } = tiles({ files: [image('a'), image('b')] });
    await render();
    const earlierFirst = screen.getByRole<HTMLButtonElement>('button', { name: 'Move Picture 1 earlier' });
    const laterLast = screen.getByRole<HTMLButtonElement>('button', { name: 'Move Picture 2 later' });
    expect(earlierFirst.disabled).toBe(true);
    expect(laterLast.disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Move Picture 1 later' }));
    fireEvent.click(screen.getByRole('button', { name: 'Move Picture 2 earlier' }));
    fireEvent.click(screen.getByRole('button', { name: 'Remove Picture 2' }));
    expect(handlers.onMove.mock.calls.map(([file, by]) => [file.id, by])).toEqual([
      ['a', 1],
      ['b', -1],
    ]);
    expect(handlers.onRemove.mock.calls.map(([file]) => file.id)).toEqual(['b']);
  });

  it('hands over the chosen files, and lets the same file be chosen again', async () => {
    const { render, handlers } = tiles({ files: [] });
    await render();
    const input = screen.getByLabelText<HTMLInputElement>(/Add pictures or a video/);
    const chosen = new File(['x'], 'pad.png', { type: 'image/png' });
    fireEvent.change(input, { target: { files: [chosen] } });
    expect(handlers.onPick).toHaveBeenCalledWith([chosen]);
    expect(input.value).toBe('');
    // Nothing chosen (the picker closed): nothing to add.
    fireEvent.change(input, { target: { files: [] } });
    expect(handlers.onPick).toHaveBeenCalledTimes(1);
  });

  it('tells when a file’s bytes left the device, so it is chosen again', async () => {
    await keep('a');
    await deleteDraftFiles(['gone']);
    const { render } = tiles({ files: [image('a'), image('gone')] });
    await render();
    expect(await screen.findByRole('img', { name: 'Picture 2: A picture or video did not finish uploading. Please choose it again and send.' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Open Picture 1' })).toBeTruthy();
  });

  it('while sending: shows each file’s progress (a video with its poster) and offers no changes', async () => {
    await keep('a', 'v', 'v-poster');
    const { render } = tiles({ files: [image('a'), video], disabled: true, progress: { a: 0.5, v: 1, 'v-poster': 0.25 } });
    await render();
    const bars = screen.getAllByRole('progressbar');
    expect(bars.map((b) => [b.getAttribute('aria-label'), b.getAttribute('aria-valuenow')])).toEqual([
      ['Uploading Picture 1', '50'],
      // Not done until its poster is.
      ['Uploading Video', '25'],
    ]);
    expect(screen.queryByRole('button', { name: /Remove|Move/ })).toBeNull();
    expect(screen.queryByLabelText(/Add pictures or a video/)).toBeNull();
  });

  it('draws new thumbnails when files are added', async () => {
    await keep('a', 'b');
    const handlers = { onPick: vi.fn(), onRemove: vi.fn(), onMove: vi.fn() };
    const { rerender } = await renderPage(<MediaTiles files={[image('a')]} progress={null} disabled={false} {...handlers} />);
    await screen.findByRole('button', { name: 'Open Picture 1' });
    await act(async () => rerender(<MediaTiles files={[image('a'), image('b')]} progress={null} disabled={false} {...handlers} />));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Open Picture 2' })).toBeTruthy());
  });
});
