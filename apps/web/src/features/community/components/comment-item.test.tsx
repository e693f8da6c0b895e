import type { InfiniteData } from '@tanstack/react-query';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type Comment, type Page, type Post, errorMessages } from '@padhub/contracts';
import { commentKeys } from '@/entities/comment/keys.ts';
import { postKeys } from '@/entities/post/keys.ts';
import { answerApi, refuse, renderPage, signIn, someone, testQueryClient } from '@/test-utils.tsx';
import { CommentItem } from './comment-item.tsx';
import { comment, mina } from './test-comment.ts';

const reply = (id: string, over: Partial<Comment> = {}): Comment => ({ ...comment, id, rootId: '10', replyTo: '10', content: `Reply ${id}`, ...over });

afterEach(() => vi.unstubAllGlobals());

/** A query client holding the post and its comments, as the post page has them. */
function cached(list: Comment[] = [comment]) {
  const client = testQueryClient();
  client.setQueryData(commentKeys.ofPost('41'), { pages: [{ items: list, nextCursor: null }], pageParams: [null] });
  client.setQueryData(postKeys.detail('41'), { id: '41', commentCount: 3 });
  return client;
}
const firstComment = (client: ReturnType<typeof testQueryClient>) => client.getQueryData<InfiniteData<Page<Comment>>>(commentKeys.ofPost('41'))?.pages[0]?.items[0];

describe('CommentItem', () => {
  it('shows who said what, and whom a reply to a reply answers', async () => {
    answerApi({});
    await renderPage(<CommentItem comment={reply('12', { replyTo: '11', replyToAuthor: { ...mina, id: '3', nickname: 'Ken' }, content: '이 설정 좋네요' })} onReply={vi.fn()} />);
    expect(screen.getByText('Mina')).toBeTruthy();
    expect(screen.getByText(/Reply to Ken/)).toBeTruthy();
    // Korean text keeps Korean line breaking, whatever the page's language.
    expect(screen.getByText('이 설정 좋네요').getAttribute('lang')).toBe('ko');
  });

  it('answers the comment when Reply is tapped', async () => {
    answerApi({});
    const onReply = vi.fn();
    await renderPage(<CommentItem comment={comment} onReply={onReply} />);
    fireEvent.click(within(screen.getByRole('group', { name: 'Comment actions' })).getByRole('button', { name: 'Reply' }));
    expect(onReply).toHaveBeenCalledWith({ id: '10', name: 'Mina' });
  });

  it('tells its author that a comment held for review waits, and offers no reply to it meanwhile', async () => {
    answerApi({});
    await renderPage(<CommentItem comment={{ ...comment, waiting: true }} onReply={vi.fn()} />);
    expect(screen.getByText('Waiting for review: only you can see this comment until it is approved')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Reply' })).toBeNull();
  });

  it('keeps a deleted comment’s place for its replies, without its author or actions', async () => {
    answerApi({});
    await renderPage(<CommentItem comment={{ ...comment, deleted: true, author: null, content: '', replyCount: 5 }} replies={[reply('11')]} onReply={vi.fn()} repliesLink />);
    expect(screen.getByText('This message has been deleted')).toBeTruthy();
    expect(screen.getAllByRole('group', { name: 'Comment actions' })).toHaveLength(1);
    expect(screen.getByText('Reply 11')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'View all replies (5)' }).getAttribute('href')).toBe('/community/replay?id=10');
  });

  it('links to all replies only when some are not previewed', async () => {
    answerApi({});
    await renderPage(<CommentItem comment={{ ...comment, replyCount: 1 }} replies={[reply('11')]} onReply={vi.fn()} repliesLink />);
    expect(screen.queryByRole('link', { name: /View all replies/ })).toBeNull();
  });

  it('likes at once, and takes the like back with the reason when the server refuses', async () => {
    signIn();
    let answer: ((value: unknown) => void) | undefined;
    const calls = answerApi({ 'PUT /comments/10/like': () => new Promise((resolve) => (answer = resolve)) });
    const client = cached();
    await renderPage(<CommentItem comment={comment} onReply={vi.fn()} />, { client });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Like 2' })));
    await waitFor(() => expect(firstComment(client)).toMatchObject({ liked: true, likeCount: 3 }));
    await waitFor(() => expect(answer).toBeDefined());
    await act(async () => answer?.(refuse('account_banned')()));
    await waitFor(() => expect(firstComment(client)).toMatchObject({ liked: false, likeCount: 2 }));
    expect(await screen.findByText(errorMessages.account_banned.en)).toBeTruthy();
    expect(calls.map((c) => `${c.method} ${c.path}`)).toContain('PUT /comments/10/like');
  });

  it('unlikes a liked comment', async () => {
    signIn();
    const calls = answerApi({ 'DELETE /comments/10/like': { liked: false, likeCount: 1 } });
    await renderPage(<CommentItem comment={{ ...comment, liked: true }} onReply={vi.fn()} />, { client: cached() });
    fireEvent.click(screen.getByRole('button', { name: 'Like 2', pressed: true }));
    await waitFor(() => expect(calls.map((c) => `${c.method} ${c.path}`)).toContain('DELETE /comments/10/like'));
  });

  it('lets only its author delete it, after confirming, and counts one comment less on the post', async () => {
    signIn({ ...someone, id: mina.id });
    const calls = answerApi({ 'DELETE /comments/10': null, 'GET /posts/41': { id: '41' } });
    const client = cached();
    await renderPage(<CommentItem comment={comment} onReply={vi.fn()} />, { client });
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Delete this comment?')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(calls.map((c) => `${c.method} ${c.path}`)).toContain('DELETE /comments/10'));
    await waitFor(() => expect(client.getQueryData<Post>(postKeys.detail('41'))?.commentCount).toBe(2));
  });

  it('sends nothing when the author does not confirm', async () => {
    signIn({ ...someone, id: mina.id });
    const calls = answerApi({});
    await renderPage(<CommentItem comment={comment} onReply={vi.fn()} />, { client: cached() });
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.filter((c) => c.method === 'DELETE')).toEqual([]);
  });

  it('offers no delete on someone else’s comment', async () => {
    signIn();
    answerApi({});
    await renderPage(<CommentItem comment={comment} onReply={vi.fn()} />);
    expect(screen.queryByRole('button', { name: 'Delete' })).toBeNull();
    expect(screen.getByRole('button', { name: 'More actions' })).toBeTruthy();
  });

  it('lets its author edit it in place: Save sends the new text and the lists read it again, Cancel keeps it', async () => {
    signIn({ ...someone, id: mina.id });
    const calls = answerApi({ 'PATCH /comments/10': ({ body }: { body: { content: string } }) => ({ ...comment, content: body.content, editedAt: new Date().toISOString() }) });
    const client = cached();
    await renderPage(<CommentItem comment={comment} onReply={vi.fn()} />, { client });
    fireEvent.click(screen.getByRole('button', { name: 'Edit' }));
    const field = screen.getByRole('textbox', { name: 'Edit your comment' });
    expect(document.activeElement).toBe(field);
    fireEvent.change(field, { target: { value: 'Changed my mind' } });
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('textbox', { name: 'Edit your comment' })).toBeNull();
    expect(screen.getByText('Great macro, thanks!')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'PATCH')).toEqual([]);

    fireEvent.click(screen.getByRole('button', { name: 'Edit' }));
    fireEvent.change(screen.getByRole('textbox', { name: 'Edit your comment' }), { target: { value: '  Great macro, thank you!  ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('textbox', { name: 'Edit your comment' })).toBeNull());
    expect(calls.find((c) => c.method === 'PATCH')?.body).toEqual({ content: 'Great macro, thank you!' });
    expect(client.getQueryState(commentKeys.ofPost('41'))?.isInvalidated).toBe(true);
  });

  it('keeps the edit open with its text when the server refuses it, and offers no Edit on comments of others', async () => {
    signIn({ ...someone, id: mina.id });
    answerApi({ 'PATCH /comments/10': refuse('not_found') });
    await renderPage(
      <>
        <CommentItem comment={comment} onReply={vi.fn()} />
        <CommentItem comment={{ ...comment, id: '11', author: { ...mina, id: '3', nickname: 'Ken' }, editedAt: '2026-03-04T10:20:00.000Z' }} onReply={vi.fn()} />
      </>,
    );
    expect(screen.getAllByRole('button', { name: 'Edit' })).toHaveLength(1);
    expect(screen.getByText('edited').getAttribute('dateTime')).toBe('2026-03-04T10:20:00.000Z');
    fireEvent.click(screen.getByRole('button', { name: 'Edit' }));
    fireEvent.change(screen.getByRole('textbox', { name: 'Edit your comment' }), { target: { value: 'Still mine' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(errorMessages.not_found.en)).toBeTruthy();
    expect(screen.getByRole<HTMLTextAreaElement>('textbox', { name: 'Edit your comment' }).value).toBe('Still mine');
  });
});
