import type { WatchedAction } from '@padhub/contracts';
import { Automaton } from './automaton.ts';
import { continuesWordAt, isSpacedWordAt, normalise } from './normalise.ts';

export interface WatchedRule {
  id: string;
  /**
   * As the admin wrote it: `*` at either end lets the word run on there, and `*` inside it stands
   * for up to twelve letters of the same word ("f*ck" finds "fuck" and "feck", not "f ck").
   */
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
  /** With a `*` inside: what must follow the part the automaton found, within the same word. */
  rest?: RegExp;
}

/** Letters a wildcard inside a word stands for: of the word itself, at most a few. */
const GAP = '[\\p{L}\\p{N}\\p{M}_]{0,12}';
const escape = (part: string) => part.replace(/[.*+?^${}()|[\]\\]/gu, '\\$&');

/**
 * The normalised form a rule is matched as (the wildcards at its ends taken off, those inside kept), or null when nothing of it
 * is left to match. The console shows it beside the word, and two rules of the same form are one.
 */
export function ruleKey(word: string): string | null {
  // Each part apart: letters between inner wildcards ("f*c*k") are not letters spaced out.
  const parts = word.replace(/^\*+|\*+$/gu, '').split(/\*+/u).map((part) => normalise(part).text.trim());
  const core = parts.filter((part) => part !== '').join('*');
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
      // The automaton finds the part before the first inner `*`; a regular expression checks the rest there.
      const [head, ...parts] = key.split('*').filter((part) => part !== '');
      const compiled: Compiled = { rule, wordStart: !rule.word.startsWith('*'), wordEnd: !rule.word.endsWith('*') };
      if (parts.length > 0) compiled.rest = new RegExp(parts.map((part) => GAP + escape(part)).join(''), 'uy');
      byKey.set(head!, [...(byKey.get(head!) ?? []), compiled]);
    }
    this.automaton = byKey.size === 0 ? null : new Automaton([...byKey].map(([pattern, data]) => ({ pattern, data })));
  }

  screen(original: string): Screening {
    if (this.automaton === null) return { matched: [] };
    const { text, from, to } = normalise(original);
    const matched = new Map<string, WatchedRule>();
    if (marks.length <= original.length) marks = new Int32Array(Math.max(original.length + 1, marks.length * 2));
    let censoring: boolean;
    try {
      censoring = this.scan(text, from, to, matched);
    } catch (error) {
      // Left half written, the marks would censor the next text at the wrong places.
      marks.fill(0);
      throw error;
    }
    const screening: Screening = { matched: [...matched.values()] };
    if (censoring) screening.censored = drawCensored(original);
    return screening;
  }

  /** Walks the normalised text: each rule met goes in `matched`, each place to censor in `marks` (true: there is one). */
  private scan(text: string, from: Int32Array, to: Int32Array, matched: Map<string, WatchedRule>): boolean {
    let censoring = false;
    this.automaton!.scan(text, (start, found, rules) => {
      for (const { rule, wordStart, wordEnd, rest } of rules) {
        // A rule already met is decided, unless it censors: each of its places is then drawn.
        if (rule.action !== 'censor' && matched.get(rule.id) === rule) continue;
        let end = found;
        if (rest) {
          rest.lastIndex = found;
          if (!rest.test(text)) continue;
          end = rest.lastIndex;
        }
        // Word boundaries only where the script has them: a Latin or Hangul word inside a longer one is not it.
        if (wordStart && isSpacedWordAt(text, start) && isSpacedWordAt(text, start - 1)) continue;
        if (wordEnd && continuesWordAt(text, end)) continue;
        matched.set(rule.id, rule);
        if (rule.action === 'censor') {
          // A wildcard's word is censored whole ("scam*" hides all of "scammers").
          let first = start;
          let last = end;
          if (!wordStart) while (first > 0 && isSpacedWordAt(text, first - 1)) first--;
          if (!wordEnd) while (last < text.length && isSpacedWordAt(text, last)) last++;
          marks[from[first]!]!++;
          marks[to[last - 1]!]!--;
          censoring = true;
        }
      }
    });
    return censoring;
  }
}

/**
 * Where censored ranges of the original open (+1 at their first unit) and close (−1 after their
 * last): counted rather than kept as pairs to sort and merge, for a long text in Japanese may have
 * hundreds. All zero between checks (drawCensored clears what it reads); grown for a longer text
 * (the longest a contract lets in is a post's 5 000 characters: 20 KB kept).
 */
let marks = new Int32Array(256);

/** Each censored range drawn as one ■ per character, overlapping and touching ranges once. */
function drawCensored(original: string): string {
  // The text between ranges kept as it is: a long text is copied in a few slices, not character by character.
  let out = '';
  let depth = 0;
  // Where the range being drawn opened; after it, where the text kept resumes.
  let at = 0;
  for (let i = 0; i <= original.length; i++) {
    const mark = marks[i]!;
    if (mark === 0) continue;
    marks[i] = 0;
    if (depth === 0) {
      out += original.slice(at, i);
      at = i;
    }
    depth += mark;
    if (depth === 0) {
      out += '■'.repeat(codePoints(original, at, i));
      at = i;
    }
  }
  out += original.slice(at);
  return out;
}

/** The characters (code points) of `text` in [start, end): its units less the second of each pair. */
function codePoints(text: string, start: number, end: number): number {
  let count = end - start;
  for (let i = start; i < end; i++) {
    const unit = text.charCodeAt(i);
    if (unit >= 0xdc00 && unit < 0xe000 && i > start && isHigh(text.charCodeAt(i - 1))) count--;
  }
  return count;
}

const isHigh = (unit: number) => unit >= 0xd800 && unit < 0xdc00;
