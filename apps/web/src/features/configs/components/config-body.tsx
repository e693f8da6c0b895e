import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Config, MacroContent, MappingContent } from '@padhub/contracts';
import { MacroView } from './macro-view.tsx';
import { MappingView } from './mapping-view.tsx';

/** The configuration in a readable form: its content, or the chosen entry of its list. */
export function ConfigBody({ config }: { config: Config }) {
  const { t } = useTranslation();
  const [index, setIndex] = useState(0);
  const entries: { name: string; content: MappingContent | MacroContent }[] =
    config.content !== undefined ? [{ name: config.name, content: config.content }] : (config.configurationList ?? []);
  const entry = entries[index] ?? entries[0];
  if (!entry) return null;
  return (
    <section className="config-body">
      {entries.length > 1 && (
        <div className="config-chips" role="group" aria-label={t('configs.entries')}>
          {entries.map((e, i) => (
            <button key={e.name} type="button" className="chip" aria-pressed={i === index} onClick={() => setIndex(i)}>
              {e.name}
            </button>
          ))}
        </div>
      )}
      {config.kind === 'mapping' ? (
        // Keyed by entry: each entry starts on its base layer.
        <MappingView key={index} model={config.model} content={entry.content as MappingContent} />
      ) : (
        <MacroView name={entry.name} content={entry.content as MacroContent} />
      )}
    </section>
  );
}
