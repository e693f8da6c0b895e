import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { aSharedConfig, anOrganisation, answerApi, renderPage } from '@/test-utils.tsx';
import { HubCard } from './hub-card.tsx';

const shared = aSharedConfig();

afterEach(() => vi.unstubAllGlobals());

describe('HubCard', () => {
  it('opens the configuration and tells its kind, model, game, author, applies and likes', async () => {
    answerApi({ 'GET /organisation': anOrganisation });
    const { container } = await renderPage(<HubCard config={shared} />);
    const link = screen.getByRole('link');
    expect(link.getAttribute('href')).toBe('/configs/detail?id=c1');
    await waitFor(() => expect(link.textContent).toContain('Padhub Elite X'));
    expect(link.textContent).toContain('Mapping');
    expect(link.textContent).toContain('Forza Horizon 5');
    expect(link.textContent).toContain('Racing triggers');
    // Plurals: one person, two people.
    expect(screen.getByText('by Mina · Applied by 1 person · 2 say it works')).toBeTruthy();
    // A mapping carries the small controller; it is decoration, the text names the model.
    expect(container.querySelector('svg.pad-outline')?.getAttribute('aria-hidden')).toBe('true');
    expect(link.textContent).not.toContain('Plays');
  });

  it('says how long a macro plays, in the interface language', async () => {
    answerApi({ 'GET /organisation': anOrganisation });
    await renderPage(<HubCard config={{ ...shared, kind: 'macro', macroMs: 1250 }} />);
    expect(screen.getByText('Plays 1.3 sec')).toBeTruthy();
  });

  it('draws no controller for a macro and credits the original of a copy', async () => {
    answerApi({ 'GET /organisation': anOrganisation });
    const origin = { id: 'c0', name: 'Stock layout', author: { id: '3', username: 'ken', nickname: '', avatar: null, state: 0 } };
    const { container } = await renderPage(<HubCard config={{ ...shared, kind: 'macro', game: null, appliedCount: 5, likeCount: 1, basedOn: origin }} />);
    expect(container.querySelector('svg.pad-outline')).toBeNull();
    expect(screen.queryByText('English')).toBeNull();
    expect(screen.getByText('Based on “Stock layout” by ken')).toBeTruthy();
    expect(screen.getByText('by Mina · Applied by 5 people · 1 says it works')).toBeTruthy();
  });

  it('marks the language it was shared in when it is not the interface’s', async () => {
    answerApi({ 'GET /organisation': anOrganisation });
    await renderPage(<HubCard config={{ ...shared, lang: 'jp' }} />);
    expect(screen.getByRole('link').textContent).toContain('Japanese');
  });
});
