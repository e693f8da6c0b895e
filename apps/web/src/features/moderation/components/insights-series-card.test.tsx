import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { InsightsSeries } from '@padhub/contracts';
import { renderPage, signIn } from '@/test-utils.tsx';
import { InsightsSeriesCard } from './insights-series-card.tsx';

// jsdom has no canvas to draw on: the chart is drawn in Chromium by the insights e2e journey (e2e/insights.spec.ts).
vi.mock('./insights-chart.tsx', () => ({ InsightsChart: () => null, lineColour: () => 'currentColor' }));

const days = ['2026-11-27', '2026-11-28', '2026-11-29'];
const step = (dim: string, values: number[], previous: number): InsightsSeries => ({
  name: 'configs.funnel',
  dim,
  unit: 'count',
  values,
  current: values.reduce((a, b) => a + b, 0),
  previous,
});

describe('the apply funnel card', () => {
  it('names its steps in order, says the shares of each step, and lists every day in its table', async () => {
    signIn();
    await renderPage(<InsightsSeriesCard name="configs.funnel" days={days} lines={[step('opened', [4, 0, 6], 5), step('applied', [2, 0, 3], 1), step('kept', [1, 0, 2], 1)]} />);
    const card = screen.getByRole('article', { name: 'Apply funnel (opened → applied → kept)' });
    expect(within(card).getByText('Of those opened, 50% applied; of those applied, 60% kept (not undone).')).toBeTruthy();
    fireEvent.click(within(card).getByText('Show as a table'));
    const table = within(card).getByRole('table', { name: 'Apply funnel (opened → applied → kept)' });
    expect(within(table).getAllByRole('columnheader').map((th) => th.textContent)).toEqual(['Date', 'Opened', 'Applied', 'Kept']);
    expect(within(table).getAllByRole('row').slice(1).map((row) => [...row.querySelectorAll('td')].map((td) => td.textContent))).toEqual([
      ['4', '2', '1'],
      ['0', '0', '0'],
      ['6', '3', '2'],
    ]);
    expect(within(card).getByRole('button', { name: 'Download “Apply funnel (opened → applied → kept)” (CSV)' })).toBeTruthy();
  });

  it('shows no share where there is nothing to divide', async () => {
    signIn();
    await renderPage(<InsightsSeriesCard name="configs.funnel" days={days} lines={[step('opened', [0, 0, 0], 0), step('applied', [0, 0, 0], 0), step('kept', [0, 0, 0], 0)]} />);
    expect(screen.getByText('Of those opened, — applied; of those applied, — kept (not undone).')).toBeTruthy();
  });
});
