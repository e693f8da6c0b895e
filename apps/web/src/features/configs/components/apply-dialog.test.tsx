import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Binding } from '@padhub/contracts';
import { type ConfigurationPayload, payloadOf } from '@/platform/controller.ts';
import { aConfig, answerApi, renderPage } from '@/test-utils.tsx';
import { ApplyDialog } from './apply-dialog.tsx';

const mapping = (bindings: Binding[]) => aConfig({ id: '5', model: 'elite-x', kind: 'mapping', name: 'Racing', content: { layers: [{ name: 'Base', shift: null, bindings }] } });
const config = mapping([{ input: 'p1', output: { type: 'button', button: 'a' } }]);
const active = (bindings: Binding[]): ConfigurationPayload => payloadOf(mapping(bindings));

beforeEach(() => answerApi({}));
afterEach(() => vi.unstubAllGlobals());

describe('ApplyDialog', () => {
  it('is a modal dialog named after the configuration, listing what changes on the controller', async () => {
    await renderPage(<ApplyDialog config={config} active={active([{ input: 'p1', output: { type: 'button', button: 'b' } }])} onApply={() => undefined} onClose={() => undefined} />);
    const dialog = screen.getByRole('dialog', { name: 'Apply “Racing”?' });
    expect(dialog.hasAttribute('open')).toBe(true);
    expect(within(dialog).getByText('What changes on your controller:')).toBeTruthy();
    expect(within(dialog).getByRole('listitem').textContent).toBe('P1: B → A');
  });

  it('says so when nothing would change, or when the host cannot say what the controller uses', async () => {
    const { unmount } = await renderPage(<ApplyDialog config={config} active={payloadOf(config)} onApply={() => undefined} onClose={() => undefined} />);
    expect(screen.getByText('Your controller already uses this configuration.')).toBeTruthy();
    unmount();
    await renderPage(<ApplyDialog config={config} active={null} onApply={() => undefined} onClose={() => undefined} />);
    expect(screen.getByText('Your controller will use this configuration from now on.')).toBeTruthy();
    expect(screen.queryByRole('list')).toBeNull();
  });

  it('shows the first twelve changes and counts the rest', async () => {
    const many = mapping(['a', 'b', 'x', 'y', 'lb', 'rb', 'lt', 'rt', 'ls', 'rs', 'view', 'menu', 'home', 'capture'].map((input): Binding => ({ input, output: { type: 'none' } })));
    await renderPage(<ApplyDialog config={many} active={active([])} onApply={() => undefined} onClose={() => undefined} />);
    expect(screen.getAllByRole('listitem')).toHaveLength(12);
    expect(screen.getByText('and 2 more')).toBeTruthy();
  });

  it('applies on Apply; Cancel closes it without applying', async () => {
    const onApply = vi.fn();
    const onClose = vi.fn();
    await renderPage(<ApplyDialog config={config} active={null} onApply={onApply} onClose={onClose} />);
    fireEvent.click(screen.getByRole('button', { name: 'Apply' }));
    expect(onApply).toHaveBeenCalledTimes(1);
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(onApply).toHaveBeenCalledTimes(1);
  });
});
