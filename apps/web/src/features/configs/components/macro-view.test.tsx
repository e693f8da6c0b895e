import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { MacroContent } from '@padhub/contracts';
import { renderPage } from '@/test-utils.tsx';
import { MacroView } from './macro-view.tsx';

const content: MacroContent = {
  trigger: { input: 'p1', mode: 'hold' },
  steps: [
    { action: 'press', button: 'a' },
    { action: 'wait', ms: 40 },
    { action: 'release', button: 'a' },
    { action: 'hold', button: 'dpad_down', ms: 120 },
  ],
};

describe('MacroView', () => {
  it('says what triggers the macro, how long it plays, and each step in words', async () => {
    await renderPage(<MacroView name="Wavedash" content={content} />);
    expect(screen.getByText('Trigger: P1, repeats while held · Plays for 160 ms')).toBeTruthy();
    expect(screen.getByText('Steps (4)')).toBeTruthy();
    const steps = within(screen.getByRole('list')).getAllByRole('listitem').map((li) => li.textContent);
    expect(steps).toEqual(['Press A', 'Wait 40 ms', 'Release A', 'Hold D-pad ↓ for 120 ms']);
  });

  it('draws a timeline named after the macro, one lane per button in the order first used', async () => {
    const { container } = await renderPage(<MacroView name="Wavedash" content={content} />);
    const timeline = screen.getByRole('img', { name: 'Timeline of Wavedash' });
    const lanes = [...timeline.querySelectorAll('.timeline-lane text')].map((t) => t.textContent);
    expect(lanes).toEqual(['A', 'D-pad ↓']);
    // A bar for each time a button is down.
    expect(timeline.querySelectorAll('.timeline-lane rect')).toHaveLength(2);
    // Ticks every 50 ms over 160 ms: 0, 50, 100, 150.
    expect([...container.querySelectorAll('.timeline-tick text')].map((t) => t.textContent)).toEqual(['0', '50', '100', '150']);
  });
});
