import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';

/**
 * One chart of daily figures, drawn by uPlot (22 kB gzipped: docs/insights.md, "The page"). Only
 * the insights page imports this file, so uPlot is a chunk of that page and never of the first
 * render. The canvas is hidden from assistive technology: the table beside it says the same.
 */
interface Line {
  label: string;
  values: (number | null)[];
}

interface Props {
  /** UTC days, `YYYY-MM-DD`. */
  days: string[];
  lines: Line[];
  formatDay: (day: Date) => string;
  formatValue: (value: number) => string;
  /** Counts of people and things: ticks on whole numbers only. */
  whole: boolean;
}

/** The lines' colours: the theme's own, so light and dark both read (ui/global.css). */
const COLOURS = ['--ph-primary', '--ph-like', '--ph-purple', '--ph-success-text', '--ph-warning-text', '--ph-danger-text'];
const HEIGHT = 180;
/** Whole-number tick steps: 1, 2, 5, 10, 20, 50… */
const WHOLE_STEPS = Array.from({ length: 30 }, (_, i) => [1, 2, 5][i % 3]! * 10 ** Math.floor(i / 3));

export function InsightsChart({ days, lines, formatDay, formatValue, whole }: Props) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = box.current;
    if (!element) return;
    let chart: uPlot | undefined;
    const draw = () => {
      chart?.destroy();
      const style = getComputedStyle(element);
      const colour = (name: string) => style.getPropertyValue(name).trim() || 'currentColor';
      const axis = { stroke: colour('--ph-text-secondary'), grid: { stroke: colour('--ph-border'), width: 1 }, ticks: { stroke: colour('--ph-border'), width: 1 } };
      const x = days.map((day) => Date.parse(`${day}T00:00:00Z`) / 1000);
      chart = new uPlot(
        {
          width: Math.max(200, element.clientWidth),
          height: HEIGHT,
          legend: { show: false },
          cursor: { show: false },
          // Days are UTC dates: drawn in UTC, so a reader west of Greenwich sees the same day the table names.
          tzDate: (ts) => uPlot.tzDate(new Date(ts * 1000), 'Etc/UTC'),
          scales: { x: { time: true }, y: { range: (_u, _min, max) => [0, max > 0 ? max * 1.1 : 1] } },
          axes: [
            { ...axis, values: (_u, splits) => splits.map((s) => formatDay(new Date(s * 1000))) },
            { ...axis, size: 56, values: (_u, splits) => splits.map(formatValue), ...(whole ? { incrs: WHOLE_STEPS } : {}) },
          ],
          series: [{}, ...lines.map((line, i) => ({ label: line.label, stroke: colour(COLOURS[i % COLOURS.length]!), width: 2, spanGaps: false }))],
        },
        [x, ...lines.map((line) => line.values)],
        element,
      );
    };
    draw();
    const resize = new ResizeObserver(() => chart?.setSize({ width: Math.max(200, element.clientWidth), height: HEIGHT }));
    resize.observe(element);
    // Light and dark: the host or the device switches the scheme on <html> (ui/global.css); draw again in its colours.
    const scheme = new MutationObserver(draw);
    scheme.observe(document.documentElement, { attributes: true, attributeFilter: ['data-prefers-color-scheme'] });
    const media = window.matchMedia?.('(prefers-color-scheme: dark)');
    media?.addEventListener('change', draw);
    return () => {
      resize.disconnect();
      scheme.disconnect();
      media?.removeEventListener('change', draw);
      chart?.destroy();
    };
  }, [days, lines, formatDay, formatValue, whole]);
  return <div ref={box} className="insights-chart" aria-hidden="true" />;
}

/** The colour of a chart's `index`th line, for the legend beside it. */
export const lineColour = (index: number) => `var(${COLOURS[index % COLOURS.length]})`;
