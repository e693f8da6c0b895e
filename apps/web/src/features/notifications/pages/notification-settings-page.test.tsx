import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type NotificationSettings, notificationTypes } from '@padhub/contracts';
import { answerApi, refuse, renderPage, signIn } from '@/test-utils.tsx';
import { NotificationSettingsPage } from './notification-settings-page.tsx';

const allOn = Object.fromEntries(notificationTypes.map((type) => [type, { inbox: true, push: true }])) as NotificationSettings;

afterEach(() => vi.unstubAllGlobals());

describe('NotificationSettingsPage', () => {
  it('switches one type off for push only, and saves just that', async () => {
    signIn();
    const calls = answerApi({
      'GET /me/notification-settings': allOn,
      'PUT /me/notification-settings': () => ({ ...allOn, post_like: { inbox: true, push: false } }),
    });
    await renderPage(<NotificationSettingsPage />, { route: '/notifications/settings' });
    const likes = await screen.findByRole('group', { name: 'Likes of my posts' });
    const push = likes.querySelectorAll('input')[1]!;
    expect(push.checked).toBe(true);
    fireEvent.click(push);
    await waitFor(() => expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ post_like: { inbox: true, push: false } }));
    expect(push.checked).toBe(false);
    expect(likes.querySelectorAll('input')[0]!.checked).toBe(true);
  });

  it('puts a switch back when saving is refused', async () => {
    signIn();
    answerApi({ 'GET /me/notification-settings': allOn, 'PUT /me/notification-settings': refuse('internal') });
    await renderPage(<NotificationSettingsPage />, { route: '/notifications/settings' });
    const inbox = (await screen.findByRole('group', { name: 'New followers' })).querySelector('input')!;
    fireEvent.click(inbox);
    await waitFor(() => expect(inbox.checked).toBe(true));
    expect(await screen.findByText('Something went wrong on our side. Please try again later.')).toBeTruthy();
  });
});
