import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, expect, it, vi } from 'vitest';
import { renderPage } from '@/test-utils.tsx';
import type * as I18n from '@/platform/i18n.ts';
import { LazyCommentBox } from './lazy-comment-box.tsx';

// The box's strings fail to load as they would in a tunnel, as many times as this says.
const tunnel = vi.hoisted(() => ({ failures: 0 }));
vi.mock('@/platform/i18n.ts', async (importOriginal) => {
  const actual = await importOriginal<typeof I18n>();
  return {
    ...actual,
    ensureStrings: (groups: Parameters<typeof actual.ensureStrings>[0]) =>
      tunnel.failures-- > 0 ? Promise.reject(new Error('offline')) : actual.ensureStrings(groups),
  };
});

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

it('a box that could not load offline keeps what is typed, says it is not ready, and comes with the network', async () => {
  vi.stubGlobal('requestIdleCallback', () => 0);
  await renderPage(<LazyCommentBox postId="42" target={null} onCancelReply={vi.fn()} />);
  tunnel.failures = 1;
  const standIn = screen.getByRole<HTMLTextAreaElement>('textbox', { name: 'Comment' });
  await act(async () => standIn.focus());
  fireEvent.change(standIn, { target: { value: 'Written in a tunnel' } });
  // The failed load leaves the stand-in, busy, with the text.
  // Waited for, not slept on: on a busy machine the refused load settles later than any fixed pause.
  await waitFor(() => expect(standIn.closest('form')?.getAttribute('aria-busy')).toBe('true'));
  expect(screen.getByRole<HTMLTextAreaElement>('textbox', { name: 'Comment' })).toBe(standIn);

  await act(async () => void dispatchEvent(new Event('online')));
  await waitFor(() => expect(screen.getByRole<HTMLTextAreaElement>('textbox', { name: 'Comment' })).not.toBe(standIn));
  const real = screen.getByRole<HTMLTextAreaElement>('textbox', { name: 'Comment' });
  expect(real.value).toBe('Written in a tunnel');
  expect(real.closest('form')?.getAttribute('aria-busy')).toBeNull();
});
