import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type ConfigCard, errorMessages } from '@padhub/contracts';
import { bridge } from '@/platform/host.ts';
import { aConfig, anOrganisation, answerApi, mina, refuse, renderPage, signIn } from '@/test-utils.tsx';
import { setNetwork } from '@/test-network.ts';
import { ConfigDetailPage } from '@/features/configs/pages/config-detail-page.tsx';

const config = aConfig({
  id: '5',
  kind: 'macro',
  name: 'Wavedash',
  author: mina,
  saveCount: 2,
  likeCount: 1,
  game: 'Celeste',
  liked: false,
  content: { trigger: { input: 'rb', mode: 'tap' }, steps: [{ action: 'hold', button: 'b', ms: 30 }] },
});
const copy: ConfigCard = { ...config, id: '6', name: 'Wavedash (mine)', author: { ...mina, id: '11', nickname: 'Jun' } };
const route = '/configs/detail?id=5';
const page = { 'GET /organisation': anOrganisation, 'GET /configs/5': config, 'GET /configs/5/posts': { items: [], nextCursor: null } };

beforeEach(() => signIn());
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('a configuration’s likes, sharing and copies', () => {
  it('likes at once, keeps the server’s count, and takes the like back when the server refuses', async () => {
    let release = () => {};
    const answered = new Promise<void>((resolve) => (release = resolve));
    answerApi({ ...page, 'PUT /configs/5/like': answered.then(() => ({ liked: true, likeCount: 7 })), 'DELETE /configs/5/like': refuse('rate_limited') });
    await renderPage(<ConfigDetailPage />, { route });
    const like = await screen.findByRole('button', { name: /This works for me/ });
    expect(screen.getByText('1 says it works')).toBeTruthy();
    fireEvent.click(like);
    // Before the server answers.
    await waitFor(() => expect(like.getAttribute('aria-pressed')).toBe('true'));
    expect(screen.getByText('2 say it works')).toBeTruthy();
    release();
    expect(await screen.findByText('7 say it works')).toBeTruthy();
    fireEvent.click(like);
    await waitFor(() => expect(like.getAttribute('aria-pressed')).toBe('true'));
    expect(screen.getByText('7 say it works')).toBeTruthy();
  });

  it('offline, likes at once and sends it when the network is back; refused then, takes it back and says why', async () => {
    const calls = answerApi({ ...page, 'PUT /configs/5/like': refuse('forbidden') });
    await renderPage(<ConfigDetailPage />, { route });
    const like = await screen.findByRole('button', { name: /This works for me/ });
    await setNetwork(false);
    fireEvent.click(like);
    await waitFor(() => expect(like.getAttribute('aria-pressed')).toBe('true'));
    expect(screen.getByText('2 say it works')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'PUT')).toEqual([]);

    await setNetwork(true);
    expect(await screen.findByText(errorMessages.forbidden.en)).toBeTruthy();
    expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(1);
    // The message and the rolled-back button are two renders (the toast has a root of its own).
    await waitFor(() => expect(like.getAttribute('aria-pressed')).toBe('false'));
    expect(screen.getByText('1 says it works')).toBeTruthy();
  });

  it('copies the link when neither the host nor the browser can share, and says so', async () => {
    answerApi(page);
    await renderPage(<ConfigDetailPage />, { route });
    const button = await screen.findByRole('button', { name: 'Share' });
    // A browser outside the controller app, without the Web Share API.
    vi.spyOn(bridge, 'supports').mockReturnValue(false);
    const writeText = vi.fn(() => Promise.resolve());
    vi.stubGlobal('navigator', { ...navigator, share: undefined, clipboard: { writeText } });
    fireEvent.click(button);
    expect(await screen.findByText('Link copied')).toBeTruthy();
    expect(writeText).toHaveBeenCalledWith(expect.stringMatching(/\/app\/configs\/detail\?id=5$/));
  });

  it('counts the copies made of it and lists each one on a tap', async () => {
    answerApi({ ...page, 'GET /configs/5/copies': { items: [copy], nextCursor: null } });
    await renderPage(<ConfigDetailPage />, { route });
    const toggle = await screen.findByRole('button', { name: '2 copies made of it' });
    fireEvent.click(toggle);
    expect((await screen.findByRole('link', { name: /Wavedash \(mine\)/ })).getAttribute('href')).toBe('/configs/detail?id=6');
  });

  it('says its original is hidden because I blocked its author, rather than that it does not exist', async () => {
    answerApi({ ...page, 'GET /configs/5': { ...config, hiddenOriginAuthor: { ...mina, id: '10', nickname: 'Jun' } } });
    await renderPage(<ConfigDetailPage />, { route });
    expect(await screen.findByText('Based on a configuration hidden because you blocked Jun')).toBeTruthy();
  });
});
