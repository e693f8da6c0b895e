import { describe, expect, it } from 'vitest';
import { Automaton } from './automaton.ts';

const found = (patterns: string[], text: string) => {
  const out: string[] = [];
  new Automaton(patterns.map((pattern) => ({ pattern, data: pattern }))).scan(text, (start, end, data) => {
    expect(text.slice(start, end)).toBe(data);
    out.push(`${data}@${start}`);
  });
  return out.sort();
};

describe('the automaton', () => {
  it('finds every occurrence, overlapping ones and patterns inside others included', () => {
    expect(found(['he', 'she', 'his', 'hers'], 'ushers')).toEqual(['he@2', 'hers@2', 'she@1']);
    expect(found(['a', 'aa', 'aaa'], 'aaaa')).toEqual(['a@0', 'a@1', 'a@2', 'a@3', 'aa@0', 'aa@1', 'aa@2', 'aaa@0', 'aaa@1']);
    expect(found(['傻逼', '逼'], '你傻逼吗傻')).toEqual(['傻逼@1', '逼@2']);
  });

  it('agrees with a plain search on random texts', () => {
    let seed = 7;
    const random = (n: number) => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) % n);
    const word = (length: number) => Array.from({ length }, () => 'abc是'[random(4)]).join('');
    const patterns = [...new Set(Array.from({ length: 30 }, () => word(1 + random(4))))];
    for (let round = 0; round < 50; round++) {
      const text = word(40);
      const expected = patterns.flatMap((p) => [...text.matchAll(new RegExp(`(?=${p})`, 'g'))].map((m) => `${p}@${m.index}`)).sort();
      expect(found(patterns, text)).toEqual(expected);
    }
  });

  it('finds nothing with no patterns', () => {
    expect(found([], 'anything')).toEqual([]);
  });
});
