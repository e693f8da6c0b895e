import { QueryClient } from '@tanstack/react-query';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { type Post, errorCatalogue } from '@padhub/contracts';
import { ApiError } from '@/platform/api/client.ts';
import { usePostDraft } from '@/platform/post-draft.ts';
import { createPost } from './create-post.ts';
import { sendDraft, useSendState } from './send-post.ts';

vi.mock('./create-post.ts', () => ({ createPost: vi.fn() }));
const create = vi.mocked(createPost);

const post = { id: '41', content: 'first words' } as Post;
const refusal = (key: keyof typeof errorCatalogue, data?: unknown) =>
  new ApiError({ code: errorCatalogue[key].code, message: key, data }, errorCatalogue[key].status);
const draft = () => usePostDraft.getState();
/** The keys the sends went out with, in order. */
const keysSent = () => create.mock.calls.map(([, key]) => key);
const bodySent = (n: number) => create.mock.calls[n]![0];

describe('sending the draft', () => {
  const client = new QueryClient();
  beforeEach(() => {
    create.mockReset();
    draft().clear();
    useSendState.setState({ status: 'idle', progress: {}, error: null });
  });

  it('keeps the key of a send whose answer was lost through an edit, and says so when the server had made the post', async () => {
    draft().setContent('first words');
    create.mockRejectedValueOnce(refusal('network'));
    expect(await sendDraft(client)).toBeNull();
    expect(useSendState.getState()).toMatchObject({ status: 'failed', error: null });
    expect(draft().keyInDoubt).toBe(true);

    draft().setContent('first words, edited');
    create.mockRejectedValueOnce(refusal('idempotency_key_reused', { postId: post.id }));
    expect(await sendDraft(client)).toEqual({ alreadySent: post.id });
    expect(keysSent()[1]).toBe(keysSent()[0]);
    expect(bodySent(1).content).toBe('first words, edited');
    // Sent: the draft is cleared, nothing is left failed.
    expect(draft()).toMatchObject({ content: '', idempotencyKey: null, keyInDoubt: false });
    expect(useSendState.getState().status).toBe('idle');
  });

  it('makes the edited post with the same key when the lost send never reached the server', async () => {
    draft().setContent('first words');
    create.mockRejectedValueOnce(refusal('timeout'));
    await sendDraft(client);
    draft().setContent('better words');
    create.mockResolvedValueOnce({ ...post, content: 'better words' });
    expect(await sendDraft(client)).toEqual({ sent: { ...post, content: 'better words' } });
    expect(new Set(keysSent()).size).toBe(1);
    expect(draft().content).toBe('');
  });

  it('counts a server failure as in doubt: it may have saved the post before failing', async () => {
    draft().setContent('first words');
    create.mockRejectedValueOnce(refusal('internal'));
    await sendDraft(client);
    expect(draft().keyInDoubt).toBe(true);
    // A later refusal of the edited draft (answered before the key was looked at) settles nothing.
    draft().setContent(' ');
    create.mockRejectedValueOnce(refusal('validation_failed'));
    await sendDraft(client);
    expect(draft().keyInDoubt).toBe(true);
    expect(keysSent()[1]).toBe(keysSent()[0]);
  });

  it('starts a new key after an edit when the server refused the post: no post stands behind the key', async () => {
    draft().setContent('first words');
    create.mockRejectedValueOnce(refusal('rate_limited', { retryAfter: 30 }));
    await sendDraft(client);
    expect(useSendState.getState().error?.is('rate_limited')).toBe(true);
    expect(draft().keyInDoubt).toBe(false);
    draft().setContent('later words');
    create.mockResolvedValueOnce(post);
    await sendDraft(client);
    expect(keysSent()[1]).not.toBe(keysSent()[0]);
  });

  it('drops the key of a post deleted since: the next send is a new post', async () => {
    draft().setContent('first words');
    create.mockRejectedValueOnce(refusal('network'));
    await sendDraft(client);
    create.mockRejectedValueOnce(refusal('not_found'));
    expect(await sendDraft(client)).toBeNull();
    expect(draft()).toMatchObject({ idempotencyKey: null, keyInDoubt: false, content: 'first words' });
    create.mockResolvedValueOnce(post);
    await sendDraft(client);
    expect(keysSent()[2]).not.toBe(keysSent()[0]);
  });

  it('still says "already sent" when the server does not name the post', async () => {
    draft().setContent('first words');
    create.mockRejectedValueOnce(refusal('idempotency_key_reused'));
    expect(await sendDraft(client)).toEqual({ alreadySent: null });
    expect(draft().content).toBe('');
  });
});
