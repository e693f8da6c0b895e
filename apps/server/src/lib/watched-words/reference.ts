/**
 * The plain reference the matcher is tested against (equivalence.test.ts): the same rules as
 * normalise.ts and matcher.ts written the slow, obvious way — arrays of strings a character, every
 * rule's key searched with `indexOf`, each character's class looked up as it comes. The matcher is
 * optimised for bench/safety.ts; this one is not, so that an optimisation that drops or adds a
 * match shows as a difference between the two on generated texts. Used by tests only.
 */
import { JOINER, SEPARATOR, SPACED_WORD, HANGUL, UNSPACED, VOICED_MARK, ZERO_WIDTH, foldChar } from './normalise.ts';
import { type Screening, type WatchedRule, ruleKey } from './matcher.ts';

const classOf = (char: string | undefined) => (char === undefined ? 0 : foldChar(char.codePointAt(0)!).flags);
const wordy = (flags: number) => (flags & (SPACED_WORD | JOINER)) !== 0;

export function referenceNormalise(original: string): { text: string; from: number[]; to: number[] } {
  const text: string[] = [];
  const flags: number[] = [];
  const from: number[] = [];
  const to: number[] = [];
  for (let index = 0; index < original.length; ) {
    const code = original.codePointAt(index)!;
    const start = index;
    index += code > 0xffff ? 2 : 1;
    const folded = foldChar(code);
    if (folded.flags === ZERO_WIDTH) continue;
    const last = text.length - 1;
    if (folded.flags === VOICED_MARK && last >= 0 && (flags[last]! & UNSPACED) !== 0) {
      text[last] = (text[last]! + folded.text).normalize('NFC');
      to[last] = index;
      continue;
    }
    text.push(folded.text);
    flags.push(folded.flags);
    from.push(start);
    to.push(index);
  }
  // Which pieces are dropped: spaced-out letters and spaces inside unspaced scripts.
  const drop = text.map(() => false);
  const is = (i: number, flag: number) => i >= 0 && i < flags.length && (flags[i]! & flag) !== 0;
  const standalone = (i: number) => is(i, SPACED_WORD) && !is(i - 1, SPACED_WORD) && !is(i + 1, SPACED_WORD);
  const across = (i: number) => {
    let k = i + 1;
    while (k - i <= 3 && is(k, SEPARATOR)) k++;
    return k > i + 1 && k < flags.length && !is(k, SEPARATOR) ? k : -1;
  };
  for (let i = 0; i < flags.length; i++) {
    if (is(i, SEPARATOR)) continue;
    const k = across(i);
    if (is(i, UNSPACED) || (standalone(i) && k >= 0 && is(k, UNSPACED))) {
      if (k >= 0 && (is(k, UNSPACED) || (is(i, UNSPACED) && standalone(k)))) for (let s = i + 1; s < k; s++) drop[s] = true;
      if (is(i, UNSPACED)) continue;
    }
    if (!standalone(i)) continue;
    let end = i;
    let count = 1;
    for (let n = across(i); n >= 0 && standalone(n); n = across(n)) {
      end = n;
      count++;
    }
    if (count < 3) continue;
    for (let s = i + 1; s < end; s++) drop[s] = is(s, SEPARATOR);
    i = end - 1;
  }
  const out = { text: '', from: [] as number[], to: [] as number[] };
  text.forEach((piece, i) => {
    if (drop[i]) return;
    out.text += piece;
    for (let u = 0; u < piece.length; u++) {
      out.from.push(from[i]!);
      out.to.push(to[i]!);
    }
  });
  return out;
}

/** Every rule searched on its own, at every place its key occurs. */
export function referenceScreen(rules: readonly WatchedRule[], original: string): Screening {
  const { text, from, to } = referenceNormalise(original);
  const matched = new Map<string, WatchedRule>();
  const ranges: Array<[number, number]> = [];
  // Listed in the order the matcher finds them: by where the key ends, the longer key first, then by rule.
  const hits: Array<{ start: number; end: number; order: number; rule: WatchedRule }> = [];
  const keys = rules.map((rule) => ruleKey(rule.word));
  rules.forEach((rule, order) => {
    const key = keys[order];
    if (key === null || key === undefined) return;
    const [head, ...parts] = key.split('*').filter((part) => part !== '');
    for (let at = text.indexOf(head!); at >= 0; at = text.indexOf(head!, at + 1)) {
      let end = at + head!.length;
      if (parts.length > 0) {
        const rest = new RegExp(parts.map((part) => `[\\p{L}\\p{N}\\p{M}_]{0,12}${part.replace(/[.*+?^${}()|[\]\\]/gu, '\\$&')}`).join(''), 'uy');
        rest.lastIndex = end;
        if (!rest.test(text)) continue;
        end = rest.lastIndex;
      }
      const wordStart = !rule.word.startsWith('*');
      const wordEnd = !rule.word.endsWith('*');
      if (wordStart && wordy(classOf(text[at])) && wordy(classOf(text[at - 1]))) continue;
      const [a, b] = [classOf(text[end - 1]), classOf(text[end])];
      if (wordEnd && wordy(a) && wordy(b) && !((a & HANGUL) !== 0 && (b & HANGUL) !== 0)) continue;
      hits.push({ start: at, end: at + head!.length, order, rule });
      if (rule.action === 'censor') {
        let first = at;
        let last = end;
        if (!wordStart) while (first > 0 && wordy(classOf(text[first - 1]))) first--;
        if (!wordEnd) while (last < text.length && wordy(classOf(text[last]))) last++;
        ranges.push([from[first]!, to[last - 1]!]);
      }
    }
  });
  hits.sort((x, y) => x.end - y.end || y.end - y.start - (x.end - x.start) || x.order - y.order);
  for (const { rule } of hits) matched.set(rule.id, rule);
  const screening: Screening = { matched: [...matched.values()] };
  if (ranges.length > 0) {
    const censored = [...original].map(() => false);
    const units = [...original];
    let unit = 0;
    const starts = units.map((char) => ((unit += char.length), unit - char.length));
    units.forEach((_, n) => (censored[n] = ranges.some(([start, end]) => starts[n]! >= start && starts[n]! < end)));
    screening.censored = units.map((char, n) => (censored[n] ? '■' : char)).join('');
  }
  return screening;
}
