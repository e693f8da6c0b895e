/**
 * Removed pictures (apps/server/src/lib/picture-hash): looking a new picture's fingerprint up among
 * an organisation's 100 000 kept fingerprints, by the multi-index hash index, against a scan
 * that compares every one (the reference, in the same run). Budget: the median lookup ≤ 5 ms.
 *
 * Watched words (apps/server/src/lib/watched-words): checking one text against an organisation's
 * 2 000 rules, by class of text (script: en, cn, jp, ko, mixed; `near`: rules' words less their
 * last letter, in the four scripts, so that the automaton walks far and mostly finds nothing;
 * `wide`: English words in full-width letters, half of them spaced out letter by letter and some
 * cut by zero-width characters, so that the normaliser has the most to fold and close up; length:
 * a username of 20, a comment of 300, a post of 5 000 characters; with a rule's word planted in it
 * or not). Budget:
 * the median check ≤ 1 ms; the p99 is printed beside it (on a shared machine it is the machine's). The reference, measured in the same run, is the plainest check there is: each rule's
 * `includes` on the lower-cased text, which knows nothing of widths, kana or spacing.
 *
 *   node --import tsx bench/safety.ts
 */
import { WatchedWords, type WatchedRule } from '../apps/server/src/lib/watched-words/matcher.ts';
import { FINGERPRINT_BYTES, MATCH_DISTANCE, distance, words } from '../apps/server/src/lib/picture-hash/hash.ts';
import { HashIndex } from '../apps/server/src/lib/picture-hash/hash-index.ts';
import { percentile } from './measure.ts';

const RULES = 2000;
const BUDGET_MS = 1;
const RUNS = 400;

// A seeded generator, so that two runs check the same texts.
let seed = 42;
const random = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
const pick = (from: string, n: number) => Array.from({ length: n }, () => from[Math.floor(random() * from.length)]).join('');

const alphabets = {
  en: 'abcdefghijklmnopqrstuvwxyz',
  cn: '的一是不了人我在有他这中大来上国个到说们为子和你地出道也时年得就那要下以生会自着去之过家学对可她里后小么心多天而能好都然没日于起还发成事只作当想看文',
  jp: 'あいうえおかきくけこさしすせそたちつてとなにぬねのまみむめもやゆよらりるれろわをんアイウエオカキクケコサシスセソタチツテト',
  ko: '가나다라마바사아자차카타파하고노도로모보소오조초코토포호구누두루무부수우주추쿠투푸후',
};
type Script = keyof typeof alphabets;
const scripts = Object.keys(alphabets) as Script[];

/** A word of the script: Latin and Hangul words of 3–8 letters, Chinese and Japanese of 2–4. */
function word(script: Script): string {
  const spaced = script === 'en' || script === 'ko';
  return pick(alphabets[script], spaced ? 3 + Math.floor(random() * 6) : 2 + Math.floor(random() * 3));
}

const actions = ['block', 'require_approval', 'censor', 'flag'] as const;
const rules: WatchedRule[] = Array.from({ length: RULES }, (_, n) => {
  const script = scripts[n % scripts.length]!;
  const text = word(script);
  // One rule in ten is a wildcard form at the end, one in ten (of spaced scripts) a wildcard inside the word.
  const inner = n % 10 === 5 && text.length > 3 ? `${text.slice(0, 2)}*${text.slice(3)}` : text;
  return { id: String(n), word: n % 10 === 0 ? `${text}*` : inner, action: actions[n % actions.length]! };
});
const matcher = new WatchedWords(rules);

/** A rule's word less its last letter (and its wildcards), with a space after it. */
const nearly = () => `${rules[Math.floor(random() * RULES)]!.word.replace(/\*/gu, '').slice(0, -1)} `;
const fullWidth = (value: string) => value.replace(/[a-z]/gu, (letter) => String.fromCharCode(letter.charCodeAt(0) + 0xfee0));
/** An English word in full-width letters: half spaced out, one in four cut by a zero-width space. */
function wide(): string {
  const letters = fullWidth(word('en'));
  const spaced = random() < 0.5 ? [...letters].join(' ') : letters;
  return `${random() < 0.25 ? spaced.replace(/^(.)/u, '$1\u200b') : spaced} `;
}

/** Prose of the script (or all four mixed, or a class above) of about `length` characters; `hit` puts one rule's word in the middle. */
function text(script: Script | 'mixed' | 'near' | 'wide', length: number, hit: boolean): string {
  const parts: string[] = [];
  let size = 0;
  while (size < length) {
    let part: string;
    if (script === 'near') part = nearly();
    else if (script === 'wide') part = wide();
    else {
      const from = script === 'mixed' ? scripts[Math.floor(random() * scripts.length)]! : script;
      part = word(from) + (from === 'en' || from === 'ko' ? ' ' : '');
    }
    parts.push(part);
    size += part.length;
  }
  if (hit) parts.splice(parts.length >> 1, 0, ` ${rules[7]!.word.replace('*', '')} `);
  return parts.join('').slice(0, Math.max(length, 20) + 12);
}

const naive = (value: string) => {
  const lower = value.toLowerCase();
  return rules.filter((rule) => lower.includes(rule.word)).length;
};

function time(run: () => unknown): number[] {
  const times: number[] = [];
  for (let i = 0; i < RUNS + 50; i++) {
    const t = performance.now();
    run();
    if (i >= 50) times.push(performance.now() - t);
  }
  return times;
}

let over = 0;
console.log(`${RULES} rules; ${RUNS} checks a class; budget: median ≤ ${BUDGET_MS} ms`);
for (const script of [...scripts, 'mixed', 'near', 'wide'] as const) {
  for (const length of [20, 300, 5000]) {
    for (const hit of [false, true]) {
      const sample = text(script, length, hit);
      const found = matcher.screen(sample).matched.length;
      if (hit && found === 0) throw new Error(`no rule found in a text with one: ${script} ${length}`);
      const times = time(() => matcher.screen(sample));
      const ours = percentile(times, 0.5);
      const reference = percentile(time(() => naive(sample)), 0.5);
      const verdict = ours <= BUDGET_MS ? 'ok' : 'OVER BUDGET';
      if (verdict !== 'ok') over++;
      console.log(
        `${script.padEnd(5)} ${String(length).padStart(5)} chars ${hit ? 'planted' : 'none   '}: median ${ours.toFixed(3)} ms, p99 ${percentile(times, 0.99).toFixed(3)} (${found} matched), ` +
          `${(ours / reference).toFixed(2)} × the ${RULES} includes (${reference.toFixed(3)} ms)  ${verdict}`,
      );
    }
  }
}
const compile = time(() => new WatchedWords(rules)).slice(0, 20);
console.log(`compiling ${RULES} rules: median ${percentile(compile, 0.5).toFixed(1)} ms`);

const HASHES = 100_000;
const HASH_BUDGET_MS = 5;
// Random fingerprints: real ones cluster more, which fills some buckets of the index more than others.
const prints = Buffer.from(Array.from({ length: HASHES * FINGERPRINT_BYTES }, () => Math.floor(random() * 256)));
const owners = Array.from({ length: HASHES }, (_, n) => String(n >> 4));
let built = performance.now();
const index = new HashIndex(prints, owners);
built = performance.now() - built;
/** A kept fingerprint with `flips` bits of its hash changed: a re-upload. */
const near = (n: number, flips: number) => {
  const print = Buffer.from(prints.subarray(n * FINGERPRINT_BYTES, (n + 1) * FINGERPRINT_BYTES));
  for (let f = 0; f < flips; f++) print[f % 8]! ^= 1 << (f % 7);
  return print;
};
// The scan's words read once, as the index reads them: the reference is the comparisons alone.
const lows = new Uint32Array(HASHES);
const highs = new Uint32Array(HASHES);
for (let n = 0; n < HASHES; n++) [lows[n], highs[n]] = words(prints, n * FINGERPRINT_BYTES);
const scan = (print: Buffer) => {
  const [low, high] = words(print);
  let found = -1;
  for (let n = 0; n < HASHES; n++) if (distance(low, high, lows[n]!, highs[n]!) <= MATCH_DISTANCE) found = n;
  return found;
};
console.log(`\n${HASHES} fingerprints kept; index built in ${built.toFixed(0)} ms; budget: median lookup ≤ ${HASH_BUDGET_MS} ms`);
for (const [name, query] of [
  ['a new picture (no match)', () => near(Math.floor(random() * HASHES), 32)],
  ['a re-upload (6 bits off)', () => near(Math.floor(random() * HASHES), 6)],
  ['a re-upload (10 bits off)', () => near(Math.floor(random() * HASHES), 10)],
] as const) {
  const samples = Array.from({ length: 64 }, query);
  let k = 0;
  const times = time(() => index.nearest(samples[k++ % samples.length]!));
  const reference = percentile(time(() => scan(samples[k++ % samples.length]!)).slice(0, 60), 0.5);
  const ours = percentile(times, 0.5);
  if (name !== 'a new picture (no match)' && samples.some((s) => index.nearest(s) === null)) throw new Error(`a re-upload not found: ${name}`);
  const verdict = ours <= HASH_BUDGET_MS ? 'ok' : 'OVER BUDGET';
  if (verdict !== 'ok') over++;
  console.log(`${name.padEnd(26)}: median ${ours.toFixed(3)} ms, p99 ${percentile(times, 0.99).toFixed(3)}, ${(ours / reference).toFixed(3)} × a scan of all (${reference.toFixed(2)} ms)  ${verdict}`);
}
process.exitCode = over === 0 ? 0 : 1;
