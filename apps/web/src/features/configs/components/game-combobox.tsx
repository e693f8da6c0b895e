import { type KeyboardEvent, useEffect, useEffectEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type Game, configLimits, gameTerm } from '@padhub/contracts';
import { useGames } from '@/entities/configuration/api/get-shared.ts';
import { gameNameIn, matchedSpelling } from '@/entities/configuration/game-name.ts';

interface Props {
  label: string;
  placeholder: string;
  value: string;
  /** Each keystroke. */
  onType: (text: string) => void;
  /** A suggestion chosen: the game's name in the reader's language. */
  onPick: (name: string) => void;
  /** The field left without choosing (the hub applies what it reads). */
  onLeave: () => void;
  /**
   * The field left with words that are no game's whole name and suggest no single game ("sf"):
   * applied, they would find nothing, so the hub keeps what it had and says so. One suggestion
   * is chosen instead (onPick).
   */
  onKeep: (typed: string) => void;
  /** A game the person is about to choose (a suggestion pressed, or the only one left): the hub loads its list ahead. */
  onIntent?: (name: string) => void;
}

/**
 * A game field that suggests the organisation's games as people type, by any name or alias, any
 * width or case (the server's `GET /api/games`), each shown in the reader's language. The ARIA
 * combobox pattern (WAI-ARIA APG, "Combobox"): focus stays in the field, the arrows move the
 * active option (aria-activedescendant), Enter chooses it, Escape closes the list.
 */
export function GameCombobox({ label, placeholder, value, onType, onPick, onLeave, onKeep, onIntent }: Props) {
  const { t, i18n } = useTranslation();
  const id = useId();
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  // Asked once the field is used: the page's first load does without the list.
  const [used, setUsed] = useState(false);
  const games = useGames(value, used);
  const options = open ? (games.data ?? []) : [];
  const optionId = (i: number) => `${id}-option-${i}`;
  // The only suggestion left is the likely choice.
  const only = options.length === 1 && !games.isPlaceholderData ? gameNameIn(options[0]!, i18n.language) : null;
  const intendOnly = useEffectEvent((name: string) => onIntent?.(name));
  useEffect(() => {
    if (only) intendOnly(only);
  }, [only]);

  const pick = (i: number) => {
    const game = options[i];
    if (!game) return;
    setOpen(false);
    setActive(-1);
    onPick(gameNameIn(game, i18n.language));
  };
  const move = (step: number) => {
    setUsed(true);
    if (!open) setOpen(true);
    const count = open ? options.length : (games.data?.length ?? 0);
    if (count > 0) setActive((i) => (i + step + count) % count);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      move(event.key === 'ArrowDown' ? 1 : -1);
    } else if (event.key === 'Enter' && open && active >= 0) {
      // Chooses the option rather than sending the form.
      event.preventDefault();
      pick(active);
    } else if (event.key === 'Escape' && open) {
      event.preventDefault();
      setOpen(false);
      setActive(-1);
    }
  };

  return (
    <div className="game-combobox">
      <label htmlFor={`${id}-input`}>{label}</label>
      <input
        id={`${id}-input`}
        className="field"
        role="combobox"
        aria-expanded={options.length > 0}
        aria-controls={`${id}-list`}
        aria-autocomplete="list"
        aria-activedescendant={open && active >= 0 && active < options.length ? optionId(active) : undefined}
        autoComplete="off"
        value={value}
        placeholder={placeholder}
        maxLength={configLimits.gameMax}
        onChange={(e) => {
          setUsed(true);
          setOpen(true);
          setActive(-1);
          onType(e.target.value);
        }}
        onFocus={() => setUsed(true)}
        onClick={() => setOpen(true)}
        onKeyDown={onKeyDown}
        onBlur={() => {
          setOpen(false);
          setActive(-1);
          const typed = value.trim();
          // The suggestions of these very words (not the last ones kept while they load).
          const found = games.isSuccess && !games.isPlaceholderData ? games.data : null;
          if (typed === '' || !found || found.some((game) => spellingsOf(game).some((n) => gameTerm(n) === gameTerm(typed)))) onLeave();
          else if (found.length === 1) onPick(gameNameIn(found[0]!, i18n.language));
          else onKeep(typed);
        }}
      />
      <ul id={`${id}-list`} role="listbox" aria-label={t('configs.hub.gameSuggestions')} className="game-combobox-list" hidden={options.length === 0}>
        {options.map((game, i) => {
          const shown = gameNameIn(game, i18n.language);
          const matched = matchedSpelling(game, shown, value);
          return (
            <li
              key={game.id}
              id={optionId(i)}
              role="option"
              aria-selected={i === active}
              className="game-combobox-option"
              // Keeps the focus in the field, so choosing does not count as leaving it.
              onMouseDown={(e) => e.preventDefault()}
              onPointerDown={() => onIntent?.(shown)}
              onClick={() => pick(i)}
            >
              <span className="game-combobox-name">{shown}</span>
              {matched && <span className="game-combobox-matched">{matched}</span>}
            </li>
          );
        })}
      </ul>
      {open && value.trim() !== '' && games.isSuccess && !games.isPlaceholderData && games.data.length === 0 && (
        <p role="status" className="game-combobox-none">
          {t('configs.hub.noGame')}
        </p>
      )}
    </div>
  );
}

const spellingsOf = (game: Game) => [game.name, game.names.cn, game.names.jp, game.names.ko, ...game.aliases].filter((n): n is string => !!n);
