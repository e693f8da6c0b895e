import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { errorMessages } from '@padhub/contracts';
import { ReactionButton } from '@/ui/reaction-button.tsx';
import { postKeys } from '@/entities/post/keys.ts';
import { aPost, answerApi, refuse, renderPage, signIn, testQueryClient } from '@/test-utils.tsx';
import { setNetwork } from '@/test-network.ts';
import { usePost } from './get-post.ts';
import { usePostReaction } from './toggle-post-reaction.ts';

afterEach(() => vi.unstubAllGlobals());

/** The post's like button, as the post page shows it. */
function Like() {
  const post = usePost('41').data!;
  const like = usePostReaction(post, 'like');
  return <ReactionButton pressed={like.active} label="Like" count={post.likeCount} icon="♥" onToggle={like.toggle} />;
}

async function renderLike() {
  const client = testQueryClient();
  client.setQueryData(postKeys.detail('41'), aPost({ likeCount: 2 }));
  // Fresh for the test: the page does not ask for the post again while it runs.
  client.setQueryDefaults(postKeys.all, { staleTime: Infinity });
  await renderPage(<Like />, { client });
  return screen.getByRole('button', { name: /Like/ });
}

describe('a like with no network', () => {
  it('shows at once, waits, and is sent once when the network is back', async () => {
    signIn();
    const calls = answerApi({ 'PUT /posts/41/like': { liked: true, likeCount: 3 } });
    const button = await renderLike();
    await setNetwork(false);
    await act(async () => fireEvent.click(button));
    await waitFor(() => expect(button.getAttribute('aria-pressed')).toBe('true'));
    expect(button.textContent).toContain('3');
    expect(calls).toEqual([]);

    await setNetwork(true);
    await waitFor(() => expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual(['PUT /posts/41/like']));
    expect(button.getAttribute('aria-pressed')).toBe('true');
    expect(button.textContent).toContain('3');
  });

  it('goes back, and says why, when the server refuses it once the network is back', async () => {
    signIn();
    answerApi({ 'PUT /posts/41/like': refuse('not_found') });
    const button = await renderLike();
    await setNetwork(false);
    await act(async () => fireEvent.click(button));
    await waitFor(() => expect(button.getAttribute('aria-pressed')).toBe('true'));

    await setNetwork(true);
    expect(await screen.findByText(errorMessages.not_found.en)).toBeTruthy();
    expect(button.getAttribute('aria-pressed')).toBe('false');
    expect(button.textContent).toContain('2');
  });
});
