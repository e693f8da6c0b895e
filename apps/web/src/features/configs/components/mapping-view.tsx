import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Binding, Layer, MappingContent } from '@padhub/contracts';
import { useLabels } from '@/features/configs/lib/labels.ts';
import { ControllerPicture } from './controller-picture.tsx';

/** A mapping: its layers to choose from, the controller picture of the chosen one, and the same as a list. */
export function MappingView({ model, content }: { model: string; content: MappingContent }) {
  const { t } = useTranslation();
  const { nameOf } = useLabels();
  const [index, setIndex] = useState(0);
  const layer = content.layers[index] ?? content.layers[0]!;
  const layerName = (l: Layer) => (l.shift === null ? l.name : t('configs.layerHold', { name: l.name, input: nameOf(l.shift) }));

  return (
    <div className="mapping-view">
      {content.layers.length > 1 && (
        <div className="config-chips" role="group" aria-label={t('configs.layers')}>
          {content.layers.map((l, i) => (
            <button key={l.name} type="button" className="chip" aria-pressed={i === index} onClick={() => setIndex(i)}>
              {layerName(l)}
            </button>
          ))}
        </div>
      )}
      <ControllerPicture model={model} layer={layer} />
      <h3 className="config-subheading">{t('configs.bindings')}</h3>
      {layer.bindings.length === 0 ? (
        <p className="config-note">{t('configs.nothingRemapped')}</p>
      ) : (
        <ul className="binding-list">
          {layer.bindings.map((binding) => (
            <BindingLine key={binding.input} binding={binding} />
          ))}
        </ul>
      )}
    </div>
  );
}

function BindingLine({ binding }: { binding: Binding }) {
  const { nameOf, outputText } = useLabels();
  return (
    <li>
      <span className="binding-input">{nameOf(binding.input)}</span>
      <span aria-hidden="true"> → </span>
      <span className="binding-output">{outputText(binding.output)}</span>
      {binding.label && <span className="binding-label"> · {binding.label}</span>}
    </li>
  );
}
