import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type Organisation, type Post, headers } from '@padhub/contracts';
import { switchDraftOwner, usePostDraft } from '@/platform/post-draft.ts';
import { aConfig, answerApi, aPost, refusal, renderPage, signIn, someone } from '@/test-utils.tsx';
import { useSendState } from '@/features/posting/api/send-post.ts';
import { AddPostPage } from './add-post-page.tsx';

const organisation: Organisation = {
  id: 'padhub',
  name: 'Padhub',
  defaultLanguage: 'en',
  currency: 'USD',
  moderationMode: 'post',
  models: [
    { id: 'pro-2', name: 'Padhub Pro 2' },
    { id: 'lite', name: 'Padhub Lite' },
  ],
};

const post = aPost({ author: { id: '7', username: 'alex', nickname: 'Alex', avatar: null, state: 0 }, content: 'My stick curve' });

const draft = () => usePostDraft.getState();
const sendButton = () => screen.getByRole<HTMLButtonElement>('button', { name: 'Post' });
const text = () => screen.getByRole('textbox', { name: 'Text of the post' });
const picture = (name: string, size = 1024) => {
  const file = new File(['x'], name, { type: 'image/jpeg' });
  Object.defineProperty(file, 'size', { value: size });
  return file;
};
const choose = (files: File[]) => act(async () => fireEvent.change(screen.getByLabelText(/Add pictures or a video/), { target: { files } }));

beforeEach(() => {
  signIn();
  draft().clear();
  useSendState.setState({ status: 'idle', progress: {}, error: null });
});
afterEach(() => vi.unstubAllGlobals());

describe('AddPostPage', () => {
  // First: once whose draft it is is known, it stays known for the rest of the file.
  it('shows nothing to type into until whose draft it is is known', async () => {
    answerApi({ 'GET /organisation': organisation });
    await renderPage(<AddPostPage />, { route: '/community/add' });
    expect(screen.getByText('Loading').getAttribute('role')).toBe('status');
    expect(screen.queryByRole('textbox')).toBeNull();
    await act(() => switchDraftOwner(someone.id));
    expect(text()).toBeTruthy();
  });

  it('offers Post once there is something to send, and Discard only for a draft that is not blank', async () => {
    answerApi({ 'GET /organisation': organisation });
    await renderPage(<AddPostPage />, { route: '/community/add' });
    expect(sendButton().disabled).toBe(true);
    expect(screen.queryByRole('button', { name: 'Discard draft' })).toBeNull();
    fireEvent.change(text(), { target: { value: '   ' } });
    expect(sendButton().disabled).toBe(true);
    fireEvent.change(text(), { target: { value: 'My stick curve' } });
    expect(sendButton().disabled).toBe(false);
    expect(draft().content).toBe('My stick curve');
    expect(screen.getByRole('button', { name: 'Discard draft' })).toBeTruthy();
  });

  it('sends the text, the model and the configurations with an Idempotency-Key, then opens the post', async () => {
    const calls = answerApi({ 'GET /organisation': organisation, 'POST /posts': post });
    draft().setConfigIds(['5', '6']);
    const { location } = await renderPage(<AddPostPage />, { route: '/community/add' });
    expect(screen.getByRole('link', { name: /Configurations\s*2 attached/ }).getAttribute('href')).toBe('/community/config');
    fireEvent.change(text(), { target: { value: 'My stick curve' } });
    const model = screen.getByRole('combobox', { name: 'Controller model' });
    await screen.findByRole('option', { name: 'Padhub Lite' });
    fireEvent.change(model, { target: { value: 'lite' } });
    await act(async () => fireEvent.click(sendButton()));
    await waitFor(() => expect(location()).toBe('/community/detail?id=41'));
    const sent = calls.find((c) => c.method === 'POST' && c.path === '/posts')!;
    expect(sent.body).toEqual({ content: 'My stick curve', media: [], configIds: ['5', '6'], model: 'lite' });
    expect(sent.headers.get(headers.idempotencyKey)).toMatch(/^[0-9a-f]{32}$/);
    expect(await screen.findByText('Post sent successfully')).toBeTruthy();
    // Sent: the draft is empty for the next post.
    expect(draft()).toMatchObject({ content: '', configIds: [], model: null });
  });

  it('names the configurations attached: the one, or the first and how many more', async () => {
    answerApi({ 'GET /organisation': organisation, 'GET /configs/5': aConfig({ id: '5', name: 'Racing triggers' }) });
    draft().setConfigIds(['5']);
    const { unmount } = await renderPage(<AddPostPage />, { route: '/community/add' });
    expect(await screen.findByRole('link', { name: /Configurations\s*Racing triggers/ })).toBeTruthy();
    unmount();
    draft().setConfigIds(['5', '6', '7']);
    await renderPage(<AddPostPage />, { route: '/community/add' });
    expect(await screen.findByRole('link', { name: /Configurations\s*Racing triggers and 2 more/ })).toBeTruthy();
  });

  it('under pre-moderation, says the post waits for review', async () => {
    answerApi({ 'GET /organisation': organisation, 'POST /posts': { ...post, reviewStatus: 'pending' } });
    const { location } = await renderPage(<AddPostPage />, { route: '/community/add' });
    fireEvent.change(text(), { target: { value: 'My stick curve' } });
    await act(async () => fireEvent.click(sendButton()));
    expect(await screen.findByText('Post sent. It waits for review: others see it once a moderator has passed it.')).toBeTruthy();
    await waitFor(() => expect(location()).toBe('/community/detail?id=41'));
  });

  it('shows why a send failed and retries it with the same key', async () => {
    let answer: Response | Post = refusal('internal');
    const calls = answerApi({ 'GET /organisation': organisation, 'POST /posts': () => answer });
    const { location } = await renderPage(<AddPostPage />, { route: '/community/add' });
    fireEvent.change(text(), { target: { value: 'My stick curve' } });
    await act(async () => fireEvent.click(sendButton()));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Post failed to send');
    expect(alert.textContent).toContain('Something went wrong on our side.');
    // A server failure may have saved the post first.
    expect(alert.textContent).toContain('sending again will not post it twice');
    expect(location()).toBe('/community/add');
    expect(draft().content).toBe('My stick curve');

    answer = post;
    await act(async () => fireEvent.click(within(alert).getByRole('button', { name: 'Click to retry' })));
    await waitFor(() => expect(location()).toBe('/community/detail?id=41'));
    const keys = calls.filter((c) => c.path === '/posts').map((c) => c.headers.get(headers.idempotencyKey));
    expect(keys).toHaveLength(2);
    expect(keys[1]).toBe(keys[0]);
  });

  it('says the network failed when no answer came', async () => {
    answerApi({
      'GET /organisation': organisation,
      'POST /posts': () => {
        throw new TypeError('Failed to fetch');
      },
    });
    await renderPage(<AddPostPage />, { route: '/community/add' });
    fireEvent.change(text(), { target: { value: 'My stick curve' } });
    await act(async () => fireEvent.click(sendButton()));
    expect((await screen.findByRole('alert')).textContent).toContain('The network is abnormal');
  });

  it('opens the post an earlier attempt made, instead of posting it again', async () => {
    answerApi({ 'GET /organisation': organisation, 'POST /posts': refusal('idempotency_key_reused', { postId: '41' }) });
    const { location } = await renderPage(<AddPostPage />, { route: '/community/add' });
    fireEvent.change(text(), { target: { value: 'My stick curve, edited' } });
    await act(async () => fireEvent.click(sendButton()));
    await waitFor(() => expect(location()).toBe('/community/detail?id=41'));
    expect(await screen.findByText('Your post was already sent, so it was not sent again.')).toBeTruthy();
  });

  it('takes pictures up to the limit and says, once, why the rest were left out', async () => {
    answerApi({ 'GET /organisation': organisation });
    await renderPage(<AddPostPage />, { route: '/community/add' });
    await choose(Array.from({ length: 19 }, (_, i) => picture(`p${i}.jpg`)));
    await waitFor(() => expect(draft().files).toHaveLength(18));
    expect(await screen.findByText('You can add at most 18 images')).toBeTruthy();
    expect(screen.getByText('Pictures 18/18 · video 0/1')).toBeTruthy();
    expect(sendButton().disabled).toBe(false);
  });

  it('refuses a picture over 15 MB and a file that is no picture or video', async () => {
    answerApi({ 'GET /organisation': organisation });
    await renderPage(<AddPostPage />, { route: '/community/add' });
    await choose([picture('huge.jpg', 16 * 1024 * 1024)]);
    expect(await screen.findByText('The image is larger than 15 MB, please choose another one')).toBeTruthy();
    await choose([new File(['%PDF'], 'manual.pdf', { type: 'application/pdf' })]);
    expect(await screen.findByText('This file is not a picture or video we can show. Please choose another file.')).toBeTruthy();
    expect(draft().files).toEqual([]);
  });

  it('discards the draft only after the person confirms', async () => {
    answerApi({ 'GET /organisation': organisation });
    await renderPage(<AddPostPage />, { route: '/community/add' });
    fireEvent.change(text(), { target: { value: 'Half a thought' } });
    fireEvent.click(screen.getByRole('button', { name: 'Discard draft' }));
    expect(await screen.findByText('Discard this draft? Its text and files will be removed.')).toBeTruthy();
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByText(/Discard this draft\?/)).toBeNull());
    expect(draft().content).toBe('Half a thought');

    fireEvent.click(screen.getByRole('button', { name: 'Discard draft' }));
    // Found outside act: inside it, React holds back the dialog's own updates until the act ends.
    const confirm = await screen.findByRole('button', { name: 'Confirm' });
    await act(async () => fireEvent.click(confirm));
    await waitFor(() => expect(draft().content).toBe(''));
    expect((text() as HTMLTextAreaElement).value).toBe('');
    expect(screen.queryByRole('button', { name: 'Discard draft' })).toBeNull();
  });
});
