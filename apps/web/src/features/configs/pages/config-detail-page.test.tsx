import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Organisation } from '@padhub/contracts';
import { type ApiCall, aConfig, answerApi, aPost, mina, refusal, renderPage, signIn, anOrganisation, someone } from '@/test-utils.tsx';
import { emitLive } from '@/platform/live.ts';
import { ConfigDetailPage } from './config-detail-page.tsx';

const organisation: Organisation = { ...anOrganisation, currency: 'USD', models: [{ id: 'lite', name: 'Padhub Lite' }] };
const config = aConfig({
  id: '5',
  model: 'lite',
  kind: 'macro',
  name: 'Wavedash',
  author: mina,
  basedOn: { id: null, name: 'Dash', author: { ...mina, id: '10', nickname: 'Jun' } },
  applyCount: 12,
  saveCount: 1,
  content: { trigger: { input: 'rb', mode: 'tap' }, steps: [{ action: 'hold', button: 'b', ms: 30 }] },
});
const post = aPost({ author: mina, content: 'My dash macro for platformers', model: 'lite' });
const route = '/configs/detail?id=5';

beforeEach(() => signIn());
afterEach(() => vi.unstubAllGlobals());

describe('ConfigDetailPage', () => {
  it('shows what the configuration is, who made it, where it came from and how many use it', async () => {
    answerApi({ 'GET /organisation': organisation, 'GET /configs/5': config, 'GET /configs/5/posts': { items: [post], nextCursor: null } });
    await renderPage(<ConfigDetailPage />, { route });
    const article = await screen.findByRole('article');
    expect(within(article).getByRole('heading', { name: 'Wavedash' })).toBeTruthy();
    expect(article.textContent).toContain('Macro');
    expect(await within(article).findByText('Padhub Lite')).toBeTruthy();
    expect(article.textContent).toContain('by Mina · Applied by 12 · Saved by 1');
    // The original is deleted: credited, but not a link.
    expect(within(article).getByText('Based on “Dash” by Jun').closest('a')).toBeNull();
    expect(within(article).getByRole('img', { name: 'Timeline of Wavedash' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Apply to my controller' })).toBeTruthy();
  });

  it('shows the counts that others change while it is open, from the live stream', async () => {
    answerApi({ 'GET /organisation': organisation, 'GET /configs/5': config, 'GET /configs/5/posts': { items: [], nextCursor: null } });
    await renderPage(<ConfigDetailPage />, { route });
    const article = await screen.findByRole('article');
    expect(article.textContent).toContain('Applied by 12');
    // Another configuration's counts are not this one's.
    act(() => emitLive('configs', { id: '6', appliedCount: 99, likeCount: 99 } as never));
    act(() => emitLive('configs', { id: '5', appliedCount: 13, likeCount: 4 } as never));
    await waitFor(() => expect(article.textContent).toContain('Applied by 13'));
    expect(article.textContent).not.toContain('99');
  });

  it('lists the posts that carry it, each opening the post', async () => {
    answerApi({ 'GET /organisation': organisation, 'GET /configs/5': config, 'GET /configs/5/posts': { items: [post], nextCursor: null } });
    await renderPage(<ConfigDetailPage />, { route });
    const posts = await screen.findByRole('region', { name: 'Posts with this configuration' });
    const link = await within(posts).findByRole('link', { name: /My dash macro for platformers/ });
    expect(link.getAttribute('href')).toBe('/community/detail?id=41');
    expect(link.textContent).toContain('Mina');
  });

  it('says when no post the person can see carries it', async () => {
    answerApi({ 'GET /organisation': organisation, 'GET /configs/5': config, 'GET /configs/5/posts': { items: [], nextCursor: null } });
    await renderPage(<ConfigDetailPage />, { route });
    expect(await screen.findByText('No post you can see carries it.')).toBeTruthy();
  });

  it('says a deleted configuration is gone, with nothing to apply', async () => {
    answerApi({ 'GET /organisation': organisation, 'GET /configs/5': refusal('not_found') });
    await renderPage(<ConfigDetailPage />, { route });
    expect(await screen.findByText('This does not exist or has been deleted.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /reload/ })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Apply to my controller' })).toBeNull();
  });

  it('offers to load again when the server failed', async () => {
    let fail = true;
    answerApi({ 'GET /organisation': organisation, 'GET /configs/5': () => (fail ? refusal('internal') : config), 'GET /configs/5/posts': { items: [], nextCursor: null } });
    await renderPage(<ConfigDetailPage />, { route });
    const reload = await screen.findByRole('button', { name: 'Request failed, click to reload' });
    fail = false;
    fireEvent.click(reload);
    expect(await screen.findByRole('heading', { name: 'Wavedash' })).toBeTruthy();
  });

  it('lets its author rename it and name its game, with the organisation’s games offered; nobody else', async () => {
    let mine = { ...config, author: { ...mina, id: someone.id } };
    const calls = answerApi({
      'GET /organisation': organisation,
      'GET /configs/5': () => mine,
      'GET /configs/5/posts': { items: [], nextCursor: null },
      'GET /games': { items: [{ id: 'g1', name: 'Hollow Knight' }] },
      'PUT /configs/5': ({ body }: ApiCall) => (mine = { ...mine, ...(body as object) }),
    });
    await renderPage(<ConfigDetailPage />, { route });
    fireEvent.click(await screen.findByRole('button', { name: 'Edit name and game' }));
    const form = screen.getByRole('form', { name: 'Edit name and game' });
    fireEvent.change(within(form).getByRole('textbox', { name: 'Name' }), { target: { value: ' Wavedash v2 ' } });
    fireEvent.change(within(form).getByRole('combobox', { name: 'Game' }), { target: { value: 'Hollow' } });
    await waitFor(() => expect(form.querySelector('datalist option')?.getAttribute('value')).toBe('Hollow Knight'));
    fireEvent.change(within(form).getByRole('combobox', { name: 'Game' }), { target: { value: 'Hollow Knight' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('heading', { name: 'Wavedash v2' })).toBeTruthy();
    expect(screen.getByRole('article').textContent).toContain('Hollow Knight');
    // The whole configuration goes back, its body as it was.
    expect(calls.find((c) => c.method === 'PUT')!.body).toEqual({ model: 'lite', kind: 'macro', name: 'Wavedash v2', game: 'Hollow Knight', content: config.content });
    expect(screen.queryByRole('form', { name: 'Edit name and game' })).toBeNull();
  });

  it('offers no renaming to someone else', async () => {
    answerApi({ 'GET /organisation': organisation, 'GET /configs/5': config, 'GET /configs/5/posts': { items: [], nextCursor: null } });
    await renderPage(<ConfigDetailPage />, { route });
    await screen.findByRole('heading', { name: 'Wavedash' });
    expect(screen.queryByRole('button', { name: 'Edit name and game' })).toBeNull();
  });
});
