import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type User, errorMessages } from '@padhub/contracts';
import { simulatedHost as loadingHost } from '@/platform/host.ts';
import { Snackbar } from '@/ui/snackbar.tsx';
import { answerApi, refuse, renderPage, signIn, someone } from '@/test-utils.tsx';
import { ContentMenu } from './content-menu.tsx';

// The simulated host's code loads on its own (platform/host.ts).
const simulatedHost = await loadingHost;

const author: User = { id: '9', username: 'mina', nickname: 'Mina', avatar: null, state: 0 };

afterEach(() => {
  vi.unstubAllGlobals();
  simulatedHost?.cancelLogin();
});

async function choose(action: string) {
  fireEvent.click(screen.getByRole('button', { name: 'More actions' }));
  fireEvent.click(await screen.findByText(action));
}

/** Blocking and blacklisting ask first; this answers with the dialog's button named `button`. */
async function answer(button: string) {
  fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: button }));
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

  it('blocks the author after asking, says so with Undo, and lets the page leave what is now hidden', async () => {
    signIn();
    const calls = answerApi({ 'PUT /blocks/9': { blocked: true }, 'DELETE /blocks/9': null });
    const hidden = vi.fn();
    await renderPage(
      <>
        <ContentMenu targetType="post" targetId="41" author={author} onAuthorHidden={hidden} />
        <Snackbar />
      </>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'More actions' }));
    // Each list says in a line what it does, before anyone chooses it.
    expect(await screen.findByText('You will not see their posts and comments')).toBeTruthy();
    fireEvent.click(screen.getByText('Block the author'));
    expect(await screen.findByText('Block Mina? You will not see their posts and comments.')).toBeTruthy();
    await answer('Block');
    expect(await screen.findByText('Blocked successfully')).toBeTruthy();
    expect(hidden).toHaveBeenCalledOnce();
    fireEvent.click(screen.getByRole('button', { name: 'Undo' }));
    expect(await screen.findByText('Undone')).toBeTruthy();
    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual(['PUT /blocks/9', 'DELETE /blocks/9']);
  });

  it('sends nothing when the person thinks better of it', async () => {
    signIn();
    const calls = answerApi({ 'PUT /blocks/9': { blocked: true } });
    const hidden = vi.fn();
    await renderPage(<ContentMenu targetType="post" targetId="41" author={author} onAuthorHidden={hidden} />);
    await choose('Block the author');
    await answer('Cancel');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.filter((c) => c.path !== '/organisation')).toEqual([]);
    expect(hidden).not.toHaveBeenCalled();
  });

  it('puts the author on the blacklist after asking', async () => {
    signIn();
    const calls = answerApi({ 'PUT /blacklist/9': { blacklisted: true } });
    await renderPage(
      <>
        <ContentMenu targetType="post" targetId="41" author={author} />
        <Snackbar />
      </>,
    );
    await choose('Add the author to the blacklist');
    await answer('Add to blacklist');
    expect(await screen.findByText('Blacklisted successfully')).toBeTruthy();
    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual(['PUT /blacklist/9']);
  });

  it('tells why when the server refuses, and leaves the post where it is', async () => {
    signIn();
    answerApi({ 'PUT /blocks/9': refuse('forbidden') });
    const hidden = vi.fn();
    await renderPage(<ContentMenu targetType="post" targetId="41" author={author} onAuthorHidden={hidden} />);
    await choose('Block the author');
    await answer('Block');
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
