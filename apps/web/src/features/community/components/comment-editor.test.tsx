import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18next } from '@/platform/i18n.ts';
import { answerApi, loadStrings, renderPage, signIn, someone } from '@/test-utils.tsx';
import { CommentItem } from './comment-item.tsx';
import { comment, mina } from './test-comment.ts';


/** The groups the post page no longer loads with its first screen (app/router.tsx), set aside for a test. */
const lateGroups = ['posting', 'people'] as const;
let setAside: Record<string, unknown> = {};

async function withoutLateGroups() {
  await loadStrings();
  const bundle = i18next.getResourceBundle('en', 'translation') as Record<string, unknown>;
  for (const group of lateGroups) {
    setAside[group] = bundle[group];
    delete bundle[group];
  }
}

afterEach(() => {
  const bundle = i18next.getResourceBundle('en', 'translation') as Record<string, unknown>;
  Object.assign(bundle, setAside);
  setAside = {};
});

describe('CommentEditor on the post page', () => {
  it('reads in words, not string keys, when opened before the posting and people strings arrive', async () => {
    await withoutLateGroups();
    signIn({ ...someone, id: mina.id });
    let answer: ((value: unknown) => void) | undefined;
    answerApi({ 'PATCH /comments/10': () => new Promise((resolve) => (answer = resolve)) });
    await renderPage(<CommentItem comment={comment} onReply={vi.fn()} />);
    fireEvent.click(screen.getByRole('button', { name: 'Edit' }));

    const field = screen.getByRole('textbox', { name: 'Edit your comment' });
    expect(screen.getByRole('button', { name: 'Save' })).toBeTruthy();
    expect(document.body.innerHTML).not.toMatch(/\b(posting|people)\./);

    fireEvent.change(field, { target: { value: 'Changed my mind' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Save' })));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Saving' })).toBeTruthy());
    expect(document.body.innerHTML).not.toMatch(/\b(posting|people)\./);
    await act(async () => answer?.({ ...comment, content: 'Changed my mind', editedAt: new Date().toISOString() }));
  });
});
