import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { useQuery } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type Profile, errorMessages } from '@padhub/contracts';
import { userKeys } from '@/entities/user/keys.ts';
import { answerApi, mina, refuse, renderPage, signIn, testQueryClient } from '@/test-utils.tsx';
import { setNetwork } from '@/test-network.ts';
import { FollowButton } from './follow-button.tsx';

afterEach(() => vi.unstubAllGlobals());

const key = userKeys.profile(mina.id);
const profile: Profile = { user: mina, bio: '', createdAt: '2026-03-04T10:00:00.000Z', postCount: 3, followerCount: 1, followingCount: 2, likeCount: 0, following: false, blocked: false };

function Follow() {
  const shown = useQuery({ queryKey: key, queryFn: () => profile, staleTime: Infinity }).data;
  return shown ? <FollowButton profile={shown} profileKey={key} /> : null;
}

describe('FollowButton with no network', () => {
  it('follows at once and sends it when the network is back; refused after the page was left, it goes back and says why', async () => {
    signIn();
    const calls = answerApi({ 'PUT /users/9/follow': refuse('forbidden') });
    const client = testQueryClient();
    client.setQueryData(key, profile);
    const page = await renderPage(<Follow />, { client });
    await setNetwork(false);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Follow' })));
    expect((await screen.findByRole('button', { name: 'Following' })).getAttribute('aria-pressed')).toBe('true');
    expect(client.getQueryData<Profile>(key)?.followerCount).toBe(2);
    // The app's query client stays when the profile is left.
    client.mount();
    page.unmount();

    await setNetwork(true);
    expect(await screen.findByText(errorMessages.forbidden.en)).toBeTruthy();
    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual(['PUT /users/9/follow']);
    await waitFor(() => expect(client.getQueryData<Profile>(key)).toMatchObject({ following: false, followerCount: 1 }));
  });
});
