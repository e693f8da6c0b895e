import { describe, expect, it } from 'vitest';
import { random } from '#server/seed/community/bulk.ts';
import { rankByRelevance } from './search-rank.ts';
import { type Run, runs } from './search-text.ts';

// The ranking reads each candidate's text once, without splitting it into runs (docs/search.md,
// "Ranking in Node"). The reference below splits every text into runs, as the ranking did before;
// both must put any candidates in the same order. (The one rule made explicit since: the phrase
// counts only in a post holding every term, which a phrase of the query implies.)
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

function holds(text: { kind: Run['kind']; text: string }[], term: Term): boolean {
  return text.some((run) => {
    if (run.kind !== term.kind) return false;
    if (term.kind === 'cjk') return run.text.includes(term.text);
    return term.prefix ? run.text.startsWith(term.text) : run.text === term.text;
  });
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

function score(post: { id: string; content: string }, terms: Term[], phrase: string | null): Score {
  const body = flat(post.content);
  const firstLine = post.content.split('\n', 1)[0]!.slice(0, HEAD);
  const head = flat(firstLine);
  return {
    terms: terms.filter((term) => holds(body, term)).length,
    phrase: phrase !== null && terms.every((term) => holds(body, term)) && ` ${joined(body)}`.includes(phrase),
    head: terms.filter((term) => holds(head, term)).length,
    id: BigInt(post.id),
  };
}

const byScore = (a: Score, b: Score) =>
  b.terms - a.terms || Number(b.phrase) - Number(a.phrase) || b.head - a.head || (b.id > a.id ? 1 : b.id < a.id ? -1 : 0);

/** The candidates in best-match order. */
function referenceRank<T extends { id: string; content: string }>(query: string, candidates: T[]): T[] {
  const terms = termsOf(query);
  // Joined alike on both sides; a leading word must start a word of the post.
  const phrase = terms.length > 1 ? `${terms[0]!.kind === 'word' ? ' ' : ''}${joined(terms)}` : null;
  const scored = candidates.map((post) => ({ post, score: score(post, terms, phrase) }));
  return scored.sort((a, b) => byScore(a.score, b.score)).map((entry) => entry.post);
}

// Pieces of four scripts, full-width and half-width forms, a character outside the BMP (Han),
// an emoji (neither a word nor CJK), marks, digits and the punctuation between them.
const pieces = ['手柄', '宏', '摇杆', '漂移', '柄宏', 'マクロ', 'ｺﾝﾄﾛｰﾗｰ', 'ボタン', '매크로', '버튼을', 'stick', 'Stick', 'sticky', 'drift', 'ＰＳ５', 'ps5', 'macro', 'é', 'cafe\u0301', '𠀀', '𠀀手', '𐐨', '𐐨x', '🎮', '12', 'x', ' ', ' ', '  ', '，', '。', '-', '\n', '!', "'"];
const text = (next: () => number, n: number) => Array.from({ length: n }, () => pieces[Math.floor(next() * pieces.length)]).join('');

describe('the ranking read without runs orders candidates as the ranking by runs', () => {
  for (let seed = 1; seed <= 40; seed++) {
    it(`seed ${seed}`, () => {
      // The seed's own generator (mulberry32), so a failure names a seed that repeats it.
      const { next } = random(seed);
      const candidates = Array.from({ length: 60 }, (_, i) => ({ id: String(i + 1), content: text(next, 1 + Math.floor(next() * 30)) }));
      for (let q = 0; q < 10; q++) {
        // Queries from the candidates' own text as often as not, so every rule is met somewhere.
        const query = next() < 0.5 ? candidates[Math.floor(next() * candidates.length)]!.content.slice(0, 1 + Math.floor(next() * 12)) : text(next, 1 + Math.floor(next() * 4));
        if (runs(query).length === 0) continue;
        expect(rankByRelevance(query, candidates).map((c) => c.id), JSON.stringify(query)).toEqual(referenceRank(query, candidates).map((c) => c.id));
      }
    });
  }
});
