import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { ConfigCard as Card } from '@padhub/contracts';
import { paths } from '@/paths.ts';
import { displayName } from '@/entities/user/avatar.tsx';
import { useModelName } from './model-name.ts';
import { OriginLine } from './origin-line.tsx';
import './config-card.css';

/**
 * A configuration at a glance, as a post shows it: model, kind, name, its entries, who made it and
 * how many applied and saved it. The whole card opens the configuration (its picture or timeline, and every
 * post that carries it).
 */
export function ConfigCard({ config }: { config: Card }) {
  const { t } = useTranslation();
  const modelName = useModelName();
  return (
    <article className={`config-card config-card-${config.kind}`}>
      <Link to={paths.configuration(config.id)} className="config-card-link">
        <span className="config-card-meta">
          <span className="config-badge">{t(`configs.kind.${config.kind}`)}</span>
          <span>{modelName(config.model)}</span>
        </span>
        <span className="config-card-name">{config.name}</span>
        {config.entryNames.length > 0 && <span className="config-card-entries">{config.entryNames.join(' · ')}</span>}
        <span className="config-card-counts">
          {[
            t('configs.card.by', { name: displayName(config.author, t('common.loggedOutUser')) }),
            t('configs.card.applied', { count: config.applyCount }),
            t('configs.card.saved', { count: config.saveCount }),
          ].join(' · ')}
        </span>
      </Link>
      {config.basedOn && <OriginLine origin={config.basedOn} link={false} />}
    </article>
  );
}
