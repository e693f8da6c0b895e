import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderPage } from '@/test-utils.tsx';
import { LazyCommentBox } from './lazy-comment-box.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('LazyCommentBox', () => {
  it('stands in until the person reaches for it, then loads the real box with their text, focus and caret', async () => {
    // The first screen is never done here: only the person's tap may load the box.
    vi.stubGlobal('requestIdleCallback', () => 0);
    await renderPage(<LazyCommentBox postId="41" target={null} onCancelReply={vi.fn()} />);
    const standIn = screen.getByRole<HTMLTextAreaElement>('textbox', { name: 'Comment' });
    fireEvent.change(standIn, { target: { value: 'Nice setup' } });
    standIn.setSelectionRange(4, 4);
    // Sending waits for the real box.
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Send' }).disabled).toBe(true);

    await act(async () => standIn.focus());
    await waitFor(() => expect(screen.getByRole<HTMLTextAreaElement>('textbox', { name: 'Comment' })).not.toBe(standIn));
    const real = screen.getByRole<HTMLTextAreaElement>('textbox', { name: 'Comment' });
    expect(real.value).toBe('Nice setup');
    expect(document.activeElement).toBe(real);
    expect(real.selectionStart).toBe(4);
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Send' }).disabled).toBe(false);
  });
});
