import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { headers } from '@padhub/contracts';
import { readEditDraft } from '@/platform/edit-drafts.ts';
import { switchDraftOwner, usePostDraft } from '@/platform/post-draft.ts';
import { anOrganisation, answerApi, aPost, refusal, renderPage, signIn, someone } from '@/test-utils.tsx';
import { AddPostPage } from '@/features/posting/pages/add-post-page.tsx';

const post = aPost({
  author: { id: someone.id, username: 'alex', nickname: 'Alex', avatar: null, state: 0 },
  content: 'My stik curve',
  model: 'pro-2',
  media: [
    { path: 'u/padhub/7/post/a.jpg', kind: 'image', thumb: 't/u/padhub/7/post/a.jpg.thumb.webp' },
    { path: 'u/padhub/7/post/b.jpg', kind: 'image', thumb: 't/u/padhub/7/post/b.jpg.thumb.webp' },
  ],
  configs: ['5'],
  likeCount: 4,
  commentCount: 2,
});
const route = '/community/add?edit=41';
const text = () => screen.getByRole<HTMLTextAreaElement>('textbox', { name: 'Text of the post' });
const save = () => screen.getByRole<HTMLButtonElement>('button', { name: 'Save' });

beforeEach(async () => {
  localStorage.clear();
  signIn();
  await switchDraftOwner(someone.id);
  usePostDraft.getState().clear();
});
afterEach(() => vi.unstubAllGlobals());

describe('the composer in edit mode', () => {
  it('opens filled with the post, and saves the whole new version once per key, keeping the new-post draft', async () => {
    usePostDraft.getState().setContent('A new post I am writing');
    let fail = true;
    const calls = answerApi({
      'GET /organisation': anOrganisation,
      'GET /posts/41': post,
      // The first answer is lost (a server error): the retry must send the same key.
      'PATCH /posts/41': ({ body }: { body: { content: string } }) => {
        if (fail) {
          fail = false;
          return refusal('internal');
        }
        return { ...post, content: body.content, editedAt: new Date().toISOString() };
      },
    });
    await renderPage(<AddPostPage />, { route });
    await waitFor(() => expect(text().value).toBe('My stik curve'));
    expect(screen.getByRole('heading', { name: 'Edit post' })).toBeTruthy();
    expect(screen.getByRole('img', { name: 'Picture 1' })).toBeTruthy();
    expect(screen.getByText('1 attached')).toBeTruthy();
    fireEvent.change(text(), { target: { value: 'My stick curve ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Remove Picture 1' }));
    fireEvent.click(save());
    await waitFor(() => expect(calls.filter((c) => c.method === 'PATCH')).toHaveLength(1));
    await waitFor(() => expect(save().disabled).toBe(false));
    fireEvent.click(save());
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/community/detail?id=41'));
    const patches = calls.filter((c) => c.method === 'PATCH');
    expect(patches).toHaveLength(2);
    expect(patches[0]!.body).toEqual({ content: 'My stick curve', media: [{ path: 'u/padhub/7/post/b.jpg', kind: 'image' }], configIds: ['5'], model: 'pro-2' });
    expect(patches[1]!.headers.get(headers.idempotencyKey)).toBe(patches[0]!.headers.get(headers.idempotencyKey));
    expect(usePostDraft.getState().content).toBe('A new post I am writing');
    // Saved: no changes are kept for next time.
    expect(readEditDraft(someone.id, '41')).toBeNull();
  });

  it('keeps changes not saved through leaving and coming back, goes to the Config page for the edit, and discards them on request', async () => {
    answerApi({ 'GET /organisation': anOrganisation, 'GET /posts/41': post });
    const first = await renderPage(<AddPostPage />, { route });
    await waitFor(() => expect(text().value).toBe('My stik curve'));
    expect(screen.queryByRole('button', { name: 'Discard changes' })).toBeNull();
    fireEvent.change(text(), { target: { value: 'Half done' } });
    fireEvent.click(screen.getByRole('button', { name: 'Remove Picture 1' }));
    first.unmount();

    const again = await renderPage(<AddPostPage />, { route });
    await waitFor(() => expect(text().value).toBe('Half done'));
    expect(screen.getAllByRole('img', { name: /Picture/ })).toHaveLength(1);
    fireEvent.click(screen.getByRole('link', { name: /Configurations/ }));
    expect(again.location()).toBe('/community/config?edit=41');
    expect(readEditDraft(someone.id, '41')).toMatchObject({ content: 'Half done', configIds: ['5'] });
    again.unmount();

    await renderPage(<AddPostPage />, { route });
    await waitFor(() => expect(text().value).toBe('Half done'));
    fireEvent.click(screen.getByRole('button', { name: 'Discard changes' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(text().value).toBe('My stik curve'));
    expect(screen.getAllByRole('img', { name: /Picture/ })).toHaveLength(2);
    expect(readEditDraft(someone.id, '41')).toBeNull();
  });

  it('keeps the last keystroke: a moment after typing stops, and at once when the page is left or hidden', async () => {
    answerApi({ 'GET /organisation': anOrganisation, 'GET /posts/41': post });
    const first = await renderPage(<AddPostPage />, { route });
    await waitFor(() => expect(text().value).toBe('My stik curve'));
    for (const typed of ['M', 'My', 'My s']) fireEvent.change(text(), { target: { value: typed } });
    // Not written on every keystroke.
    expect(readEditDraft(someone.id, '41')).toBeNull();
    window.dispatchEvent(new Event('pagehide'));
    expect(readEditDraft(someone.id, '41')?.content).toBe('My s');

    fireEvent.change(text(), { target: { value: 'My st' } });
    vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    document.dispatchEvent(new Event('visibilitychange'));
    expect(readEditDraft(someone.id, '41')?.content).toBe('My st');
    vi.restoreAllMocks();

    fireEvent.change(text(), { target: { value: 'My sti' } });
    await waitFor(() => expect(readEditDraft(someone.id, '41')?.content).toBe('My sti'));
    fireEvent.change(text(), { target: { value: 'My stic' } });
    first.unmount();
    expect(readEditDraft(someone.id, '41')?.content).toBe('My stic');

    await renderPage(<AddPostPage />, { route });
    await waitFor(() => expect(text().value).toBe('My stic'));
  });

  it("starts from the author's edit still waiting for review, and refuses to edit someone else's post", async () => {
    const pendingEdit = { content: 'Waiting text', model: null, media: [], configs: [], reviewStatus: 'pending' as const, reviewReason: null, createdAt: post.createdAt };
    answerApi({ 'GET /organisation': anOrganisation, 'GET /posts/41': { ...post, pendingEdit }, 'GET /posts/42': { ...post, id: '42', author: { ...post.author, id: '99' } } });
    const first = await renderPage(<AddPostPage />, { route });
    await waitFor(() => expect(text().value).toBe('Waiting text'));
    expect(screen.queryByRole('img', { name: 'Picture 1' })).toBeNull();
    first.unmount();
    await renderPage(<AddPostPage />, { route: '/community/add?edit=42' });
    expect(await screen.findByText('You cannot do this here.')).toBeTruthy();
    expect(screen.queryByRole('textbox', { name: 'Text of the post' })).toBeNull();
  });
});
