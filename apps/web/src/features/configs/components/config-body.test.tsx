import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { aConfig, answerApi, renderPage } from '@/test-utils.tsx';
import { ConfigBody } from './config-body.tsx';

// The controller picture asks for the organisation's model names; none known here.
beforeEach(() => answerApi({}));
afterEach(() => vi.unstubAllGlobals());

describe('ConfigBody', () => {
  it('shows a configuration with content without entry chips', async () => {
    const config = aConfig({ kind: 'mapping', content: { layers: [{ name: 'Base', shift: null, bindings: [{ input: 'a', output: { type: 'none' } }] }] } });
    await renderPage(<ConfigBody config={config} />);
    expect(screen.queryByRole('group', { name: 'Entries' })).toBeNull();
    expect(screen.getByRole('listitem').textContent).toBe('A → Off');
  });

  it('offers the entries of a list as chips and shows the chosen one', async () => {
    const config = aConfig({
      kind: 'macro',
      entryNames: ['Dash', 'Combo'],
      configurationList: [
        { name: 'Dash', content: { trigger: { input: 'p1', mode: 'tap' }, steps: [{ action: 'hold', button: 'b', ms: 30 }] } },
        { name: 'Combo', content: { trigger: { input: 'p2', mode: 'toggle' }, steps: [{ action: 'hold', button: 'x', ms: 50 }] } },
      ],
    });
    await renderPage(<ConfigBody config={config} />);
    const chips = within(screen.getByRole('group', { name: 'Entries' })).getAllByRole('button');
    expect(chips.map((c) => [c.textContent, c.getAttribute('aria-pressed')])).toEqual([
      ['Dash', 'true'],
      ['Combo', 'false'],
    ]);
    expect(screen.getByRole('img', { name: 'Timeline of Dash' })).toBeTruthy();
    fireEvent.click(chips[1]!);
    expect(screen.getByRole('img', { name: 'Timeline of Combo' })).toBeTruthy();
    expect(screen.getByText(/Trigger: P2, press to start, press again to stop/)).toBeTruthy();
  });
});
