import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { type SharedConfig, htmlLangTags } from '@padhub/contracts';
import { paths } from '@/paths.ts';
import { useSession } from '@/platform/session.ts';
import { displayName } from '@/entities/user/avatar.tsx';
import { useModelName } from './model-name.ts';
import { OriginLine } from './origin-line.tsx';
import { PadOutline } from './pad-outline.tsx';
import './config-card.css';

/**
 * A shared configuration in the hub: what it is, for which controller and game, who made it, how
 * many applied and like it, how long a macro plays, and where it came from. The whole card opens the configuration.
 */
export function HubCard({ config }: { config: SharedConfig }) {
  const { t } = useTranslation();
  const modelName = useModelName();
  const interfaceLang = useSession((s) => s.lang);
  return (
    <article className={`config-card hub-card config-card-${config.kind}`}>
      <Link to={paths.configuration(config.id)} className="config-card-link hub-card-link">
        {config.kind === 'mapping' && <PadOutline />}
        <span className="hub-card-text">
          <span className="config-card-meta">
            <span className="config-badge">{t(`configs.kind.${config.kind}`)}</span>
            <span>{modelName(config.model)}</span>
            {config.game && (
              <span className="hub-card-game" title={config.game}>
                {config.game}
              </span>
            )}
            {config.lang !== interfaceLang && <span className="hub-card-lang">{t(`community.feed.langMarks.${config.lang}`)}</span>}
          </span>
          <span className="config-card-name">{config.name}</span>
          {config.macroMs !== null && (
            <span className="config-card-length">
              {t('configs.hub.plays', {
                length: new Intl.NumberFormat(htmlLangTags[interfaceLang], { style: 'unit', unit: 'second', unitDisplay: 'short', maximumFractionDigits: 1 }).format(config.macroMs / 1000),
              })}
            </span>
          )}
          <span className="config-card-counts">
            {[
              t('configs.card.by', { name: displayName(config.author, t('common.loggedOutUser')) }),
              t('configs.hub.applied', { count: config.appliedCount }),
              t('configs.hub.likes', { count: config.likeCount }),
            ].join(' · ')}
          </span>
        </span>
      </Link>
      {config.basedOn && <OriginLine origin={config.basedOn} link={false} />}
    </article>
  );
}

