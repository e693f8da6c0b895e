import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { anOrganisation, answerApi, loadStrings, refuse } from '@/test-utils.tsx';
import { HostBridge } from '@/platform/bridge/bridge.ts';
import { SimulatedHost } from '@/platform/bridge/simulated-host.ts';
import { mountSimulatedPanel } from './simulated-panel.tsx';

const demo = { token: 'token-of-demo', user: { username: 'demo', state: 0 } };
const WRONG = 'The username or password is wrong.';
let unmount: (() => void) | undefined;

/** The simulated host behind a real bridge, with its panel mounted as main.tsx mounts it. */
async function mounted() {
  await loadStrings();
  let bridge: HostBridge | null = null;
  const host = new SimulatedHost((message) => queueMicrotask(() => bridge?.receive(message)));
  bridge = new HostBridge(host.transport());
  act(() => void (unmount = mountSimulatedPanel(host)));
  return { host, bridge };
}

function logIn(password = 'padhub-demo') {
  const dialog = screen.getByRole('dialog');
  fireEvent.change(dialog.querySelector('input[name=username]')!, { target: { value: 'demo' } });
  fireEvent.change(dialog.querySelector('input[name=password]')!, { target: { value: password } });
  fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
}

beforeEach(() => localStorage.clear());
afterEach(() => unmount?.());

describe('the simulated host’s panel', () => {
  it('closes itself once a login the person started succeeds, and stays closed', async () => {
    answerApi({ 'POST /auth/login': demo });
    const { host } = await mounted();
    fireEvent.click(screen.getByRole('button', { name: 'Simulated host' }));
    logIn();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(host.state).toMatchObject({ token: 'token-of-demo', username: 'demo' });
    // Nothing opens it again: an end-to-end step after a login has no panel left to close.
    await act(async () => undefined);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByRole('button', { name: 'Simulated host' }).getAttribute('aria-expanded')).toBe('false');
  });

  it('opens itself for a login the page asks for, answers the page after the login, then closes', async () => {
    answerApi({ 'POST /auth/login': demo });
    const { bridge } = await mounted();
    const asked = bridge.call('login', {});
    expect(await screen.findByRole('dialog')).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe('The page asks you to log in');
    logIn();
    expect(await asked).toEqual({ token: 'token-of-demo', state: 0 });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('stays open and says why when the login is refused', async () => {
    answerApi({ 'POST /auth/login': refuse('credentials_wrong') });
    await mounted();
    fireEvent.click(screen.getByRole('button', { name: 'Simulated host' }));
    logIn('wrong');
    expect((await screen.findByRole('alert')).textContent).toBe(WRONG);
    expect(screen.getByRole('dialog')).toBeTruthy();
  });

  it('connects one of the organisation’s models, as the phone would, and tells the page', async () => {
    answerApi({ 'GET /organisation': anOrganisation });
    const { host, bridge } = await mounted();
    const changes: unknown[] = [];
    bridge.on('controllerChanged', (event) => changes.push(event));
    fireEvent.click(screen.getByRole('button', { name: 'Simulated host' }));
    const list = screen.getByRole<HTMLSelectElement>('combobox', { name: 'Connected controller' });
    await waitFor(() => expect([...list.options].map((o) => o.textContent)).toEqual(['None', 'Padhub Elite X', 'Padhub Lite']));
    await act(async () => fireEvent.change(list, { target: { value: 'lite' } }));
    expect(host.controller.connected).toBe('lite');
    await waitFor(() => expect(changes).toEqual([{ controller: { model: 'lite', firmware: expect.any(String) } }]));
    expect(list.value).toBe('lite');
    await act(async () => fireEvent.change(list, { target: { value: '' } }));
    expect(host.controller.connected).toBeNull();
  });
});
