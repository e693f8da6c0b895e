import { type Run, kindOf, runs } from './search-text.ts';

/**
 * Best match first, on a bounded set of candidates (docs/search.md, "Best match"): posts with every
 * word of the query ahead of posts with some, the query as written (its words together, in order)
 * ahead of the words scattered, a match in the first line ahead of one deep in the text, and
 * ties newest first. The candidates are the newest matches the search found (SearchRepo), never
 * every match, so the cost of ranking is that of reading them: a few hundred texts, not a million.
 */

/** The start of a post that counts as its first line (a post has no title): up to its first line break, at most this many characters. */
const HEAD = 80;
const MAX_TERMS = 32;

interface Term {
  kind: Run['kind'];
  text: string;
  /** The last word: the person may still be typing it (search-text.ts). */
  prefix: boolean;
}

/** The query's terms as the search matches them: a word (the last a prefix), a CJK run as a substring of a run. */
function termsOf(query: string): Term[] {
  const found = runs(query).slice(0, MAX_TERMS);
  const lastWord = found.findLastIndex((run) => run.kind === 'word');
  return found.map((run, index) => ({ kind: run.kind, text: run.chars.join(''), prefix: index === lastWord }));
}

/** Whether the character before `at` in `text` is part of a word (a code point: the two halves of a pair are read as one). */
function wordBefore(text: string, at: number): boolean {
  if (at === 0) return false;
  const low = text.charCodeAt(at - 1);
  const start = low >= 0xdc00 && low <= 0xdfff && at >= 2 ? at - 2 : at - 1;
  return kindOf(String.fromCodePoint(text.codePointAt(start)!)) === 'word';
}

/** Whether the character at `at` in `text` is part of a word. */
function wordAt(text: string, at: number): boolean {
  return at < text.length && kindOf(String.fromCodePoint(text.codePointAt(at)!)) === 'word';
}

/**
 * Whether a text (normalised and lowercased as `runs` reads it) holds the term as the search
 * matches it, without splitting the text into runs: a CJK term's characters are all CJK, so
 * wherever it stands it stands inside a CJK run; a word must start a word of the text and, unless
 * it is the prefix, end one. A few hundred candidates a search, each read once this way rather
 * than character by character (docs/search.md, "Ranking in Node").
 */
function holds(text: string, term: Term): boolean {
  if (term.kind === 'cjk') return text.includes(term.text);
  for (let at = text.indexOf(term.text); at >= 0; at = text.indexOf(term.text, at + 1)) {
    if (!wordBefore(text, at) && (term.prefix || !wordAt(text, at + term.text.length))) return true;
  }
  return false;
}

const flat = (text: string) => runs(text).map((run) => ({ kind: run.kind, text: run.chars.join('') }));

/** Runs as one string: words apart, CJK runs together (a space between two CJK words is not part of a phrase). */
function joined(list: { kind: Run['kind']; text: string }[]): string {
  return list.map((run, i) => (i > 0 && (run.kind === 'word' || list[i - 1]!.kind === 'word') ? ` ${run.text}` : run.text)).join('');
}

interface Score {
  /** How many of the query's terms the post holds. */
  terms: number;
  /** The whole query stands in the post as written (only for two or more terms). */
  phrase: boolean;
  /** How many of the query's terms its first line holds. */
  head: number;
  id: bigint;
}

const normalised = (text: string) => text.normalize('NFKC').toLowerCase();

function score(post: { id: string; content: string }, terms: Term[], phrase: string | null): Score {
  const body = normalised(post.content);
  const head = normalised(post.content.split('\n', 1)[0]!.slice(0, HEAD));
  const held = terms.filter((term) => holds(body, term)).length;
  return {
    terms: held,
    // The phrase holds every term: only then are the post's runs joined to look for it.
    phrase: phrase !== null && held === terms.length && ` ${joined(flat(post.content))}`.includes(phrase),
    head: terms.filter((term) => holds(head, term)).length,
    id: BigInt(post.id),
  };
}

const byScore = (a: Score, b: Score) =>
  b.terms - a.terms || Number(b.phrase) - Number(a.phrase) || b.head - a.head || (b.id > a.id ? 1 : b.id < a.id ? -1 : 0);

/** The candidates in best-match order. */
export function rankByRelevance<T extends { id: string; content: string }>(query: string, candidates: T[]): T[] {
  const terms = termsOf(query);
  // Joined alike on both sides; a leading word must start a word of the post.
  const phrase = terms.length > 1 ? `${terms[0]!.kind === 'word' ? ' ' : ''}${joined(terms)}` : null;
  const scored = candidates.map((post) => ({ post, score: score(post, terms, phrase) }));
  return scored.sort((a, b) => byScore(a.score, b.score)).map((entry) => entry.post);
}
