/**
 * Search documents and queries for posts, in every language the community writes.
 *
 * Chinese and Japanese have no spaces and Korean glues particles onto words, so a word list does
 * not work for them; pg_trgm cannot index the common two-character words ('手柄'). Every run of
 * CJK, kana or Hangul is indexed as overlapping bigrams, and a query run becomes a phrase of
 * bigrams (`'手柄' <-> '柄的'`), which matches exactly where the run appears as a substring. Other
 * scripts are split into lowercased words. We write tsvector and tsquery literals ourselves,
 * because to_tsvector's parser treats CJK according to the database locale, which differs
 * between PGlite and a production cluster.
 */

/** Lexemes longer than this are cut: PostgreSQL refuses lexemes over 2047 bytes. */
const MAX_WORD = 64;
/** tsvector positions stop at 16383 (PostgreSQL clamps larger ones). */
const MAX_POSITION = 16383;
/** PostgreSQL keeps at most 256 positions per lexeme. */
const MAX_POSITIONS_PER_LEXEME = 256;
/** A search box query never needs more; it bounds the work of one query. */
const MAX_QUERY_TERMS = 32;

const cjk = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}\u30fc\u3005\u3006]/u;
const wordChar = /[\p{L}\p{N}\p{M}]/u;

export interface Run {
  kind: 'word' | 'cjk';
  /** Code points of the run, normalised and lowercased. */
  chars: string[];
}

/**
 * Splits text into runs of CJK characters and runs of other letters and digits. NFKC first, so
 * full-width Latin ('ＰＳ５') and half-width katakana ('ｺﾝﾄﾛｰﾗｰ') meet their usual forms.
 */
export function runs(text: string): Run[] {
  const out: Run[] = [];
  let current: Run | undefined;
  for (const ch of text.normalize('NFKC').toLowerCase()) {
    const kind = kindOf(ch);
    if (!kind) {
      current = undefined;
      continue;
    }
    if (current?.kind !== kind) {
      current = { kind, chars: [] };
      out.push(current);
    }
    current.chars.push(ch);
  }
  return out;
}

/** What a character (one code point, normalised and lowercased) is to a run: CJK, part of a word, or neither (it ends a run). */
export function kindOf(ch: string): Run['kind'] | undefined {
  return cjk.test(ch) ? 'cjk' : wordChar.test(ch) ? 'word' : undefined;
}

/** The lexemes of one run, in order: a word, or the bigrams of a CJK run and its last character. */
function lexemesOfRun(run: Run): string[] {
  if (run.kind === 'word') return [run.chars.slice(0, MAX_WORD).join('')];
  const grams: string[] = [];
  for (let i = 0; i + 1 < run.chars.length; i++) grams.push(run.chars[i]! + run.chars[i + 1]!);
  // The trailing unigram makes every character the start of some lexeme, so a one-character
  // query (a prefix match) finds it wherever it stands, even at the end of a run.
  grams.push(run.chars[run.chars.length - 1]!);
  return grams;
}

/** Quotes a lexeme for tsvector/tsquery input: the lexeme syntax escapes quotes and backslashes. */
export function quoteLexeme(lexeme: string): string {
  return `'${lexeme.replaceAll('\\', '\\\\').replaceAll("'", "''")}'`;
}

/** The search document of a text as a tsvector literal with positions; cast it with `::tsvector`. */
export function searchDocument(text: string): string {
  const positions = new Map<string, number[]>();
  let position = 0;
  for (const run of runs(text)) {
    for (const lexeme of lexemesOfRun(run)) {
      position = Math.min(position + 1, MAX_POSITION);
      const list = positions.get(lexeme);
      if (!list) positions.set(lexeme, [position]);
      else if (list.length < MAX_POSITIONS_PER_LEXEME && list[list.length - 1] !== position) list.push(position);
    }
  }
  return [...positions].map(([lexeme, list]) => `${quoteLexeme(lexeme)}:${list.join(',')}`).join(' ');
}

/**
 * The tsquery terms of what a person typed, one a run: words, a CJK run as a phrase of its
 * bigrams; the last word is a prefix (the person may still be typing it), and so is a single CJK
 * character.
 */
function queryTerms(text: string): string[] {
  const found = runs(text).slice(0, MAX_QUERY_TERMS);
  let lastWord = -1;
  found.forEach((run, index) => {
    if (run.kind === 'word') lastWord = index;
  });
  return found.map((run, index) => {
    if (run.kind === 'word') return quoteLexeme(run.chars.slice(0, MAX_WORD).join('')) + (index === lastWord ? ':*' : '');
    if (run.chars.length === 1) return `${quoteLexeme(run.chars[0]!)}:*`;
    const grams = lexemesOfRun(run).slice(0, -1).map(quoteLexeme);
    return grams.length === 1 ? grams[0]! : `(${grams.join(' <-> ')})`;
  });
}

/** The tsquery literal of what a person typed (every term, ANDed), or null when it holds nothing searchable. */
export function searchQuery(text: string): string | null {
  const terms = queryTerms(text);
  return terms.length > 0 ? terms.join(' & ') : null;
}

/**
 * The terms of a query literal from `searchQuery`, each as a tsquery of its own (a word, a prefix,
 * a phrase of bigrams). A lexeme holds letters, digits and CJK only, so ' & ' parts terms alone.
 */
export function searchTerms(query: string): string[] {
  return query.split(' & ');
}

/** Posts with some of the terms (ORed): the partial matches a search by relevance ranks after the full ones. Null for one term. */
export function anyTermQuery(text: string): string | null {
  const terms = queryTerms(text);
  return terms.length > 1 ? terms.join(' | ') : null;
}

/**
 * The lexemes of a query literal from `searchQuery`, split into those matched whole and those
 * matched as a prefix (`:*`); the inverse of quoteLexeme. Statistics are looked up by lexeme.
 */
export function queryLexemes(query: string): { exact: string[]; prefix: string[] } {
  const exact: string[] = [];
  const prefix: string[] = [];
  for (const [, quoted, star] of query.matchAll(/'((?:[^'\\]|''|\\.)*)'(:\*)?/g)) {
    const lexeme = quoted!.replace(/''|\\(.)/g, (escape, ch: string | undefined) => ch ?? "'");
    (star ? prefix : exact).push(lexeme);
  }
  return { exact, prefix };
}
