import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { type ConfigCard, configKinds } from '@padhub/contracts';
import { paths } from '@/paths.ts';
import { useOrganisation } from '@/platform/organisation.ts';
import { useModelName } from '@/entities/configuration/model-name.ts';
import { OriginLine } from '@/entities/configuration/origin-line.tsx';
import './config-groups.css';

interface GroupsProps {
  configs: ConfigCard[];
  /** Given: each configuration can be chosen (to attach to the post being written). */
  chosen?: string[];
  onToggle?: (config: ConfigCard) => void;
}

/** The person's configurations grouped by controller model (in the organisation's order), then by kind. */
export function ConfigGroups({ configs, chosen, onToggle }: GroupsProps) {
  const { t } = useTranslation();
  const modelName = useModelName();
  const order = useOrganisation().data?.models.map((m) => m.id) ?? [];
  const models = [...new Set(configs.map((c) => c.model))].sort((a, b) => rank(order, a) - rank(order, b));
  return (
    <div className="config-groups">
      {models.map((model) => (
        <section key={model} className="config-group" aria-label={modelName(model)}>
          <h2>{modelName(model)}</h2>
          {configKinds.map((kind) => {
            const group = configs.filter((c) => c.model === model && c.kind === kind);
            if (group.length === 0) return null;
            return (
              <div key={kind}>
                <h3 className="config-subheading">{t(`configs.kinds.${kind}`)}</h3>
                <ul className="config-rows">
                  {group.map((config) => (
                    <ConfigRow key={config.id} config={config} chosen={chosen?.includes(config.id)} onToggle={onToggle} />
                  ))}
                </ul>
              </div>
            );
          })}
        </section>
      ))}
    </div>
  );
}

const rank = (order: string[], model: string) => (order.includes(model) ? order.indexOf(model) : order.length);

function ConfigRow({ config, chosen, onToggle }: { config: ConfigCard; chosen?: boolean; onToggle?: (config: ConfigCard) => void }) {
  const { t } = useTranslation();
  const id = useId();
  const text = (
    <>
      <span className="config-row-name">{config.name}</span>
      {config.entryNames.length > 0 && <span className="config-card-entries">{config.entryNames.join(' · ')}</span>}
    </>
  );
  return (
    <li className={onToggle ? 'config-row config-row-choosable' : 'config-row'}>
      {onToggle ? (
        <label className="config-row-main" htmlFor={id}>
          <input
            id={id}
            type="checkbox"
            checked={Boolean(chosen)}
            // A refused choice (a sixth of one model) stays unticked: the box shows what was chosen.
            onChange={() => onToggle(config)}
          />
          <span className="config-row-text">{text}</span>
        </label>
      ) : (
        <Link className="config-row-main" to={paths.configuration(config.id)}>
          <span className="config-row-text">{text}</span>
          <span className="config-row-open" aria-hidden="true">
            ›
          </span>
        </Link>
      )}
      {onToggle && (
        <Link className="tap config-row-open" to={paths.configuration(config.id)} aria-label={`${t('configs.list.open')}: ${config.name}`}>
          <span aria-hidden="true">›</span>
        </Link>
      )}
      {config.basedOn && <OriginLine origin={config.basedOn} link={false} />}
    </li>
  );
}
