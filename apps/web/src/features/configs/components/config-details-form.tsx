import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type Config, configLimits } from '@padhub/contracts';
import { useGames } from '@/entities/configuration/api/get-shared.ts';
import { useUpdateDetails } from '@/features/configs/api/update-config.ts';

/**
 * The author's name and game of a configuration, changed here: the native app saves it, but a
 * game is easiest to name where people find it (the hub), with the organisation's spellings offered.
 */
export function ConfigDetailsForm({ config }: { config: Config }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  if (!open) {
    return (
      <button type="button" className="tap config-button config-details-open" onClick={() => setOpen(true)}>
        {t('configs.details.edit')}
      </button>
    );
  }
  return <DetailsFields config={config} onDone={() => setOpen(false)} />;
}

function DetailsFields({ config, onDone }: { config: Config; onDone: () => void }) {
  const { t } = useTranslation();
  const ids = useId();
  const update = useUpdateDetails(config);
  const [name, setName] = useState(config.name);
  const [game, setGame] = useState(config.game ?? '');
  const games = useGames(game);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    update.mutate({ name: name.trim(), game: game.trim() || null }, { onSuccess: onDone });
  };
  return (
    <form className="config-details-form" aria-label={t('configs.details.edit')} onSubmit={submit}>
      <label>
        <span>{t('configs.details.name')}</span>
        <input className="field" value={name} onChange={(e) => setName(e.target.value)} maxLength={configLimits.nameMax} required autoFocus />
      </label>
      <label>
        <span>{t('configs.hub.game')}</span>
        <input className="field" value={game} list={`${ids}-games`} onChange={(e) => setGame(e.target.value)} placeholder={t('configs.details.noGame')} maxLength={configLimits.gameMax} />
        <datalist id={`${ids}-games`}>
          {(games.data ?? []).map((g) => (
            <option key={g.id} value={g.name} />
          ))}
        </datalist>
      </label>
      <div className="config-actions-row">
        <button type="submit" className="tap config-button config-primary" disabled={update.isPending || name.trim() === ''}>
          {t('configs.details.save')}
        </button>
        <button type="button" className="tap config-button" onClick={onDone} disabled={update.isPending}>
          {t('common.cancel')}
        </button>
      </div>
    </form>
  );
}
