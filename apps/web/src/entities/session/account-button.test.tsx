import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { simulatedHost as loadingHost } from '@/platform/host.ts';
import { useSession } from '@/platform/session.ts';
import { renderPage, signIn, someone } from '@/test-utils.tsx';
import { AccountButton } from './account-button.tsx';
import { LoginPrompt } from './login-prompt.tsx';

// The simulated host's code loads on its own (platform/host.ts).
const simulatedHost = await loadingHost;

afterEach(() => {
  vi.unstubAllGlobals();
  simulatedHost?.cancelLogin();
});

/** The actions of the open sheet, by their text. */
async function openSheet(button: string | RegExp) {
  fireEvent.click(screen.getByRole('button', { name: button }));
  await screen.findByText('Privacy policy');
  return [...document.querySelectorAll('.adm-action-sheet-button-item-name')].map((n) => n.textContent);
}

describe('AccountButton', () => {
  it('offers someone logged out to log in, and the legal pages', async () => {
    signIn(null);
    await renderPage(<AccountButton />);
    expect(await openSheet('Log in')).toEqual(['Log in', 'User agreement', 'Privacy policy', 'Disclaimer', 'Cancel']);
    fireEvent.click(screen.getByText('Log in', { selector: '.adm-action-sheet-button-item-name' }));
    await waitFor(() => expect(simulatedHost?.loginRequested).toBe(true));
  });

  it('names who is logged in and leads to their own pages', async () => {
    signIn();
    const { location } = await renderPage(<AccountButton />);
    const sheet = await openSheet('Logged in as Alex');
    expect(sheet).toContain('My comments');
    expect(sheet).not.toContain('Moderation console');
    expect(sheet).not.toContain('Log in');
    fireEvent.click(screen.getByText('My comments'));
    await waitFor(() => expect(location()).toBe('/user/comments'));
  });

  it('shows the console to moderators and admins only', async () => {
    signIn({ ...someone, role: 'moderator' });
    const { location } = await renderPage(<AccountButton />);
    expect(await openSheet(/Alex/)).toContain('Moderation console');
    fireEvent.click(screen.getByText('Moderation console'));
    await waitFor(() => expect(location()).toBe('/console'));
  });

  it('falls back to “Me” for a person whose name is not known yet', async () => {
    signIn();
    // The token is known before /api/me answers with the person.
    useSession.setState({ user: null });
    await renderPage(<AccountButton />);
    expect(screen.getByRole('button', { name: 'Me' })).toBeTruthy();
  });
});

describe('LoginPrompt', () => {
  it('asks the host to log the person in', async () => {
    signIn(null);
    await renderPage(<LoginPrompt />);
    fireEvent.click(screen.getByRole('button', { name: 'Log in to continue' }));
    await waitFor(() => expect(simulatedHost?.loginRequested).toBe(true));
  });
});
