/**
 * The one spelling a text and a watched word are compared in. Full-width and half-width forms
 * become one (NFKC), upper and lower case one, katakana hiragana, zero-width characters go, and
 * letters spaced out to get past a filter ("s p a m", "傻 逼") are put back together. Each
 * character of the result remembers where it came from in the original text, so that a match can
 * be censored there. Called on every text a person writes: what a character is, is worked out
 * once per character and kept (`classOf`), and plain ASCII takes none of that path.
 */
export interface Normalised {
  text: string;
  /** For each UTF-16 unit of `text`, the original range [from, to) it stands for. */
  from: Int32Array;
  to: Int32Array;
}

const SEPARATOR = 1;
const ZERO_WIDTH = 2;
/** Han, hiragana, katakana: scripts written without spaces, where a match needs no word boundary. */
const UNSPACED = 4;
/** A letter or digit of a script written with spaces: a whole word cannot end beside one. */
const SPACED_WORD = 8;
const HANGUL = 16;
const VOICED_MARK = 32;
/**
 * `_` joins the words of a name (`spam_2` is one name, not the word "spam"): for whole-word
 * boundaries it counts as a letter, but letters spaced out with it (`s_p_a_m`) still close up.
 */
const JOINER = 64;

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

const known = new Map<number, Folded>();

/** A character (by code point) as matched: folded, with what it is. */
function fold(codePoint: number): Folded {
  let folded = known.get(codePoint);
  if (folded !== undefined) return folded;
  const char = String.fromCodePoint(codePoint);
  let text = char.normalize('NFKC').toLowerCase();
  text = text.replace(KATAKANA, (kana) => String.fromCharCode(kana.charCodeAt(0) - 0x60));
  text = LOOKALIKES.get(text) ?? text;
  folded = { text, flags: flagsOf(char, text) };
  // Bounded, so that a text of random characters cannot grow it without end.
  if (known.size < 100_000) known.set(codePoint, folded);
  return folded;
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

/** What a character of a normalised text is (the flags above). */
function classOf(char: string | undefined): number {
  return char === undefined ? 0 : fold(char.codePointAt(0)!).flags;
}

export function isSpacedWordChar(char: string | undefined): boolean {
  return (classOf(char) & (SPACED_WORD | JOINER)) !== 0;
}

/**
 * Whether a whole word may not end between `last` and `next`. Korean writes spaces between words
 * but joins its particles to them (스팸을, 스팸은): a Hangul word may end where more Hangul follows.
 */
export function continuesWord(last: string | undefined, next: string | undefined): boolean {
  const a = classOf(last);
  const b = classOf(next);
  return (a & (SPACED_WORD | JOINER)) !== 0 && (b & (SPACED_WORD | JOINER)) !== 0 && !((a & HANGUL) !== 0 && (b & HANGUL) !== 0);
}

interface Pieces {
  text: string[];
  flags: number[];
  from: number[];
  to: number[];
}

function pieces(original: string): Pieces {
  const out: Pieces = { text: [], flags: [], from: [], to: [] };
  let index = 0;
  while (index < original.length) {
    const code = original.codePointAt(index)!;
    const from = index;
    index += code > 0xffff ? 2 : 1;
    const folded = code < 0x80 ? asciiFolded[code]! : fold(code);
    if (folded.flags === ZERO_WIDTH) continue;
    const last = out.text.length - 1;
    // A voiced mark written apart (ｶﾞ) joins the kana before it, as a full-width one is written.
    if (folded.flags === VOICED_MARK && last >= 0 && (out.flags[last]! & UNSPACED) !== 0) {
      out.text[last] = (out.text[last]! + folded.text).normalize('NFC');
      out.to[last] = index;
      continue;
    }
    out.text.push(folded.text);
    out.flags.push(folded.flags);
    out.from.push(from);
    out.to.push(index);
  }
  return out;
}

const asciiFolded: Folded[] = Array.from({ length: 0x80 }, (_, code) => {
  const char = String.fromCharCode(code);
  return { text: char.toLowerCase(), flags: flagsOf(char, char.toLowerCase()) };
});

/**
 * Runs of single letters between separators ("s.p.a.m", "f u c k") close up, as do separators
 * between two characters of a script without spaces ("傻 逼"): nobody writes them so but to get past
 * a filter. A run of letters needs three, so that ordinary "a b" prose keeps its spaces.
 */
function closeUp({ flags }: Pieces): Uint8Array {
  const drop = new Uint8Array(flags.length);
  const is = (index: number, flag: number) => index >= 0 && index < flags.length && (flags[index]! & flag) !== 0;
  const standalone = (index: number) => is(index, SPACED_WORD) && !is(index - 1, SPACED_WORD) && !is(index + 1, SPACED_WORD);
  // The next character after one to three separators, or -1.
  const across = (index: number) => {
    let k = index + 1;
    while (k - index <= 3 && is(k, SEPARATOR)) k++;
    return k > index + 1 && k < flags.length && !is(k, SEPARATOR) ? k : -1;
  };
  for (let i = 0; i < flags.length; i++) {
    if (is(i, SEPARATOR)) continue;
    // Between a character of a script without spaces and another, or a lone letter ("傻 B", "S 逼"),
    // a space is one only to get past a filter: no whole word of a spaced script is broken by closing it.
    const k = across(i);
    if (is(i, UNSPACED) || (standalone(i) && k >= 0 && is(k, UNSPACED))) {
      if (k >= 0 && (is(k, UNSPACED) || (is(i, UNSPACED) && standalone(k)))) drop.fill(1, i + 1, k);
      if (is(i, UNSPACED)) continue;
    }
    if (!standalone(i)) continue;
    let end = i;
    let count = 1;
    for (let k = across(i); k >= 0 && standalone(k); k = across(k)) {
      end = k;
      count++;
    }
    if (count < 3) continue;
    drop.fill(1, i + 1, end);
    for (let s = i; s <= end; s++) if (!is(s, SEPARATOR)) drop[s] = 0;
    // The run's last letter is looked at again: a character without spaces may follow it.
    i = end - 1;
  }
  return drop;
}

export function normalise(original: string): Normalised {
  const list = pieces(original);
  const drop = closeUp(list);
  const parts: string[] = [];
  let length = 0;
  for (let i = 0; i < list.text.length; i++) {
    if (drop[i]) continue;
    parts.push(list.text[i]!);
    length += list.text[i]!.length;
  }
  const from = new Int32Array(length);
  const to = new Int32Array(length);
  let unit = 0;
  for (let i = 0; i < list.text.length; i++) {
    if (drop[i]) continue;
    // A loop, not `fill`: nearly every piece is one unit, and a call per character cost more than the rest.
    for (let end = unit + list.text[i]!.length; unit < end; unit++) {
      from[unit] = list.from[i]!;
      to[unit] = list.to[i]!;
    }
  }
  return { text: parts.join(''), from, to };
}
