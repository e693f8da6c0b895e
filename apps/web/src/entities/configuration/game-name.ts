import { type Game, type Lang, gameTerm, languages } from '@padhub/contracts';

/** A game's name in the reader's language, else its English name. */
export function gameNameIn(game: Game, lang: string): string {
  if (!(languages as readonly string[]).includes(lang) || lang === 'en') return game.name;
  return game.names[lang as Exclude<Lang, 'en'>] ?? game.name;
}

/**
 * The spelling that matched what was typed, when it is not the name shown (an alias, another
 * language's name), so the reader sees why the game was suggested: "SF6" under ストリートファイター6.
 */
export function matchedSpelling(game: Game, shown: string, typed: string): string | undefined {
  const term = gameTerm(typed);
  if (!term || gameTerm(shown).includes(term)) return undefined;
  return [game.name, game.names.cn, game.names.jp, game.names.ko, ...game.aliases].find((n): n is string => !!n && gameTerm(n).includes(term));
}
