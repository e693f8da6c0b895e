import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { simulatedHost as loadingHost } from '@/platform/host.ts';
import { answerApi, renderPage, signIn } from '@/test-utils.tsx';
import { NotificationBell } from './notification-bell.tsx';

// The simulated host's code loads on its own (platform/host.ts).
const simulatedHost = await loadingHost;

afterEach(() => vi.unstubAllGlobals());

describe('NotificationBell', () => {
  it('says how many are unread, in words that agree with the number, and tells the host', async () => {
    signIn();
    answerApi({ 'GET /notifications/unread': { count: 3 } });
    await renderPage(<NotificationBell />);
    const bell = await screen.findByRole('button', { name: 'Notifications, 3 unread' });
    expect(bell.textContent).toBe('3');
    await waitFor(() => expect(simulatedHost?.badge).toBe(3));
  });

  it('says "1 unread" for one, and asks again when the host says the app resumed', async () => {
    signIn();
    let count = 1;
    const calls = answerApi({ 'GET /notifications/unread': () => ({ count }) });
    await renderPage(<NotificationBell />);
    await screen.findByRole('button', { name: 'Notifications, 1 unread' });
    count = 0;
    simulatedHost?.resume();
    await screen.findByRole('button', { name: 'Notifications' });
    expect(calls.filter((c) => c.path === '/notifications/unread')).toHaveLength(2);
    await waitFor(() => expect(simulatedHost?.badge).toBe(0));
  });

  it('asks a logged-out person to log in, and asks the server nothing', async () => {
    signIn(null);
    const calls = answerApi({});
    await renderPage(<NotificationBell />);
    fireEvent.click(screen.getByRole('button', { name: 'Notifications' }));
    await waitFor(() => expect(simulatedHost?.loginRequested).toBe(true));
    simulatedHost?.cancelLogin();
    expect(calls).toEqual([]);
  });
});
