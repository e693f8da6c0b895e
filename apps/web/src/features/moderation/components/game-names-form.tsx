import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type Game, configLimits, gameTerm } from '@padhub/contracts';
import { toast } from '@/ui/antd.tsx';
import { useChangeGame } from '@/features/moderation/api/games.ts';

const otherLanguages = ['cn', 'jp', 'ko'] as const;

/**
 * A game's names as an admin keeps them: English (what every language falls back to), Chinese,
 * Japanese and Korean, and aliases added and removed here; all saved together with one audit line.
 */
export function GameNamesForm({ game }: { game: Game }) {
  const { t } = useTranslation();
  const id = useId();
  const change = useChangeGame();
  const [name, setName] = useState(game.name);
  const [names, setNames] = useState({ cn: game.names.cn ?? '', jp: game.names.jp ?? '', ko: game.names.ko ?? '' });
  const [aliases, setAliases] = useState(game.aliases);
  const [alias, setAlias] = useState('');
  const full = aliases.length >= configLimits.gameAliasesMax;

  const add = () => {
    const spelled = alias.trim().replace(/\s+/g, ' ');
    if (!spelled || full) return;
    if (!aliases.some((a) => gameTerm(a) === gameTerm(spelled))) setAliases([...aliases, spelled]);
    setAlias('');
  };
  const save = (event: FormEvent) => {
    event.preventDefault();
    if (!name.trim()) return;
    change.mutate({ kind: 'update', id: game.id, change: { name: name.trim(), names, aliases } }, { onSuccess: () => void toast(t('moderation.games.done')) });
  };

  return (
    <form className="console-game-names" onSubmit={save}>
      <label>
        <span>{t('moderation.games.name')}</span>
        <input className="field" value={name} onChange={(e) => setName(e.target.value)} maxLength={configLimits.gameMax} required />
      </label>
      {otherLanguages.map((lang) => (
        <label key={lang}>
          <span>{t(`moderation.games.nameIn.${lang}`)}</span>
          <input
            className="field"
            value={names[lang]}
            onChange={(e) => setNames({ ...names, [lang]: e.target.value })}
            placeholder={t('moderation.games.asEnglish')}
            maxLength={configLimits.gameMax}
          />
        </label>
      ))}
      <fieldset className="console-game-aliases" aria-describedby={`${id}-hint`}>
        <legend>{t('moderation.games.aliases')}</legend>
        <p id={`${id}-hint`} className="console-hint">
          {t('moderation.games.aliasesHint')}
        </p>
        {aliases.length === 0 ? (
          <p className="console-hint">{t('moderation.games.noAliases')}</p>
        ) : (
          <ul className="console-game-alias-list">
            {aliases.map((a) => (
              <li key={a}>
                <span>{a}</span>
                <button type="button" className="tap" aria-label={t('moderation.games.removeAlias', { alias: a })} onClick={() => setAliases(aliases.filter((x) => x !== a))}>
                  ×
                </button>
              </li>
            ))}
          </ul>
        )}
        <div className="console-game-row">
          <label>
            <span>{t('moderation.games.newAlias')}</span>
            <input
              className="field"
              value={alias}
              onChange={(e) => setAlias(e.target.value)}
              // Enter adds the alias rather than saving the form.
              onKeyDown={(e) => {
                if (e.key === 'Enter') {
                  e.preventDefault();
                  add();
                }
              }}
              maxLength={configLimits.gameMax}
              disabled={full}
            />
          </label>
          <button type="button" className="tap console-action" onClick={add} disabled={full || !alias.trim()}>
            {t('moderation.games.addAlias')}
          </button>
        </div>
        {full && <p className="console-hint">{t('moderation.games.aliasesFull', { count: configLimits.gameAliasesMax })}</p>}
      </fieldset>
      <button type="submit" className="tap console-action" disabled={change.isPending}>
        {t('moderation.games.save')}
      </button>
    </form>
  );
}
