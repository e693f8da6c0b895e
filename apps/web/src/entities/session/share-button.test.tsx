import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { bridge } from '@/platform/host.ts';
import { answerApi, renderPage } from '@/test-utils.tsx';
import { ShareButton } from './share-button.tsx';

// As in a browser with no host: the simulated host of the tests would take the share itself.
beforeEach(() => vi.spyOn(bridge, 'supports').mockReturnValue(false));
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('ShareButton', () => {
  it('without a host or the Web Share API, copies the page’s link and says so', async () => {
    const copied: string[] = [];
    vi.stubGlobal('navigator', { ...navigator, share: undefined, clipboard: { writeText: async (text: string) => void copied.push(text) } });
    answerApi({});
    await renderPage(<ShareButton path="/user/profile?id=9" title="Mina" />);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Share' })));
    expect(copied).toEqual([`${location.origin}/app/user/profile?id=9`]);
    expect(await screen.findByText('Link copied')).toBeTruthy();
  });

  it('says so when the link could not be shared at all', async () => {
    vi.stubGlobal('navigator', { ...navigator, share: undefined, clipboard: { writeText: () => Promise.reject(new Error('denied')) } });
    answerApi({});
    await renderPage(<ShareButton path="/community/detail?id=1" title="A post" />);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Share' })));
    expect(await screen.findByText('The link could not be shared')).toBeTruthy();
  });
});
