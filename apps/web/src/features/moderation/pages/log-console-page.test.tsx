import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AuditEntry, Organisation } from '@padhub/contracts';
import { type ApiCall, answerApi, renderPage, signIn, someone, anOrganisation } from '@/test-utils.tsx';
import { LogConsolePage } from './log-console-page.tsx';

const organisation: Organisation = { ...anOrganisation, currency: 'USD', models: [] };
const kai = { id: '3', username: 'kai', nickname: 'Kai', avatar: null, state: 0 };
const ban: AuditEntry = {
  id: '201',
  actor: kai,
  action: 'ban',
  targetType: 'user',
  targetId: '9',
  targetNames: null,
  targetUser: null,
  targetPostId: null,
  reason: 'Spam account',
  detail: { until: null },
  createdAt: new Date().toISOString(),
};
const priceChange: AuditEntry = {
  id: '202',
  actor: { ...kai, id: '4', nickname: 'Lee' },
  action: 'update_variant',
  targetType: 'goods_variant',
  targetId: '31',
  targetNames: { en: 'Pro 2 · Black', cn: 'Pro 2 · 黑色' },
  targetUser: null,
  targetPostId: null,
  reason: null,
  detail: { changed: ['price', 'stock', 'storeUrl'], from: { price: 5999, stock: 'in_stock' }, to: { price: 4999, stock: 'sold_out' } },
  createdAt: new Date().toISOString(),
};
const audit = (call: ApiCall) => ({ items: [ban, priceChange].filter((e) => !call.query.get('actorId') || e.actor.id === call.query.get('actorId')), nextCursor: null });
const auditQueries = (calls: ApiCall[]) => calls.filter((c) => c.path === '/admin/audit').map((c) => Object.fromEntries([...c.query].filter(([k]) => k !== 'cursor')));

beforeEach(() => signIn({ ...someone, role: 'moderator' }));
afterEach(() => vi.unstubAllGlobals());

describe('the audit log', () => {
  it('says who did what to what, and why or what changed', async () => {
    answerApi({ 'GET /organisation': organisation, 'GET /admin/audit': audit });
    await renderPage(<LogConsolePage />, { route: '/console/log' });
    const list = await screen.findByRole('list', { name: 'Audit log' });
    const [first, second] = within(list).getAllByRole('listitem');
    expect(first!.textContent).toContain('Banned · user 9');
    expect(first!.textContent).toContain('Reason: Spam account');
    expect(second!.textContent).toContain('Variant edited · “Pro 2 · Black” (variant 31)');
    await waitFor(() => expect(second!.textContent).toContain('Changed: price: $59.99 → $49.99, stock: In stock → Sold out, store link'));
  });

  it('says when an approval decided the edit of a passed post, and links to the post', async () => {
    const passEdit: AuditEntry = { ...ban, id: '203', action: 'pass', targetType: 'post', targetId: '41', reason: 'Fine now', detail: { edit: true, reportsResolved: 0 } };
    answerApi({ 'GET /organisation': organisation, 'GET /admin/audit': { items: [passEdit], nextCursor: null } });
    await renderPage(<LogConsolePage />, { route: '/console/log' });
    const line = within(await screen.findByRole('list', { name: 'Audit log' })).getByRole('listitem');
    expect(line.textContent).toContain('Approved (the edit of a passed post) · ');
    expect(within(line).getByRole('link').getAttribute('href')).toBe('/community/detail?id=41');
  });

  it('narrows to one person or one target from a line, in the address, and clears back to everything', async () => {
    const calls = answerApi({ 'GET /organisation': organisation, 'GET /admin/audit': audit });
    const { location } = await renderPage(<LogConsolePage />, { route: '/console/log' });
    fireEvent.click(await screen.findByRole('button', { name: 'Only actions by Kai' }));
    expect(location()).toBe('/console/log?actorId=3');
    const filters = screen.getByRole('group', { name: 'Filter the log' });
    expect(await within(filters).findByRole('button', { name: 'Remove filter: By Kai' })).toBeTruthy();
    // The chosen actor is shown, no longer offered.
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Only actions by Kai' })).toBeNull());
    fireEvent.click(screen.getByRole('button', { name: 'History of user 9' }));
    expect(location()).toBe('/console/log?actorId=3&targetType=user&targetId=9');
    expect(within(filters).getByRole('button', { name: 'Remove filter: On user 9' })).toBeTruthy();
    fireEvent.click(await within(filters).findByRole('button', { name: 'Remove filter: By Kai' }));
    expect(location()).toBe('/console/log?targetType=user&targetId=9');
    fireEvent.click(within(filters).getByRole('button', { name: 'Clear filters' }));
    expect(location()).toBe('/console/log');
    expect(within(filters).queryByRole('button', { name: 'Clear filters' })).toBeNull();
    await waitFor(() => expect(auditQueries(calls)).toContainEqual({ actorId: '3', targetType: 'user', targetId: '9' }));
  });

  it('filters by kind of action, and says when nothing matches', async () => {
    const calls = answerApi({ 'GET /organisation': organisation, 'GET /admin/audit': { items: [], nextCursor: null } });
    const { location } = await renderPage(<LogConsolePage />, { route: '/console/log' });
    expect(await screen.findByText('Nothing has been done yet.')).toBeTruthy();
    fireEvent.change(screen.getByRole('combobox', { name: 'Kind' }), { target: { value: 'bans' } });
    expect(location()).toBe('/console/log?kind=bans');
    expect(await screen.findByText('Nothing matches these filters.')).toBeTruthy();
    expect(auditQueries(calls)).toContainEqual({ kind: 'bans' });
  });
});
