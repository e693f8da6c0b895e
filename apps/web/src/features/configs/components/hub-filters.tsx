import { type FormEvent, useEffect, useEffectEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { configKindSchema } from '@padhub/contracts';
import { useOrganisation } from '@/platform/organisation.ts';
import { ModelSelect } from '@/ui/model-select.tsx';
import type { HubFilter } from '@/entities/configuration/keys.ts';
import { hubSorts } from '@/features/configs/lib/hub-query.ts';
import { GameCombobox } from '@/features/configs/components/game-combobox.tsx';

/** How long typed words rest before their list loads ahead of the search key. */
const INTENT_PAUSE_MS = 300;

/**
 * The hub's filters: controller model, game (suggested as people type, by any name or alias), kind, order,
 * and words. Whatever changes takes the fields as they read now, so a box emptied and a menu changed
 * never leaves the old words applied (the page and its address always agree); `onClear` goes back
 * to the hub's own defaults. `onIntent` hears the filters the person is about to choose (a menu
 * opened, a game pressed, words typed and left a moment), so that their lists load ahead.
 */
export function HubFilters({
  filter,
  onChange,
  onClear,
  onIntent = () => undefined,
}: {
  filter: HubFilter;
  onChange: (filter: HubFilter) => void;
  onClear: () => void;
  onIntent?: (filter: HubFilter) => void;
}) {
  const { t } = useTranslation();
  const models = useOrganisation().data?.models ?? [];
  const [words, setWords] = useState(filter.q ?? '');
  const [game, setGame] = useState(filter.game ?? '');
  // Words the game field was left with that match no single game: the filter stayed, and the page says so.
  const [kept, setKept] = useState<string | null>(null);
  // A back or forward step brings other words: the fields follow the address (state adjusted while rendering).
  const [shown, setShown] = useState(`${filter.q ?? ''}\n${filter.game ?? ''}`);
  if (shown !== `${filter.q ?? ''}\n${filter.game ?? ''}`) {
    setShown(`${filter.q ?? ''}\n${filter.game ?? ''}`);
    setWords(filter.q ?? '');
    setGame(filter.game ?? '');
  }
  const typed = (fields: { words?: string; game?: string } = {}) => ({ q: (fields.words ?? words).trim() || undefined, game: (fields.game ?? game).trim() || undefined });
  const set = (patch: Partial<HubFilter>) => onChange({ ...filter, ...typed(), ...patch });
  const ahead = (patches: Partial<HubFilter>[]) => () => patches.forEach((patch) => onIntent({ ...filter, ...typed(), ...patch }));
  // Words left a moment before the search key: their list loads meanwhile.
  const pending = words.trim() !== (filter.q ?? '') && words.trim() !== '' ? words.trim() : null;
  const intendWords = useEffectEvent((q: string) => onIntent({ ...filter, ...typed(), q }));
  useEffect(() => {
    if (pending === null) return;
    const timer = setTimeout(() => intendWords(pending), INTENT_PAUSE_MS);
    return () => clearTimeout(timer);
  }, [pending]);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    set({});
  };
  const filtered = filter.q !== undefined || filter.game !== undefined || filter.kind !== undefined || filter.model !== undefined || filter.sort !== 'applied30' || words !== '' || game !== '';

  return (
    <form className="hub-filters" role="search" aria-label={t('configs.hub.filters')} onSubmit={submit}>
      <input
        type="search"
        className="hub-search field"
        value={words}
        onChange={(e) => {
          setWords(e.target.value);
          // The box emptied (its clear button, or the last letter deleted): the words go at once.
          if (e.target.value === '' && filter.q !== undefined) onChange({ ...filter, ...typed({ words: '' }) });
        }}
        placeholder={t('configs.hub.search')}
        aria-label={t('configs.hub.search')}
        enterKeyHint="search"
        maxLength={60}
      />
      <div className="hub-selects">
        <ModelSelect
          fieldClassName="field"
          label={t('configs.hub.model')}
          emptyLabel={t('configs.hub.allModels')}
          models={models}
          value={filter.model ?? null}
          onChange={(model) => set({ model: model ?? undefined })}
        />
        <label>
          <span>{t('configs.hub.kind')}</span>
          <select
            className="field"
            value={filter.kind ?? ''}
            onChange={(e) => set({ kind: configKindSchema.safeParse(e.target.value).data })}
            onFocus={ahead([{ kind: undefined }, ...configKindSchema.options.map((kind) => ({ kind }))])}
          >
            <option value="">{t('configs.hub.allKinds')}</option>
            {configKindSchema.options.map((kind) => (
              <option key={kind} value={kind}>
                {t(`configs.kinds.${kind}`)}
              </option>
            ))}
          </select>
        </label>
        <GameCombobox
          label={t('configs.hub.game')}
          placeholder={t('configs.hub.anyGame')}
          value={game}
          onType={(text) => {
            setKept(null);
            setGame(text);
          }}
          onPick={(name) => {
            setKept(null);
            setGame(name);
            set({ game: name });
          }}
          // The field left: the list follows what it reads without another tap.
          onLeave={() => game.trim() !== (filter.game ?? '') && set({})}
          onIntent={(name) => onIntent({ ...filter, ...typed({ game: name }) })}
          onKeep={(typed) => {
            setGame(filter.game ?? '');
            setKept(typed);
          }}
        />
        <label>
          <span>{t('configs.hub.sort')}</span>
          <select
            className="field"
            value={filter.sort}
            onChange={(e) => set({ sort: hubSorts.find((s) => s === e.target.value) ?? 'applied30' })}
            onFocus={ahead(hubSorts.map((sort) => ({ sort })))}
          >
            {hubSorts.map((sort) => (
              <option key={sort} value={sort}>
                {t(`configs.hub.sorts.${sort}`)}
              </option>
            ))}
          </select>
        </label>
      </div>
      <p role="status" className="hub-game-kept">
        {kept !== null && t(filter.game ? 'configs.hub.gameKept' : 'configs.hub.gameKeptNone', { typed: kept, game: filter.game })}
      </p>
      <div className="hub-actions">
        {filtered && (
          <button type="button" className="tap hub-clear" onClick={onClear}>
            {t('configs.hub.clear')}
          </button>
        )}
        <button type="submit" className="tap hub-submit">
          {t('configs.hub.submit')}
        </button>
      </div>
    </form>
  );
}
