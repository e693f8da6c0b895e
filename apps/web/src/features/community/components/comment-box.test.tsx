import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type Post, errorMessages } from '@padhub/contracts';
import { postKeys } from '@/entities/post/keys.ts';
import { simulatedHost as loadingHost } from '@/platform/host.ts';
import { answerApi, refuse, renderPage, signIn, testQueryClient } from '@/test-utils.tsx';
import { setNetwork } from '@/test-network.ts';
import { CommentBox } from './comment-box.tsx';

// The simulated host's code loads on its own (platform/host.ts).
const simulatedHost = await loadingHost;

const created = { id: '77', postId: '41', author: null, content: 'x', rootId: null, replyTo: null, replyToAuthor: null, likeCount: 0, replyCount: 0, liked: false, deleted: false, createdAt: new Date().toISOString() };

afterEach(() => {
  vi.unstubAllGlobals();
  simulatedHost?.cancelLogin();
  localStorage.clear();
});

const box = () => screen.getByRole('textbox');
const send = () => screen.getByRole<HTMLButtonElement>('button', { name: 'Send' });

describe('CommentBox', () => {
  it('sends nothing but words', async () => {
    await renderPage(<CommentBox postId="41" target={null} onCancelReply={vi.fn()} />);
    expect(box().getAttribute('aria-label')).toBe('Comment');
    expect(send().disabled).toBe(true);
    fireEvent.change(box(), { target: { value: '   ' } });
    expect(send().disabled).toBe(true);
    fireEvent.change(box(), { target: { value: ' Nice setup ' } });
    expect(send().disabled).toBe(false);
  });

  it('sends the comment, says so, empties the box and counts it on the post', async () => {
    signIn();
    const calls = answerApi({ 'POST /posts/41/comments': created });
    const client = testQueryClient();
    client.setQueryData(postKeys.detail('41'), { id: '41', commentCount: 2 });
    const onSent = vi.fn();
    await renderPage(<CommentBox postId="41" target={null} onCancelReply={vi.fn()} onSent={onSent} />, { client });
    fireEvent.change(box(), { target: { value: ' Nice setup ' } });
    await act(async () => fireEvent.click(send()));
    expect(await screen.findByText('Sent successfully')).toBeTruthy();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ content: 'Nice setup' });
    expect((box() as HTMLTextAreaElement).value).toBe('');
    expect(onSent).toHaveBeenCalledOnce();
    expect(client.getQueryData<Post>(postKeys.detail('41'))?.commentCount).toBe(3);
  });

  it('answers the chosen comment, and can stop answering it', async () => {
    signIn();
    const calls = answerApi({ 'POST /posts/41/comments': created });
    const onCancelReply = vi.fn();
    await renderPage(<CommentBox postId="41" target={{ id: '10', name: 'Mina' }} onCancelReply={onCancelReply} />);
    expect(screen.getByText('Replying to Mina')).toBeTruthy();
    fireEvent.change(screen.getByRole('textbox', { name: 'Reply to Mina' }), { target: { value: 'Agreed' } });
    await act(async () => fireEvent.click(send()));
    await waitFor(() => expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ content: 'Agreed', replyTo: '10' }));
    // Once sent, the box goes back to commenting on the post.
    await waitFor(() => expect(onCancelReply).toHaveBeenCalledOnce());
    fireEvent.click(screen.getByRole('button', { name: 'Cancel reply' }));
    expect(onCancelReply).toHaveBeenCalledTimes(2);
  });

  it('sends a retry after a network error with the first try’s Idempotency-Key, so it cannot make a second comment', async () => {
    signIn();
    let tries = 0;
    const calls = answerApi({
      'POST /posts/41/comments': () => {
        tries += 1;
        // The first try's answer is lost on the way (it may have been made).
        if (tries === 1) throw new TypeError('Failed to fetch');
        return created;
      },
    });
    await renderPage(<CommentBox postId="41" target={null} onCancelReply={vi.fn()} />);
    fireEvent.change(box(), { target: { value: 'Nice setup' } });
    await act(async () => fireEvent.click(send()));
    await waitFor(() => expect(tries).toBe(1));
    expect((box() as HTMLTextAreaElement).value).toBe('Nice setup');
    await act(async () => fireEvent.click(send()));
    expect(await screen.findByText('Sent successfully')).toBeTruthy();
    fireEvent.change(box(), { target: { value: 'Nice setup' } });
    await act(async () => fireEvent.click(send()));
    await waitFor(() => expect(tries).toBe(3));
    const keys = calls.filter((c) => c.method === 'POST').map((c) => c.headers.get('idempotency-key'));
    expect(keys[0]).toMatch(/^[0-9a-f]{32}$/);
    expect(keys[1]).toBe(keys[0]);
    // Once answered, the same words again are a new comment the person means to send.
    expect(keys[2]).not.toBe(keys[0]);
  });

  it('keeps what was typed when the server refuses, and says how long to wait', async () => {
    signIn();
    answerApi({ 'POST /posts/41/comments': refuse('rate_limited', { retryAfter: 30 }) });
    await renderPage(<CommentBox postId="41" target={null} onCancelReply={vi.fn()} />);
    fireEvent.change(box(), { target: { value: 'Nice setup' } });
    await act(async () => fireEvent.click(send()));
    expect(await screen.findByText(`${errorMessages.rate_limited.en} You can try again in 30 seconds.`)).toBeTruthy();
    expect((box() as HTMLTextAreaElement).value).toBe('Nice setup');
  });

  it('asks someone logged out to log in before sending', async () => {
    signIn(null);
    const calls = answerApi({});
    await renderPage(<CommentBox postId="41" target={null} onCancelReply={vi.fn()} />);
    fireEvent.change(box(), { target: { value: 'Nice setup' } });
    fireEvent.click(send());
    await waitFor(() => expect(simulatedHost?.loginRequested).toBe(true));
    expect(calls).toEqual([]);
    expect((box() as HTMLTextAreaElement).value).toBe('Nice setup');
  });

  it('offline, keeps the comment in its box as waiting, and sends it once when the network is back', async () => {
    signIn();
    const calls = answerApi({ 'POST /posts/41/comments': created });
    const client = testQueryClient();
    client.setQueryData(postKeys.detail('41'), { id: '41', commentCount: 2 });
    await renderPage(<CommentBox postId="41" target={null} onCancelReply={vi.fn()} />, { client });
    fireEvent.change(box(), { target: { value: 'Nice setup' } });
    await setNetwork(false);
    await act(async () => fireEvent.click(send()));
    expect(await screen.findByText("You're offline: your comment waits here and will be sent when you're back online.")).toBeTruthy();
    expect((box() as HTMLTextAreaElement).value).toBe('Nice setup');
    expect((box() as HTMLTextAreaElement).readOnly).toBe(true);
    expect(send().disabled).toBe(true);
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);

    await setNetwork(true);
    expect(await screen.findByText('Sent successfully')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.body)).toEqual([{ content: 'Nice setup' }]);
    await waitFor(() => expect((box() as HTMLTextAreaElement).value).toBe(''));
    expect(client.getQueryData<Post>(postKeys.detail('41'))?.commentCount).toBe(3);
  });

  it('keeps what was typed across leaving the page', async () => {
    signIn();
    const first = await renderPage(<CommentBox postId="41" target={null} onCancelReply={vi.fn()} />);
    fireEvent.change(box(), { target: { value: 'Half a thought' } });
    first.unmount();
    await renderPage(<CommentBox postId="41" target={null} onCancelReply={vi.fn()} />);
    expect((box() as HTMLTextAreaElement).value).toBe('Half a thought');
  });

  it('says a waiting comment failed even when the person has left the post, and gives its text back on return', async () => {
    signIn();
    const calls = answerApi({ 'POST /posts/41/comments': refuse('forbidden') });
    const client = testQueryClient();
    const page = await renderPage(<CommentBox postId="41" target={null} onCancelReply={vi.fn()} />, { client });
    fireEvent.change(box(), { target: { value: 'Nice setup' } });
    await setNetwork(false);
    await act(async () => fireEvent.click(send()));
    await screen.findByText("You're offline: your comment waits here and will be sent when you're back online.");
    // The box goes; the app's query client stays, as it does under the app's root.
    client.mount();
    page.unmount();

    await setNetwork(true);
    expect(await screen.findByText(errorMessages.forbidden.en)).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1);
    await renderPage(<CommentBox postId="41" target={null} onCancelReply={vi.fn()} />, { client });
    expect((box() as HTMLTextAreaElement).value).toBe('Nice setup');
    expect((box() as HTMLTextAreaElement).readOnly).toBe(false);
  });
});
