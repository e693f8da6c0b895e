import { act, fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { emitLive } from '@/platform/live.ts';
import { renderPage } from '@/test-utils.tsx';
import { NewPostsPill } from './new-posts-pill.tsx';

describe('NewPostsPill', () => {
  it('adds up the new posts the stream tells of, in the plural form of the number, and loads them on a tap', async () => {
    const onLoad = vi.fn(() => Promise.resolve());
    await renderPage(<NewPostsPill topic={{ feed: 'new', lang: 'en' }} onLoad={onLoad} />);
    expect(screen.queryByRole('button')).toBeNull();
    act(() => emitLive('posts', { count: 1 } as never));
    expect(screen.getByRole('button', { name: '1 new post' })).toBeTruthy();
    act(() => emitLive('posts', { count: 2 } as never));
    fireEvent.click(screen.getByRole('button', { name: '3 new posts' }));
    expect(onLoad).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('button')).toBeNull();
  });
});
