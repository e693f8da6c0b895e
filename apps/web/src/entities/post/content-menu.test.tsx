import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type User, errorMessages } from '@padhub/contracts';
import { simulatedHost } from '@/platform/host.ts';
import { answerApi, refuse, renderPage, signIn, someone } from '@/test-utils.tsx';
import { ContentMenu } from './content-menu.tsx';

const author: User = { id: '9', username: 'mina', nickname: 'Mina', avatar: null, state: 0 };

afterEach(() => {
  vi.unstubAllGlobals();
  simulatedHost?.cancelLogin();
});

async function choose(action: string) {
  fireEvent.click(screen.getByRole('button', { name: 'More actions' }));
  fireEvent.click(await screen.findByText(action));
}

describe('ContentMenu', () => {
  it('is not offered on one’s own content', async () => {
    signIn({ ...someone, id: author.id });
    await renderPage(<ContentMenu targetType="post" targetId="41" author={author} />);
    expect(screen.queryByRole('button', { name: 'More actions' })).toBeNull();
  });

  it('opens the report page for the post or the comment', async () => {
    signIn();
    const { location } = await renderPage(<ContentMenu targetType="comment" targetId="5" author={author} />);
    expect(screen.getByRole('button', { name: 'More actions' }).getAttribute('aria-haspopup')).toBe('dialog');
    await choose('Report');
    await waitFor(() => expect(location()).toBe('/community/report?type=comment&id=5'));
  });

  it('blocks the author, says so, and lets the page leave what is now hidden', async () => {
    signIn();
    const calls = answerApi({ 'PUT /blocks/9': { blocked: true } });
    const hidden = vi.fn();
    await renderPage(<ContentMenu targetType="post" targetId="41" author={author} onAuthorHidden={hidden} />);
    await choose('Block the author');
    expect(await screen.findByText('Blocked successfully')).toBeTruthy();
    expect(hidden).toHaveBeenCalledOnce();
    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual(['PUT /blocks/9']);
  });

  it('puts the author on the blacklist', async () => {
    signIn();
    const calls = answerApi({ 'PUT /blacklist/9': { blacklisted: true } });
    await renderPage(<ContentMenu targetType="post" targetId="41" author={author} />);
    await choose('Add the author to the blacklist');
    expect(await screen.findByText('Blacklisted successfully')).toBeTruthy();
    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual(['PUT /blacklist/9']);
  });

  it('tells why when the server refuses, and leaves the post where it is', async () => {
    signIn();
    answerApi({ 'PUT /blocks/9': refuse('forbidden') });
    const hidden = vi.fn();
    await renderPage(<ContentMenu targetType="post" targetId="41" author={author} onAuthorHidden={hidden} />);
    await choose('Block the author');
    expect(await screen.findByText(errorMessages.forbidden.en)).toBeTruthy();
    expect(hidden).not.toHaveBeenCalled();
  });

  it('asks someone logged out to log in first, and sends nothing meanwhile', async () => {
    signIn(null);
    const calls = answerApi({});
    const { location } = await renderPage(<ContentMenu targetType="post" targetId="41" author={author} />);
    await choose('Report');
    await waitFor(() => expect(simulatedHost?.loginRequested).toBe(true));
    expect(location()).toBe('/');
    expect(calls.filter((c) => c.path !== '/organisation')).toEqual([]);
  });
});
