import { fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { DataExport } from '@padhub/contracts';
import { answerApi, refuse, renderPage, signIn } from '@/test-utils.tsx';
import { DataPage } from './data-page.tsx';

afterEach(() => vi.unstubAllGlobals());

const ready: DataExport = {
  id: '7',
  status: 'ready',
  createdAt: new Date(Date.now() - 3600_000).toISOString(),
  url: '/api/exports/7/archive?key=k',
  expiresAt: new Date(Date.now() + 47 * 3600_000).toISOString(),
};

describe('DataPage', () => {
  it('lists a ready archive with its download link, and says from when the next one may be asked', async () => {
    signIn();
    const nextAt = new Date(Date.now() + 6 * 86400_000);
    const calls = answerApi({ 'GET /me/exports': { items: [ready] }, 'POST /me/export': refuse('export_too_soon', { nextAt: nextAt.toISOString() }) });
    await renderPage(<DataPage />, { route: '/user/data' });
    expect(await screen.findByText('Ready to download')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Download' }).getAttribute('href')).toBe(ready.url);
    fireEvent.click(screen.getByRole('button', { name: 'Ask for my archive' }));
    expect(await screen.findByText(`You can ask for one archive a week. The next one from ${nextAt.toLocaleDateString('en')}.`)).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST' && c.path === '/me/export')).toHaveLength(1);
  });

  it('says a file that is not an archive is not one, and sends nothing', async () => {
    signIn();
    const calls = answerApi({ 'GET /me/exports': { items: [] } });
    await renderPage(<DataPage />, { route: '/user/data' });
    expect(await screen.findByText('You have not asked for an archive yet.')).toBeTruthy();
    const input = screen.getByLabelText('Choose a file');
    fireEvent.change(input, { target: { files: [new File(['not json'], 'notes.txt', { type: 'text/plain' })] } });
    expect(await screen.findByText('This file is not an archive of your data.')).toBeTruthy();
    expect(calls.some((c) => c.path === '/me/configs/import')).toBe(false);
  });
});
