/**
 * The one spelling a text and a watched word are compared in. Full-width and half-width forms
 * become one (NFKC), upper and lower case one, katakana hiragana, zero-width characters go, and
 * letters spaced out to get past a filter ("s p a m", "傻 逼") are put back together. Each
 * character of the result remembers where it came from in the original text, so that a match can
 * be censored there. Called on every text a person writes (a post of 5 000 characters against
 * 2 000 rules has under 1 ms, bench/safety.ts): what a character is, is worked out once per
 * character and kept in flat tables, and a text is walked in typed arrays reused from call to call,
 * not in arrays of one-character strings (the per-character allocations were half the check).
 */
export interface Normalised {
  text: string;
  /** For each UTF-16 unit of `text`, the original range [from, to) it stands for. */
  from: Int32Array;
  to: Int32Array;
}

export const SEPARATOR = 1;
export const ZERO_WIDTH = 2;
/** Han, hiragana, katakana: scripts written without spaces, where a match needs no word boundary. */
export const UNSPACED = 4;
/** A letter or digit of a script written with spaces: a whole word cannot end beside one. */
export const SPACED_WORD = 8;
export const HANGUL = 16;
export const VOICED_MARK = 32;
/**
 * `_` joins the words of a name (`spam_2` is one name, not the word "spam"): for whole-word
 * boundaries it counts as a letter, but letters spaced out with it (`s_p_a_m`) still close up.
 */
export const JOINER = 64;

interface Folded {
  text: string;
  flags: number;
}

const ZERO_WIDTH_CHARS = /^[\u00ad\u180e\u200b-\u200f\u2060-\u2064\ufeff]$/u;
const SEPARATOR_CHARS = /^[\p{Z}\p{P}\p{S}\s]+$/u;
const UNSPACED_CHARS = /^[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\u30fc]/u;
const WORD_CHARS = /^[\p{L}\p{N}\p{M}]/u;
const HANGUL_CHARS = /^\p{Script=Hangul}/u;
const KATAKANA = /[\u30a1-\u30f6]/gu;

/**
 * Cyrillic and Greek letters drawn as Latin ones ("ѕраm" mixes three scripts to look like "spam"):
 * folded to the Latin letter, in texts and rules alike, so a rule written in either script finds both.
 */
const LOOKALIKES = new Map(
  [...'аaвbеeкkмmнhоoрpсcтtуyхxѕsіiјjӏlαaβbεeιiκkνvοoρpτtυuχxϲc'.matchAll(/(.)(.)/gu)].map(([, from, to]) => [from!, to!]),
);

/** A character (by code point) as matched: folded, with what it is. Worked out anew: see `foldedOf` for the kept one. */
export function foldChar(codePoint: number): Folded {
  const char = String.fromCodePoint(codePoint);
  let text = char.normalize('NFKC').toLowerCase();
  text = text.replace(KATAKANA, (kana) => String.fromCharCode(kana.charCodeAt(0) - 0x60));
  text = LOOKALIKES.get(text) ?? text;
  return { text, flags: flagsOf(char, text) };
}

function flagsOf(char: string, text: string): number {
  if (ZERO_WIDTH_CHARS.test(char)) return ZERO_WIDTH;
  if (text === '_') return SEPARATOR | JOINER;
  if (/^[\u3099\u309a\uff9e\uff9f]$/u.test(char)) return VOICED_MARK;
  if (SEPARATOR_CHARS.test(text)) return SEPARATOR;
  if (UNSPACED_CHARS.test(text)) return UNSPACED;
  if (WORD_CHARS.test(text)) return SPACED_WORD | (HANGUL_CHARS.test(text) ? HANGUL : 0);
  return 0;
}

/**
 * The characters of the Basic Multilingual Plane (lone surrogates too) as they are worked out, in
 * flat tables (256 KB, whatever the texts): `KNOWN` says a code is done, a fold of one unit is in
 * `UNIT` (nearly all), a longer one in `LONGER`. Characters beyond the plane are in `ASTRAL`,
 * bounded so that a text of random ones cannot grow it without end.
 */
const KNOWN = 128;
const LONG = 256;
const STATE = new Uint16Array(0x10000);
const UNIT = new Uint16Array(0x10000);
const LONGER = new Map<number, string>();
const ASTRAL = new Map<number, Folded>();

function learn(code: number): number {
  const { text, flags } = foldChar(code);
  if (text.length === 1) UNIT[code] = text.charCodeAt(0);
  else LONGER.set(code, text);
  return (STATE[code] = KNOWN | (text.length === 1 ? 0 : LONG) | flags);
}

/** What a code point is (the flags above), its fold learnt on the way. */
function flagsOfCode(code: number): number {
  if (code > 0xffff) return foldedAstral(code).flags;
  const state = STATE[code]!;
  return (state === 0 ? learn(code) : state) & ~(KNOWN | LONG);
}

function foldedAstral(code: number): Folded {
  let folded = ASTRAL.get(code);
  if (folded === undefined) {
    folded = foldChar(code);
    if (ASTRAL.size < 100_000) ASTRAL.set(code, folded);
  }
  return folded;
}

/** What the UTF-16 unit at `index` of a normalised text is (0 outside it). */
function classAt(text: string, index: number): number {
  return index < 0 || index >= text.length ? 0 : flagsOfCode(text.charCodeAt(index));
}

export function isSpacedWordAt(text: string, index: number): boolean {
  return (classAt(text, index) & (SPACED_WORD | JOINER)) !== 0;
}

/**
 * Whether a whole word may not end between units `index - 1` and `index`. Korean writes spaces
 * between words but joins its particles to them (스팸을, 스팸은): a Hangul word may end where more Hangul follows.
 */
export function continuesWordAt(text: string, index: number): boolean {
  const a = classAt(text, index - 1);
  const b = classAt(text, index);
  return (a & (SPACED_WORD | JOINER)) !== 0 && (b & (SPACED_WORD | JOINER)) !== 0 && !((a & HANGUL) !== 0 && (b & HANGUL) !== 0);
}

/**
 * The pieces of the text being normalised, one a character kept (a voiced mark written apart joins
 * the one before): its flags, its original range, and its fold — a unit's code, or −1 − n for the
 * n-th of `longer`. Reused from call to call, grown when a longer text comes.
 */
let flags = new Uint8Array(256);
let starts = new Int32Array(256);
let ends = new Int32Array(256);
let codes = new Int32Array(256);
let drop = new Uint8Array(256);
let units = new Uint16Array(256);
const longer: string[] = [];

function reserve(size: number): void {
  if (size <= flags.length) return;
  const length = Math.max(size, flags.length * 2);
  flags = new Uint8Array(length);
  starts = new Int32Array(length);
  ends = new Int32Array(length);
  codes = new Int32Array(length);
  drop = new Uint8Array(length);
  units = new Uint16Array(length);
}

/** Keeps a fold of more than one unit; its code in `codes`. */
const keep = (text: string) => -longer.push(text);
const pieceText = (n: number) => (codes[n]! >= 0 ? String.fromCharCode(codes[n]!) : longer[-1 - codes[n]!]!);

/** Splits `original` into pieces; returns their number. */
function pieces(original: string): number {
  longer.length = 0;
  let count = 0;
  let index = 0;
  while (index < original.length) {
    let code = original.charCodeAt(index);
    const from = index;
    index++;
    if (code >= 0xd800 && code < 0xdc00 && index < original.length) {
      const low = original.charCodeAt(index);
      if (low >= 0xdc00 && low < 0xe000) {
        code = (code - 0xd800) * 0x400 + low - 0xdc00 + 0x10000;
        index++;
      }
    }
    let flag: number;
    let folded: number;
    if (code > 0xffff) {
      const astral = foldedAstral(code);
      flag = astral.flags;
      folded = astral.text.length === 1 ? astral.text.charCodeAt(0) : keep(astral.text);
    } else {
      let state = STATE[code]!;
      if (state === 0) state = learn(code);
      flag = state & ~(KNOWN | LONG);
      folded = (state & LONG) === 0 ? UNIT[code]! : keep(LONGER.get(code)!);
    }
    if (flag === ZERO_WIDTH) continue;
    // A voiced mark written apart (ｶﾞ) joins the kana before it, as a full-width one is written.
    if (flag === VOICED_MARK && count > 0 && (flags[count - 1]! & UNSPACED) !== 0) {
      const joined = (pieceText(count - 1) + (folded >= 0 ? String.fromCharCode(folded) : longer[-1 - folded]!)).normalize('NFC');
      codes[count - 1] = joined.length === 1 ? joined.charCodeAt(0) : keep(joined);
      ends[count - 1] = index;
      continue;
    }
    flags[count] = flag;
    starts[count] = from;
    ends[count] = index;
    codes[count] = folded;
    count++;
  }
  return count;
}

const is = (index: number, count: number, flag: number) => index >= 0 && index < count && (flags[index]! & flag) !== 0;
const standalone = (index: number, count: number) =>
  is(index, count, SPACED_WORD) && !is(index - 1, count, SPACED_WORD) && !is(index + 1, count, SPACED_WORD);

/** The next piece after one to three separators, or -1. */
function across(index: number, count: number): number {
  let k = index + 1;
  while (k - index <= 3 && is(k, count, SEPARATOR)) k++;
  return k > index + 1 && k < count && !is(k, count, SEPARATOR) ? k : -1;
}

/**
 * Runs of single letters between separators ("s.p.a.m", "f u c k") close up, as do separators
 * between two characters of a script without spaces ("傻 逼"): nobody writes them so but to get past
 * a filter. A run of letters needs three, so that ordinary "a b" prose keeps its spaces. Marks the
 * separators dropped in `drop`.
 */
function closeUp(count: number): void {
  drop.fill(0, 0, count);
  for (let i = 0; i < count; i++) {
    const flag = flags[i]!;
    if ((flag & SEPARATOR) !== 0) continue;
    const unspaced = (flag & UNSPACED) !== 0;
    // Nothing closes up after a letter of a longer word (most of them): looked at no further.
    if (!unspaced && !standalone(i, count)) continue;
    // Between a character of a script without spaces and another, or a lone letter ("傻 B", "S 逼"),
    // a space is one only to get past a filter: no whole word of a spaced script is broken by closing it.
    const k = across(i, count);
    if (unspaced || (standalone(i, count) && k >= 0 && is(k, count, UNSPACED))) {
      if (k >= 0 && (is(k, count, UNSPACED) || (unspaced && standalone(k, count)))) drop.fill(1, i + 1, k);
      if (unspaced) continue;
    }
    if (!standalone(i, count)) continue;
    let end = i;
    let run = 1;
    for (let n = across(i, count); n >= 0 && standalone(n, count); n = across(n, count)) {
      end = n;
      run++;
    }
    if (run < 3) continue;
    drop.fill(1, i + 1, end);
    for (let s = i; s <= end; s++) if (!is(s, count, SEPARATOR)) drop[s] = 0;
    // The run's last letter is looked at again: a character without spaces may follow it.
    i = end - 1;
  }
}

/** Up to this many units a `String.fromCharCode` call: far under any engine's limit on arguments. */
const CHUNK = 8192;

export function normalise(original: string): Normalised {
  reserve(original.length);
  const count = pieces(original);
  closeUp(count);
  let length = 0;
  for (let i = 0; i < count; i++) if (!drop[i]) length += codes[i]! >= 0 ? 1 : longer[-1 - codes[i]!]!.length;
  const from = new Int32Array(length);
  const to = new Int32Array(length);
  if (units.length < length) units = new Uint16Array(length);
  let unit = 0;
  for (let i = 0; i < count; i++) {
    if (drop[i]) continue;
    const code = codes[i]!;
    if (code >= 0) {
      units[unit] = code;
      from[unit] = starts[i]!;
      to[unit++] = ends[i]!;
      continue;
    }
    const text = longer[-1 - code]!;
    for (let u = 0; u < text.length; u++) {
      units[unit] = text.charCodeAt(u);
      from[unit] = starts[i]!;
      to[unit++] = ends[i]!;
    }
  }
  let text = '';
  for (let at = 0; at < length; at += CHUNK) {
    text += String.fromCharCode.apply(null, units.subarray(at, Math.min(length, at + CHUNK)) as unknown as number[]);
  }
  return { text, from, to };
}
