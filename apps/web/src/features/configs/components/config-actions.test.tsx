import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Organisation } from '@padhub/contracts';
import { simulatedHost as loadingHost } from '@/platform/host.ts';
import { aConfig, answerApi, renderPage, signIn, someone, anOrganisation, mina } from '@/test-utils.tsx';
import { ConfigActions } from './config-actions.tsx';

// The simulated host's code loads on its own (platform/host.ts).
const simulatedHost = await loadingHost;

const organisation: Organisation = { ...anOrganisation, currency: 'USD', models: [{ id: 'elite-x', name: 'Padhub Elite X' }] };
const config = aConfig({
  id: '5',
  model: 'elite-x',
  kind: 'mapping',
  name: 'Racing',
  author: mina,
  applyCount: 3,
  saveCount: 1,
  content: { layers: [{ name: 'Base', shift: null, bindings: [{ input: 'p1', output: { type: 'button', button: 'a' } }] }] },
});
const controller = simulatedHost!.controller;

/** Taps Apply, then Apply in the dialog: the request waits at the simulated controller. */
async function startApplying() {
  fireEvent.click(screen.getByRole('button', { name: 'Apply to my controller' }));
  const confirm = await screen.findByRole('button', { name: 'Apply' });
  fireEvent.click(confirm);
  await waitFor(() => expect(controller.request?.id).toBe('5'));
}

beforeEach(() => {
  signIn();
  controller.forget();
});
afterEach(() => vi.unstubAllGlobals());

describe('ConfigActions', () => {
  it('shows the change first, hands the configuration to the controller, and counts the apply', async () => {
    controller.active = { 'elite-x:mapping': { id: '4', model: 'elite-x', kind: 'mapping', name: 'Old', content: { layers: [{ name: 'Base', shift: null, bindings: [] }] } } };
    const calls = answerApi({ 'GET /organisation': organisation, 'POST /configs/5/applies': { applied: true, applyCount: 4 } });
    await renderPage(<ConfigActions config={config} />);
    fireEvent.click(screen.getByRole('button', { name: 'Apply to my controller' }));
    expect((await screen.findByRole('dialog', { name: 'Apply “Racing”?' })).textContent).toContain('P1: Off → A');
    fireEvent.click(screen.getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(controller.request?.id).toBe('5'));
    expect(screen.queryByRole('dialog')).toBeNull();
    await act(async () => controller.answer('applied'));
    await waitFor(() => expect(screen.getByText('Applied to your controller')).toBeTruthy());
    expect(screen.getByText('Applied to your controller').getAttribute('role')).toBe('status');
    await waitFor(() => expect(calls.some((c) => c.method === 'POST' && c.path === '/configs/5/applies')).toBe(true));
  });

  it('says so on its button once applied, and Undo hands the controller back what it used before', async () => {
    const old = { id: '4', model: 'elite-x', kind: 'mapping' as const, name: 'Old', content: { layers: [{ name: 'Base', shift: null, bindings: [] }] } };
    controller.active = { 'elite-x:mapping': old };
    const calls = answerApi({ 'GET /organisation': organisation, 'POST /configs/5/applies': { applied: true, applyCount: 4 }, 'POST /configs/5/undo-apply': {} });
    await renderPage(<ConfigActions config={config} />);
    await startApplying();
    await act(async () => controller.answer('applied'));
    expect(await screen.findByRole('button', { name: 'Applied ✓' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Undo' }));
    await waitFor(() => expect(controller.request?.id).toBe('4'));
    // The server hears of an Undo only once the controller has taken the old one back.
    expect(calls.some((c) => c.path === '/configs/5/undo-apply')).toBe(false);
    await act(async () => controller.answer('applied'));
    expect(await screen.findByText('Your controller is back to what it used before.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Apply to my controller' })).toBeTruthy();
    // The console's apply funnel counts it as not kept.
    await waitFor(() => expect(calls.filter((c) => c.method === 'POST' && c.path === '/configs/5/undo-apply')).toHaveLength(1));
  });

  it('without the controller’s current configuration, states what happens instead of warning, and offers no Undo', async () => {
    answerApi({ 'GET /organisation': organisation, 'POST /configs/5/applies': { applied: true, applyCount: 4 } });
    await renderPage(<ConfigActions config={config} />);
    fireEvent.click(screen.getByRole('button', { name: 'Apply to my controller' }));
    expect((await screen.findByRole('dialog', { name: 'Apply “Racing”?' })).textContent).toContain('Your controller will use this configuration from now on.');
    fireEvent.click(screen.getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(controller.request?.id).toBe('5'));
    await act(async () => controller.answer('applied'));
    expect(await screen.findByRole('button', { name: 'Applied ✓' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Undo' })).toBeNull();
  });

  it('alerts when the controller is another model, and counts nothing', async () => {
    const calls = answerApi({ 'GET /organisation': organisation });
    await renderPage(<ConfigActions config={config} />);
    await startApplying();
    await act(async () => controller.answer('model'));
    expect((await screen.findByRole('alert')).textContent).toBe('Your controller is not a Padhub Elite X. Connect one and try again.');
    expect(calls.some((c) => c.path.endsWith('/applies'))).toBe(false);
  });

  it('says quietly when the person cancelled on the controller', async () => {
    answerApi({ 'GET /organisation': organisation });
    await renderPage(<ConfigActions config={config} />);
    await startApplying();
    await act(async () => controller.answer('cancelled'));
    expect(await screen.findByText('Not applied')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('saves a copy of someone else’s configuration, then links to it', async () => {
    const calls = answerApi({ 'GET /organisation': organisation, 'POST /configs/5/copies': { ...config, id: '77', author: someone, savedCopyId: null } });
    await renderPage(<ConfigActions config={config} />);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Save to my configurations' })));
    expect(await screen.findByText('Saved to my configurations')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Open my copy' }).getAttribute('href')).toBe('/configs/detail?id=77');
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.path)).toEqual(['/configs/5/copies']);
    expect(calls.find((c) => c.method === 'POST')?.headers.get('idempotency-key')).toMatch(/^[0-9a-f]{32}$/);
  });

  it('opens the copy saved before instead of offering to save again', async () => {
    answerApi({ 'GET /organisation': organisation });
    await renderPage(<ConfigActions config={{ ...config, savedCopyId: '66' }} />);
    expect(screen.queryByRole('button', { name: 'Save to my configurations' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Open my copy' }).getAttribute('href')).toBe('/configs/detail?id=66');
  });

  it('deletes the person’s own configuration after a confirmation, then leaves its page', async () => {
    const calls = answerApi({ 'GET /organisation': organisation, 'DELETE /configs/5': null });
    const { location } = await renderPage(<ConfigActions config={{ ...config, author: someone }} />, { route: '/configs/detail?id=5' });
    expect(screen.queryByRole('button', { name: 'Save to my configurations' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Delete this configuration? Posts that carry it will no longer show it.')).toBeTruthy();
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
    const confirm = (await screen.findAllByRole('button', { name: 'Delete' })).at(-1)!;
    await act(async () => fireEvent.click(confirm));
    await waitFor(() => expect(location()).toBe('/community/config'));
    expect(calls.some((c) => c.method === 'DELETE' && c.path === '/configs/5')).toBe(true);
    expect(await screen.findByText('Configuration deleted')).toBeTruthy();
  });
});
