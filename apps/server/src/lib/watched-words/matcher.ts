import type { WatchedAction } from '@padhub/contracts';
import { Automaton } from './automaton.ts';
import { continuesWord, isSpacedWordChar, normalise } from './normalise.ts';

export interface WatchedRule {
  id: string;
  /** As the admin wrote it: `*` at either end lets the word run on there (a wildcard). */
  word: string;
  action: WatchedAction;
}

/** What a text met: every rule matched once, and the text as others see it once censored. */
export interface Screening {
  matched: WatchedRule[];
  /** Set when a `censor` rule matched: the text with each match drawn as ■. */
  censored?: string;
}

interface Compiled {
  rule: WatchedRule;
  /** A whole-word form: the match may not sit inside a longer word of a spaced script there. */
  wordStart: boolean;
  wordEnd: boolean;
}

/**
 * The normalised form a rule is matched as (the wildcards taken off), or null when nothing of it
 * is left to match. The console shows it beside the word, and two rules of the same form are one.
 */
export function ruleKey(word: string): string | null {
  const core = normalise(word.replace(/^\*+|\*+$/gu, '')).text.trim();
  return core === '' ? null : core;
}

/**
 * One organisation's watched words compiled into one Aho–Corasick automaton: a check walks the
 * normalised text once whatever the number of rules (bench/safety.ts measures 2 000).
 */
export class WatchedWords {
  private readonly automaton: Automaton<Compiled[]> | null;

  constructor(rules: readonly WatchedRule[]) {
    const byKey = new Map<string, Compiled[]>();
    for (const rule of rules) {
      const key = ruleKey(rule.word);
      if (key === null) continue;
      const compiled = { rule, wordStart: !rule.word.startsWith('*'), wordEnd: !rule.word.endsWith('*') };
      byKey.set(key, [...(byKey.get(key) ?? []), compiled]);
    }
    this.automaton = byKey.size === 0 ? null : new Automaton([...byKey].map(([pattern, data]) => ({ pattern, data })));
  }

  screen(original: string): Screening {
    if (this.automaton === null) return { matched: [] };
    const { text, from, to } = normalise(original);
    const matched = new Map<string, WatchedRule>();
    const censor: Array<[number, number]> = [];
    this.automaton.scan(text, (start, end, rules) => {
      for (const { rule, wordStart, wordEnd } of rules) {
        // Word boundaries only where the script has them: a Latin or Hangul word inside a longer one is not it.
        if (wordStart && isSpacedWordChar(text[start]) && isSpacedWordChar(text[start - 1])) continue;
        if (wordEnd && continuesWord(text[end - 1], text[end])) continue;
        matched.set(rule.id, rule);
        if (rule.action === 'censor') {
          // A wildcard's word is censored whole ("scam*" hides all of "scammers").
          let first = start;
          let last = end;
          if (!wordStart) while (first > 0 && isSpacedWordChar(text[first - 1])) first--;
          if (!wordEnd) while (last < text.length && isSpacedWordChar(text[last])) last++;
          censor.push([from[first]!, to[last - 1]!]);
        }
      }
    });
    const screening: Screening = { matched: [...matched.values()] };
    if (censor.length > 0) screening.censored = drawCensored(original, censor);
    return screening;
  }
}

/** Each censored range drawn as one ■ per character, overlapping ranges once. */
function drawCensored(original: string, ranges: Array<[number, number]>): string {
  const hidden = new Uint8Array(original.length);
  for (const [start, end] of ranges) hidden.fill(1, start, end);
  let out = '';
  let index = 0;
  for (const char of original) {
    out += hidden[index] ? '■' : char;
    index += char.length;
  }
  return out;
}
