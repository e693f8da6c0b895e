import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { type ControllerInput, type ControllerLayout, type Layer, layoutOf } from '@padhub/contracts';
import { useModelName } from '@/entities/configuration/model-name.ts';
import { PAD_BODY } from '@/entities/configuration/pad-outline.tsx';
import { placeCallouts } from '@/features/configs/lib/callouts.ts';
import { useLabels } from '@/features/configs/lib/labels.ts';
import './controller-picture.css';

const WIDTH = 400;
const HEIGHT = 224;
const MID = 200;
/** Labels sit in the margins beside the body (which spans x 86 to 314). */
const LEFT_TEXT = 78;
const RIGHT_TEXT = 322;
const LABEL_CHARS = 12;

type State = 'plain' | 'remapped' | 'shift';

/**
 * The controller drawn from its layout, one layer of a mapping on it: remapped inputs filled and
 * labelled in the margins with what they now do, the input that holds this layer marked. Back
 * paddles are drawn dashed where they sit behind the grips. Every label is also in the list that
 * goes with the picture, for screen readers and for texts too long for the margin.
 */
export function ControllerPicture({ model, layer }: { model: string; layer: Layer }) {
  const { t } = useTranslation();
  const titleId = useId();
  const modelName = useModelName();
  const { outputText } = useLabels();
  const layout = layoutOf(model);
  if (!layout) return null;

  const byInput = new Map(layer.bindings.map((b) => [b.input, b]));
  const anchors = layout.inputs
    .filter((input) => byInput.has(input.id))
    .map((input) => ({ key: input.id, x: input.x, y: input.y, text: shorten(outputText(byInput.get(input.id)!.output)) }));
  const callouts = placeCallouts(anchors, { midX: MID, top: 12, bottom: HEIGHT - 10, gap: 15 });
  const stateOf = (input: ControllerInput): State => (input.id === layer.shift ? 'shift' : byInput.has(input.id) ? 'remapped' : 'plain');

  return (
    <svg className="controller-picture" viewBox={`0 0 ${WIDTH} ${HEIGHT}`} role="img" aria-labelledby={titleId}>
      <title id={titleId}>{t('configs.picture.title', { model: modelName(model), count: anchors.length })}</title>
      <Body layout={layout} />
      {/* The leader lines go under the buttons, so that none strikes through a button's mark (LB, RB). */}
      <g className="callout-lines">
        {callouts.map((c) => {
          const left = c.side === 'left';
          const textX = left ? LEFT_TEXT : RIGHT_TEXT;
          return <polyline key={c.key} points={`${textX + (left ? 3 : -3)},${c.labelY - 4} ${left ? 84 : 316},${c.labelY - 4} ${c.x},${c.y}`} />;
        })}
      </g>
      {layout.inputs.map((input) => (
        <Glyph key={input.id} input={input} layout={layout} state={stateOf(input)} />
      ))}
      {callouts.map((c) => {
        const left = c.side === 'left';
        return (
          <g key={c.key} className="callout" data-input={c.key}>
            <text x={left ? LEFT_TEXT : RIGHT_TEXT} y={c.labelY} textAnchor={left ? 'end' : 'start'}>
              {c.text}
            </text>
          </g>
        );
      })}
    </svg>
  );
}

function shorten(text: string) {
  return text.length > LABEL_CHARS ? `${text.slice(0, LABEL_CHARS - 1)}…` : text;
}

function Body({ layout }: { layout: ControllerLayout }) {
  if (layout.body === 'arcade') return <rect className="controller-body" x={86} y={44} width={228} height={150} rx={14} />;
  return <path className="controller-body" d={PAD_BODY} />;
}

function Glyph({ input, layout, state }: { input: ControllerInput; layout: ControllerLayout; state: State }) {
  const { x, y } = input;
  const className = `glyph glyph-${state}${input.kind === 'paddle' ? ' glyph-back' : ''}`;
  const pad = layout.body === 'pad';
  let shape;
  let mark: string | null = input.mark;
  if (input.kind === 'trigger') shape = <rect x={x - 15} y={y - 6} width={30} height={12} rx={4} />;
  else if (pad && (input.id === 'lb' || input.id === 'rb')) shape = <rect x={x - 17} y={y - 5} width={34} height={10} rx={5} />;
  else if (input.kind === 'dpad') shape = <rect x={x - 6} y={y - 6} width={12} height={12} rx={2} />;
  else if (input.kind === 'paddle') shape = <rect x={x - 8} y={y - 12} width={16} height={24} rx={7} />;
  else if (input.kind === 'gyro') shape = <rect x={x - 9} y={y - 7} width={18} height={14} rx={3} />;
  else if (input.kind === 'stick') shape = <circle cx={x} cy={y} r={input.id === 'lever' ? 16 : 14} />;
  else if (input.id === 'ls' || input.id === 'rs') {
    // The stick's click, drawn as its cap.
    shape = <circle cx={x} cy={y} r={5} />;
    mark = null;
  } else shape = <circle cx={x} cy={y} r={layout.body === 'arcade' && !['view', 'menu', 'home'].includes(input.id) ? 11 : ['view', 'menu', 'home', 'capture'].includes(input.id) ? 6 : 8} />;
  // A stick's own mark would sit under its cap; it goes above the ring instead.
  const outside = input.kind === 'stick' && input.id !== 'lever';
  return (
    <g className={className}>
      {shape}
      {mark && (
        <text x={x} y={outside ? y - 17 : y + 3} textAnchor="middle" className={outside ? 'glyph-mark-outside' : undefined}>
          {mark}
        </text>
      )}
    </g>
  );
}
