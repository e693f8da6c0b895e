/**
 * The one spelling a text and a watched word are compared in (docs/moderation.md, "Matching").
 * Full-width and half-width forms become one (NFKC), upper and lower case one, katakana hiragana,
 * zero-width characters go, and letters spaced out to get past a filter ("s p a m", "傻 逼") are
 * put back together. Each character of the result remembers where it came from in the original
 * text, so that a match can be censored there.
 */
export interface Normalised {
  text: string;
  /** For each UTF-16 unit of `text`, the original range [from, to) it stands for. */
  from: number[];
  to: number[];
}

const ZERO_WIDTH = /[\u00ad\u180e\u200b-\u200f\u2060-\u2064\ufeff]/u;
// Between letters, what someone spacing a word out puts: spaces, punctuation, symbols.
const SEPARATOR = /[\p{Z}\p{P}\p{S}\s]/u;
const KATAKANA_FIRST = 0x30a1;
const KATAKANA_LAST = 0x30f6;
const KANA_SHIFT = 0x60;
const COMBINING_VOICED = /[\u3099\u309a]/u;

/** Scripts written without spaces between words: a match there needs no word boundary. */
const UNSPACED = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\u30fc]/u;
const WORD = /[\p{L}\p{N}\p{M}]/u;

export function isUnspaced(char: string): boolean {
  return UNSPACED.test(char);
}

/** A letter or digit of a script written with spaces, next to which a whole word cannot end. */
export function isSpacedWordChar(char: string | undefined): boolean {
  return char !== undefined && WORD.test(char) && !UNSPACED.test(char);
}

const HANGUL = /\p{Script=Hangul}/u;

/**
 * Whether a whole word may not end before `next`. Korean writes spaces between words but joins
 * its particles to them (스팸을, 스팸은): a Hangul word ends where it is followed by more Hangul.
 */
export function continuesWord(last: string | undefined, next: string | undefined): boolean {
  return isSpacedWordChar(last) && isSpacedWordChar(next) && !(HANGUL.test(last!) && HANGUL.test(next!));
}

function foldChar(char: string): string {
  const code = char.charCodeAt(0);
  // Plain ASCII is most text: it needs only its case folded.
  if (code < 0x80) return code >= 65 && code <= 90 ? String.fromCharCode(code + 32) : char;
  let folded = char.normalize('NFKC').toLowerCase();
  if (folded.length === 1 || /^[\u30a1-\u30f6][\u3099\u309a]?$/u.test(folded)) {
    const first = folded.charCodeAt(0);
    if (first >= KATAKANA_FIRST && first <= KATAKANA_LAST) folded = String.fromCharCode(first - KANA_SHIFT) + folded.slice(1);
  }
  return folded;
}

interface Piece {
  text: string;
  from: number;
  to: number;
  separator: boolean;
}

function pieces(original: string): Piece[] {
  const out: Piece[] = [];
  let index = 0;
  for (const char of original) {
    const from = index;
    index += char.length;
    if (ZERO_WIDTH.test(char)) continue;
    const folded = foldChar(char);
    const last = out[out.length - 1];
    // A half-width voiced mark (ｶﾞ) joins the kana before it, as a full-width one would be written.
    if (last && COMBINING_VOICED.test(folded.charAt(0)) && !last.separator) {
      last.text = (last.text + folded).normalize('NFC');
      last.to = index;
      continue;
    }
    out.push({ text: folded.normalize('NFC'), from, to: index, separator: SEPARATOR.test(folded) });
  }
  return out;
}

/**
 * Runs of single letters between separators ("s.p.a.m", "f u c k") close up, as do separators
 * between two characters of a script without spaces ("傻 逼"): nobody writes them so but to get past
 * a filter. A run of letters needs three, so that ordinary "a b" prose keeps its spaces.
 */
function closeUp(list: Piece[]): Piece[] {
  const drop = new Set<number>();
  const standalone = (index: number) =>
    isSpacedWordChar(list[index]?.text) && !isSpacedWordChar(list[index - 1]?.text) && !isSpacedWordChar(list[index + 1]?.text);
  // The next character after separators (one to three of them), or -1.
  const across = (index: number) => {
    let k = index + 1;
    while (k < list.length && k - index <= 3 && list[k]!.separator) k++;
    return k > index + 1 && k < list.length && !list[k]!.separator ? k : -1;
  };
  for (let i = 0; i < list.length; i++) {
    if (isUnspaced(list[i]!.text)) {
      const k = across(i);
      if (k >= 0 && isUnspaced(list[k]!.text)) for (let s = i + 1; s < k; s++) drop.add(s);
      continue;
    }
    if (!standalone(i)) continue;
    const chain = [i];
    for (let k = across(i); k >= 0 && standalone(k); k = across(k)) chain.push(k);
    if (chain.length < 3) continue;
    for (let s = chain[0]!; s < chain[chain.length - 1]!; s++) if (list[s]!.separator) drop.add(s);
    i = chain[chain.length - 1]!;
  }
  return list.filter((_, index) => !drop.has(index));
}

export function normalise(original: string): Normalised {
  const from: number[] = [];
  const to: number[] = [];
  let text = '';
  for (const piece of closeUp(pieces(original))) {
    text += piece.text;
    for (let u = 0; u < piece.text.length; u++) {
      from.push(piece.from);
      to.push(piece.to);
    }
  }
  return { text, from, to };
}
