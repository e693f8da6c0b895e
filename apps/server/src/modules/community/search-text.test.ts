import { describe, expect, it } from 'vitest';
import { queryLexemes, quoteLexeme, runs, searchDocument, searchQuery } from './search-text.ts';

describe('runs', () => {
  it('separates CJK runs from words, lowercased and NFKC-normalised', () => {
    expect(runs('ＰＳ５手柄, Macro-Pro ｺﾝﾄﾛｰﾗｰ 컨트롤러를').map((r) => [r.kind, r.chars.join('')])).toEqual([
      ['word', 'ps5'],
      ['cjk', '手柄'],
      ['word', 'macro'],
      ['word', 'pro'],
      ['cjk', 'コントローラー'],
      ['cjk', '컨트롤러를'],
    ]);
  });

  it('keeps accented and other alphabetic words whole', () => {
    expect(runs('Café Übung').map((r) => r.chars.join(''))).toEqual(['café', 'übung']);
  });
});

describe('searchDocument', () => {
  it('indexes a CJK run as overlapping bigrams with positions, and its last character', () => {
    expect(searchDocument('这个手柄')).toBe("'这个':1 '个手':2 '手柄':3 '柄':4");
  });

  it('lowercases words and gathers the positions of repeated lexemes', () => {
    expect(searchDocument('Macro macro MACRO')).toBe("'macro':1,2,3");
  });

  it('numbers positions across words and runs in order', () => {
    expect(searchDocument('Pro 2 的宏')).toBe("'pro':1 '2':2 '的宏':3 '宏':4");
  });

  it('indexes a single CJK character as itself', () => {
    expect(searchDocument('宏')).toBe("'宏':1");
  });

  it('answers an empty document for text with nothing to index', () => {
    expect(searchDocument('!!! ... ???')).toBe('');
  });

  it('cuts very long words so PostgreSQL accepts them', () => {
    const doc = searchDocument('a'.repeat(5000));
    expect(doc).toBe(`'${'a'.repeat(64)}':1`);
  });

  it('clamps positions at the largest PostgreSQL keeps', () => {
    const doc = searchDocument(Array.from({ length: 17_000 }, (_, i) => `w${i}`).join(' '));
    expect(doc).toContain("'w16999':16383");
  });
});

describe('searchQuery', () => {
  it('makes a two-character word one bigram', () => {
    expect(searchQuery('手柄')).toBe("'手柄'");
  });

  it('makes longer CJK runs a phrase of bigrams', () => {
    expect(searchQuery('コントローラー')).toBe("('コン' <-> 'ント' <-> 'トロ' <-> 'ロー' <-> 'ーラ' <-> 'ラー')");
    expect(searchQuery('컨트롤러')).toBe("('컨트' <-> '트롤' <-> '롤러')");
  });

  it('ANDs words and makes the last word a prefix', () => {
    expect(searchQuery('Elite macro')).toBe("'elite' & 'macro':*");
    expect(searchQuery('macro 手柄')).toBe("'macro':* & '手柄'");
  });

  it('makes a single CJK character a prefix, matching it at any place', () => {
    expect(searchQuery('宏')).toBe("'宏':*");
  });

  it('answers null when nothing is searchable', () => {
    expect(searchQuery('  !?  ')).toBeNull();
  });

  it('searches full-width and half-width forms as their usual forms', () => {
    expect(searchQuery('ＭＡＣＲＯ')).toBe("'macro':*");
    expect(searchQuery('ｺﾝﾄ')).toBe("('コン' <-> 'ント')");
  });
});

describe('quoteLexeme', () => {
  it('escapes quotes and backslashes', () => {
    expect(quoteLexeme("it's")).toBe("'it''s'");
    expect(quoteLexeme('a\\b')).toBe("'a\\\\b'");
  });
});

describe('queryLexemes', () => {
  it('gives back the lexemes of a query, whole or as a prefix, quotes and backslashes unescaped', () => {
    expect(queryLexemes(searchQuery('PS5 摇杆 マクロ')!)).toEqual({ exact: ['摇杆', 'マク', 'クロ'], prefix: ['ps5'] });
    // search-text keeps only letters and digits, yet the literal's syntax allows quotes and backslashes.
    expect(queryLexemes(`${quoteLexeme("it's")} & ${quoteLexeme('a\\b')}:* & ${quoteLexeme('宏')}:*`)).toEqual({ exact: ["it's"], prefix: ['a\\b', '宏'] });
  });
});
