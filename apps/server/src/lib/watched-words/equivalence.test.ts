import { describe, expect, it } from 'vitest';
import { type WatchedRule, WatchedWords } from './matcher.ts';
import { normalise } from './normalise.ts';
import { referenceNormalise, referenceScreen } from './reference.ts';

// A seeded generator, so that a failure is met again on the next run.
let seed = 20261129;
const random = (n: number) => {
  seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
  return (seed >>> 8) % n;
};
const one = <T>(from: readonly T[]) => from[random(from.length)]!;

/** Few letters a script, so that rules and texts meet often. */
const letters = {
  latin: [...'spamcoi'],
  // Full-width, Cyrillic lookalikes, a ligature (ﬁ: two letters), a capital that lowers to two units (İ).
  odd: [...'ＳＰＡＭｓｐаѕсﬁİ'],
  cn: [...'傻逼你是人'],
  jp: [...'がんだむガンダムかさ', 'ｶﾞ', 'ﾀﾞ', 'ﾑ', 'ﾞ', '㍿'],
  ko: [...'스팸을대가'],
};
const scripts = Object.keys(letters) as (keyof typeof letters)[];
const separators = [' ', ' ', '.', '-', '_', '!', '\u3000', ' . '];
const oddities = ['\u200b', '\u00ad', '\u2060', '😀', '\ud800', '\udc00', '𠀋'];

function word(script = one(scripts), length = 1 + random(4)): string {
  return Array.from({ length }, () => one(letters[script])).join('');
}

/** A text of words of the four scripts mixed, some spaced out letter by letter, some cut by zero-width characters. */
function text(): string {
  const parts: string[] = [];
  for (let n = random(14); n >= 0; n--) {
    const kind = random(10);
    if (kind < 5) parts.push(word());
    else if (kind < 7) parts.push([...word(one(scripts), 3 + random(3))].join(one(separators)));
    else if (kind < 8) parts.push(one(oddities));
    else parts.push(word().replace(/^(.)/u, `$1${one(oddities)}`));
    parts.push(random(3) === 0 ? '' : one(separators));
  }
  return parts.join('');
}

/** Rules of every form: whole words, wildcards at either end or inside, every action, a few sharing an id (a personal filter's words). */
function rules(count: number): WatchedRule[] {
  const actions = ['block', 'require_approval', 'censor', 'flag'] as const;
  return Array.from({ length: count }, (_, n) => {
    const base = word(one(scripts), 1 + random(4));
    const form = random(6);
    const inner = [...base].length > 2 ? `${[...base].slice(0, 1).join('')}*${[...base].slice(2).join('')}` : base;
    const written = form === 0 ? `*${base}` : form === 1 ? `${base}*` : form === 2 ? `*${base}*` : form === 3 ? inner : base;
    return { id: String(random(4) === 0 ? n >> 1 : n + 1000), word: written, action: one(actions) };
  });
}

describe('the matcher against a plain reference', () => {
  it('normalises generated texts as the reference does, origins included', () => {
    for (let round = 0; round < 400; round++) {
      const sample = text();
      const ours = normalise(sample);
      const reference = referenceNormalise(sample);
      expect({ text: ours.text, from: [...ours.from], to: [...ours.to] }, JSON.stringify(sample)).toEqual(reference);
    }
  });

  it('meets the same rules, in the same order, and censors the same characters', () => {
    let met = 0;
    let censored = 0;
    for (let set = 0; set < 12; set++) {
      const list = rules(5 + random(60));
      const matcher = new WatchedWords(list);
      for (let round = 0; round < 60; round++) {
        const sample = text();
        const ours = matcher.screen(sample);
        expect(ours, JSON.stringify({ sample, rules: list })).toEqual(referenceScreen(list, sample));
        met += ours.matched.length;
        if (ours.censored !== undefined) censored++;
      }
    }
    // The generated texts meet rules often enough for a dropped or added match to show.
    expect(met).toBeGreaterThan(500);
    expect(censored).toBeGreaterThan(100);
  });
});
