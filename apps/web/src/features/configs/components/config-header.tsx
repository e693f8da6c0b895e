import { useTranslation } from 'react-i18next';
import type { Config } from '@padhub/contracts';
import { displayName } from '@/entities/user/avatar.tsx';
import { useModelName } from '@/entities/configuration/model-name.ts';
import { OriginLine } from '@/entities/configuration/origin-line.tsx';

/** Name, model and kind, who made it, where it came from, and how many applied and saved it. */
export function ConfigHeader({ config }: { config: Config }) {
  const { t } = useTranslation();
  const modelName = useModelName();
  return (
    <header className="config-header">
      <p className="config-card-meta">
        <span className="config-badge">{t(`configs.kind.${config.kind}`)}</span>
        <span>{modelName(config.model)}</span>
        {config.game && <span className="config-game">{config.game}</span>}
      </p>
      <h2 className="config-title">{config.name}</h2>
      <p className="config-note">
        {t('configs.card.by', { name: displayName(config.author, t('common.loggedOutUser')) })}
        {' · '}
        {t('configs.card.applied', { count: config.applyCount })}
        {' · '}
        {t('configs.card.saved', { count: config.saveCount })}
      </p>
      {config.basedOn && <OriginLine origin={config.basedOn} />}
      {!config.basedOn && config.hiddenOriginAuthor && (
        <p className="config-origin">{t('configs.hub.hiddenOrigin', { name: displayName(config.hiddenOriginAuthor, t('common.loggedOutUser')) })}</p>
      )}
    </header>
  );
}
