import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { MappingContent } from '@padhub/contracts';
import { answerApi, renderPage, anOrganisation } from '@/test-utils.tsx';
import { MappingView } from './mapping-view.tsx';

const content: MappingContent = {
  layers: [
    {
      name: 'Base',
      shift: null,
      bindings: [
        { input: 'p1', output: { type: 'button', button: 'a' }, label: 'Jump' },
        { input: 'p2', output: { type: 'key', key: 'KeyW' } },
        { input: 'gyro', output: { type: 'stick', target: 'right_stick', sensitivity: 1.5, invertY: true, deadzone: 0.05 } },
        { input: 'rb', output: { type: 'button', button: 'x', turboHz: 12 } },
      ],
    },
    { name: 'Vehicle', shift: 'p4', bindings: [] },
  ],
};

const organisation = { ...anOrganisation, currency: 'USD', models: [{ id: 'elite-x', name: 'Padhub Elite X' }] };

afterEach(() => vi.unstubAllGlobals());

describe('MappingView', () => {
  it('lists what each input does, in words for sticks and keys as keyboards name them', async () => {
    answerApi({ 'GET /organisation': organisation });
    await renderPage(<MappingView model="elite-x" content={content} />);
    const lines = within(screen.getByRole('list')).getAllByRole('listitem').map((li) => li.textContent);
    expect(lines).toEqual(['P1 → A · Jump', 'P2 → W', 'Gyro → Right stick ×1.5 ⇅ 5%', 'RB → X turbo 12 Hz']);
  });

  it('draws the controller with its remapped inputs counted for screen readers, labels in the margins', async () => {
    answerApi({ 'GET /organisation': organisation });
    const { container } = await renderPage(<MappingView model="elite-x" content={content} />);
    expect(await screen.findByRole('img', { name: 'Padhub Elite X: 4 inputs remapped' })).toBeTruthy();
    const labels = [...container.querySelectorAll('.callout')].map((c) => [c.getAttribute('data-input'), c.textContent]);
    // Long texts are shortened in the margin; the list above keeps them whole.
    expect(labels).toEqual(expect.arrayContaining([['p1', 'A'], ['gyro', 'Right stick…']]));
    expect(container.querySelectorAll('.glyph-remapped')).toHaveLength(4);
  });

  it('counts a single remapped input in the singular', async () => {
    answerApi({ 'GET /organisation': organisation });
    await renderPage(<MappingView model="elite-x" content={{ layers: [{ name: 'Base', shift: null, bindings: [content.layers[0]!.bindings[0]!] }] }} />);
    expect(await screen.findByRole('img', { name: 'Padhub Elite X: 1 input remapped' })).toBeTruthy();
  });

  it('switches layers by chips that say which input holds them, and says when a layer remaps nothing', async () => {
    answerApi({ 'GET /organisation': organisation });
    const { container } = await renderPage(<MappingView model="elite-x" content={content} />);
    const layers = within(screen.getByRole('group', { name: 'Layers' })).getAllByRole('button');
    expect(layers.map((b) => [b.textContent, b.getAttribute('aria-pressed')])).toEqual([
      ['Base', 'true'],
      ['Vehicle (hold P4)', 'false'],
    ]);
    fireEvent.click(layers[1]!);
    expect(layers[1]!.getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByText('Nothing is remapped in this layer.')).toBeTruthy();
    // The input that holds the layer is marked on the picture.
    expect(container.querySelectorAll('.glyph-shift')).toHaveLength(1);
  });

  it('shows the list alone for a model it cannot draw, and no layer chips for one layer', async () => {
    answerApi({ 'GET /organisation': organisation });
    await renderPage(<MappingView model="unknown-pad" content={{ layers: [content.layers[0]!] }} />);
    expect(screen.queryByRole('img')).toBeNull();
    expect(screen.queryByRole('group', { name: 'Layers' })).toBeNull();
    expect(screen.getAllByRole('listitem')).toHaveLength(4);
  });
});
