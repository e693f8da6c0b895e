const CJK = String.raw`\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}\u30fc\u3005\u3006`;
/** A run of CJK characters, or a word of other letters and digits: the server's search terms (search-text.ts). */
const TERM = new RegExp(String.raw`[${CJK}]+|(?:(?![${CJK}])[\p{L}\p{N}\p{M}])+`, 'gu');

export interface Part {
  text: string;
  hit: boolean;
}

/**
 * Splits a post's text into the parts a search for `query` matched and the rest, to mark the
 * matches in results. Mirrors the server's matching closely enough to show why a post was found:
 * a CJK run where it appears as written, a word where a word starts with it, ignoring case.
 */
export function highlightParts(text: string, query: string): Part[] {
  const terms = [...new Set(query.normalize('NFKC').match(TERM) ?? [])].sort((a, b) => b.length - a.length);
  if (terms.length === 0) return [{ text, hit: false }];
  const alternatives = terms.map((term) => {
    const escaped = term.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    return new RegExp(`^[${CJK}]`, 'u').test(term) ? escaped : String.raw`(?<![\p{L}\p{N}\p{M}])${escaped}`;
  });
  const pattern = new RegExp(alternatives.join('|'), 'giu');
  const parts: Part[] = [];
  let last = 0;
  for (const match of text.matchAll(pattern)) {
    if (match[0].length === 0) continue;
    if (match.index > last) parts.push({ text: text.slice(last, match.index), hit: false });
    parts.push({ text: match[0], hit: true });
    last = match.index + match[0].length;
  }
  if (last < text.length) parts.push({ text: text.slice(last), hit: false });
  return parts;
}
