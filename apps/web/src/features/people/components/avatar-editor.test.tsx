import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { answerApi, renderPage, signIn, someone } from '@/test-utils.tsx';
import { useSession } from '@/platform/session.ts';
import AvatarEditor, { cropOf } from './avatar-editor.tsx';

describe('cropOf', () => {
  it('keeps the square inside the picture, as large as its short side over the zoom', () => {
    expect(cropOf({ width: 800, height: 600 }, 1, { x: 400, y: 300 })).toEqual({ x: 100, y: 0, size: 600 });
    expect(cropOf({ width: 800, height: 600 }, 2, { x: 0, y: 10_000 })).toEqual({ x: 0, y: 300, size: 300 });
  });
});

describe('AvatarEditor', () => {
  it('is labelled, moves the square with the arrow keys and zooms with + and −', async () => {
    signIn();
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: () => 'blob:picture', revokeObjectURL: () => undefined }));
    await renderPage(<AvatarEditor onClose={() => undefined} />);
    expect(screen.getByRole('region', { name: 'Your picture' })).toBeTruthy();
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Save' }).disabled).toBe(true);

    const input = screen.getByLabelText('Choose a picture');
    await act(async () => fireEvent.change(input, { target: { files: [new File(['words'], 'notes.txt', { type: 'text/plain' })] } }));
    expect(screen.getByRole('alert').textContent).toBe('Please choose a picture file.');

    await act(async () => fireEvent.change(input, { target: { files: [new File(['png'], 'me.png', { type: 'image/png' })] } }));
    expect(screen.queryByRole('alert')).toBeNull();
    const area = screen.getByRole('group', { name: 'Part of the picture to keep' });
    expect(area.getAttribute('aria-describedby') && document.getElementById(area.getAttribute('aria-describedby')!)?.textContent).toBe(
      'Drag the picture, or use the arrow keys; + and − zoom.',
    );
    const image = area.querySelector('img')!;
    Object.defineProperties(image, { naturalWidth: { value: 800 }, naturalHeight: { value: 600 } });
    await act(async () => fireEvent.load(image));
    // 600 px of the picture in a 240 px square: 0.4 CSS px a pixel, the square centred (x 100).
    expect(image.style.left).toBe('-40px');
    const zoom = screen.getByRole<HTMLInputElement>('slider', { name: 'Zoom' });
    expect(zoom.value).toBe('1');

    await act(async () => fireEvent.keyDown(area, { key: 'ArrowRight' }));
    expect(image.style.left).toBe('-52px');
    await act(async () => fireEvent.keyDown(area, { key: '+' }));
    expect(zoom.value).toBe('1.25');
    expect(image.style.width).toBe('400px');
    await act(async () => fireEvent.keyDown(area, { key: '-' }));
    expect(zoom.value).toBe('1');
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Save' }).disabled).toBe(false);
  });
});

describe('removing one’s picture', () => {
  it('is not offered without a picture', async () => {
    signIn();
    await renderPage(<AvatarEditor onClose={() => undefined} />);
    expect(screen.queryByRole('button', { name: 'Remove picture (show initials)' })).toBeNull();
  });

  it('asks the server and shows the person without a picture', async () => {
    signIn({ ...someone, avatar: 't/u/padhub/7/me.png.w256.webp' });
    const user = { id: someone.id, username: someone.username, nickname: someone.nickname, avatar: null, state: 0 };
    const calls = answerApi({ 'DELETE /me/avatar': { user, bio: '', createdAt: '2026-01-01T00:00:00Z', postCount: 0, followerCount: 0, followingCount: 0, likeCount: 0, following: false } });
    const onClose = vi.fn();
    await renderPage(<AvatarEditor onClose={onClose} />);
    fireEvent.click(screen.getByRole('button', { name: 'Remove picture (show initials)' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(calls.filter((c) => c.method === 'DELETE' && c.path === '/me/avatar')).toHaveLength(1);
    expect(useSession.getState().user?.avatar).toBeNull();
    // The editor redraws without the picture: waiting for it lets that render end inside the test.
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Remove picture (show initials)' })).toBeNull());
  });
});
