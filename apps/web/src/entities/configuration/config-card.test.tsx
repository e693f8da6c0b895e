import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ConfigCard as Card } from '@padhub/contracts';
import { anOrganisation, answerApi, refuse, renderPage } from '@/test-utils.tsx';
import { ConfigCard } from './config-card.tsx';
import { OriginLine } from './origin-line.tsx';
import { PostConfigs } from './post-configs.tsx';

const card: Card = {
  id: 'c1',
  model: 'elite-x',
  kind: 'mapping',
  name: 'Racing triggers',
  entryNames: ['Drift', 'Brake'],
  author: { id: '9', username: 'mina', nickname: 'Mina', avatar: null, state: 0 },
  basedOn: null,
  applyCount: 3,
  saveCount: 1,
  likeCount: 0,
  game: null,
  createdAt: '2025-05-01T10:00:00.000Z',
  updatedAt: '2025-05-01T10:00:00.000Z',
};
const origin = { id: 'c0', name: 'Stock layout', author: { id: '3', username: 'ken', nickname: '', avatar: null, state: 0 } };

afterEach(() => vi.unstubAllGlobals());

describe('ConfigCard', () => {
  it('opens the configuration and tells its kind, model, entries, author and counts', async () => {
    answerApi({ 'GET /organisation': anOrganisation });
    await renderPage(<ConfigCard config={card} />);
    const link = screen.getByRole('link');
    expect(link.getAttribute('href')).toBe('/configs/detail?id=c1');
    // The organisation's name for the model once it is known, not its id.
    await waitFor(() => expect(link.textContent).toContain('Padhub Elite X'));
    expect(link.textContent).toContain('Mapping');
    expect(screen.getByText('Drift · Brake')).toBeTruthy();
    expect(screen.getByText('by Mina · Applied by 3 · Saved by 1')).toBeTruthy();
  });

  it('credits the original of a saved copy, without a second link inside the card', async () => {
    answerApi({ 'GET /organisation': anOrganisation });
    await renderPage(<ConfigCard config={{ ...card, basedOn: origin }} />);
    expect(screen.getByText('Based on “Stock layout” by ken')).toBeTruthy();
    expect(screen.getAllByRole('link')).toHaveLength(1);
  });

  it('shows the model id while the organisation is unknown', async () => {
    answerApi({});
    await renderPage(<ConfigCard config={{ ...card, model: 'mystery-pad' }} />);
    expect(screen.getByRole('link').textContent).toContain('mystery-pad');
  });
});

describe('OriginLine', () => {
  it('links to the original while it exists', async () => {
    await renderPage(<OriginLine origin={origin} />);
    expect(screen.getByRole('link', { name: 'Based on “Stock layout” by ken' }).getAttribute('href')).toBe('/configs/detail?id=c0');
  });

  it('only names a deleted original, and a deregistered author as such', async () => {
    await renderPage(<OriginLine origin={{ ...origin, id: null, author: { ...origin.author, username: '' } }} />);
    expect(screen.queryByRole('link')).toBeNull();
    expect(screen.getByText('Based on “Stock layout” by Deregistered user')).toBeTruthy();
  });
});

describe('PostConfigs', () => {
  it('shows nothing and asks nothing for a post without configurations', async () => {
    const calls = answerApi({});
    const { container } = await renderPage(<PostConfigs postId="41" count={0} />);
    expect(container.querySelector('.post-configs')).toBeNull();
    expect(calls.some((c) => c.path === '/posts/41/configs')).toBe(false);
  });

  it('announces how many there are while they load, then lists their cards', async () => {
    let answer: ((value: unknown) => void) | undefined;
    answerApi({ 'GET /posts/41/configs': () => new Promise((resolve) => (answer = resolve)) });
    await renderPage(<PostConfigs postId="41" count={2} />);
    const section = screen.getByRole('region', { name: 'Configurations (2)' });
    expect(section.getAttribute('aria-busy')).toBe('true');
    // One of the two was deleted since the post was loaded: the heading follows the answer.
    await waitFor(() => expect(answer).toBeDefined());
    await act(async () => answer?.({ items: [card] }));
    await waitFor(() => expect(screen.getByRole('region', { name: 'Configurations (1)' }).getAttribute('aria-busy')).toBe('false'));
    expect(screen.getByText('Racing triggers')).toBeTruthy();
  });

  it('offers to load again when the request fails', async () => {
    let fail = true;
    answerApi({ 'GET /posts/41/configs': () => (fail ? refuse('internal')() : { items: [card] }) });
    await renderPage(<PostConfigs postId="41" count={1} />);
    const retry = await screen.findByRole('button', { name: 'Request failed, click to reload' });
    fail = false;
    fireEvent.click(retry);
    expect(await screen.findByText('Racing triggers')).toBeTruthy();
  });
});
