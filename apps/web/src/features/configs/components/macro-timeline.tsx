import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { MacroStep } from '@padhub/contracts';
import { useLabels } from '@/features/configs/lib/labels.ts';
import { timelineOf } from '@/features/configs/lib/timeline.ts';

const WIDTH = 400;
const LABELS = 70;
const LANE = 22;
const AXIS = 18;
const TICK_STEPS = [5, 10, 20, 50, 100, 200, 500, 1000, 2000, 5000, 10_000, 20_000];

/** The steps of a macro as a piano roll: one lane per button, a bar while it is down, time running right. */
export function MacroTimeline({ name, steps }: { name: string; steps: MacroStep[] }) {
  const { t } = useTranslation();
  const titleId = useId();
  const { nameOf } = useLabels();
  const { lanes, duration } = timelineOf(steps);
  const span = Math.max(duration, 1);
  const width = WIDTH - LABELS - 10;
  const xOf = (ms: number) => LABELS + (ms / span) * width;
  const tick = TICK_STEPS.find((step) => span / step <= 5) ?? TICK_STEPS.at(-1)!;
  const ticks = Array.from({ length: Math.floor(span / tick) + 1 }, (_, i) => i * tick);
  const height = AXIS + lanes.length * LANE + 4;

  return (
    <svg className="macro-timeline" viewBox={`0 0 ${WIDTH} ${height}`} role="img" aria-labelledby={titleId}>
      <title id={titleId}>{t('configs.macro.timeline', { name })}</title>
      {ticks.map((ms) => (
        <g key={ms} className="timeline-tick">
          <line x1={xOf(ms)} x2={xOf(ms)} y1={AXIS - 4} y2={height} />
          <text x={xOf(ms)} y={AXIS - 7} textAnchor="middle">
            {ms}
          </text>
        </g>
      ))}
      {lanes.map((lane, i) => {
        const y = AXIS + i * LANE;
        return (
          <g key={lane.button} className="timeline-lane">
            <text x={LABELS - 6} y={y + LANE / 2 + 4} textAnchor="end">
              {nameOf(lane.button)}
            </text>
            {lane.bars.map(([start, end]) => (
              <rect key={`${start}-${end}`} x={xOf(start)} y={y + 4} width={Math.max(xOf(end) - xOf(start), 3)} height={LANE - 8} rx={3} />
            ))}
          </g>
        );
      })}
    </svg>
  );
}
