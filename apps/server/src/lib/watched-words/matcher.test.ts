import { describe, expect, it } from 'vitest';
import { type WatchedRule, WatchedWords, ruleKey } from './matcher.ts';
import { normalise } from './normalise.ts';

const rules: WatchedRule[] = [
  { id: '1', word: 'spam', action: 'block' },
  { id: '2', word: '傻逼', action: 'censor' },
  { id: '3', word: 'ガンダム', action: 'flag' },
  { id: '4', word: 'ass', action: 'censor' },
  { id: '5', word: 'scam*', action: 'require_approval' },
  { id: '6', word: '스팸', action: 'block' },
  { id: '7', word: '*coin', action: 'flag' },
  { id: '8', word: 'f*ck', action: 'censor' },
  { id: '9', word: '傻b', action: 'block' },
];
const words = new WatchedWords(rules);
const ids = (text: string) => words.screen(text).matched.map((rule) => rule.id).sort();

describe('normalising a text', () => {
  it('folds width, case, kana, zero-width characters and spaced-out letters', () => {
    expect(normalise('ＳＰＡＭ').text).toBe('spam');
    expect(normalise('sp\u200bam\u2060').text).toBe('spam');
    expect(normalise('ｶﾞﾝﾀﾞﾑ').text).toBe('がんだむ');
    expect(normalise('ガンダム').text).toBe('がんだむ');
    expect(normalise('s p a m here').text).toBe('spam here');
    expect(normalise('S.P.A.M').text).toBe('spam');
    expect(normalise('傻 逼').text).toBe('傻逼');
    // Two single letters are prose, not a word spaced out.
    expect(normalise('a b').text).toBe('a b');
    expect(normalise('class ass').text).toBe('class ass');
  });

  it('remembers where each character came from', () => {
    const { text, from, to } = normalise('x ＳＰ');
    expect(text).toBe('x sp');
    expect([from[2], to[3]]).toEqual([2, 4]);
  });
});

describe('matching watched words', () => {
  it('finds a word however it is written', () => {
    for (const text of ['no spam please', 'ＳＰＡＭ!', 'sp\u200bam', 's p a m', 'S-P-A-M']) expect(ids(text), text).toEqual(['1']);
    expect(ids('ｶﾞﾝﾀﾞﾑ好き')).toEqual(['3']);
    expect(ids('がんだむ')).toEqual(['3']);
  });

  it('matches whole words in scripts with spaces and substrings in those without', () => {
    expect(ids('spammer')).toEqual([]);
    expect(ids('class')).toEqual([]);
    expect(ids('你是傻逼吗')).toEqual(['2']);
    expect(ids('ガンダムが好き')).toEqual(['3']);
    // A Korean particle joins the word it follows; a longer word does not contain it.
    expect(ids('스팸을 보내지 마')).toEqual(['6']);
    expect(ids('대스팸')).toEqual([]);
  });

  it('lets a word run on at a wildcard', () => {
    expect(ids('scammers')).toEqual(['5']);
    expect(ids('ＳＣＡＭ')).toEqual(['5']);
    expect(ids('bitcoin')).toEqual(['7']);
    expect(ids('coins')).toEqual([]);
  });

  it('lets a wildcard inside a word stand for letters of that word only', () => {
    expect(ids('what the fuck')).toEqual(['8']);
    expect(ids('FECK off')).toEqual(['8']);
    expect(ids('f ck')).toEqual([]);
    expect(ids('fuckers')).toEqual([]);
    expect(ids('fk')).toEqual([]);
    expect(words.screen('oh fuuuck!').censored).toBe('oh ■■■■■■!');
    expect(ruleKey('F*C*K')).toBe('f*c*k');
    expect(new WatchedWords([{ id: '1', word: 'f*c*k', action: 'block' }]).screen('f.u.c.k fack').matched).toHaveLength(1);
  });

  it('closes up letters spaced out across scripts, and letters drawn from another alphabet', () => {
    expect(ids('你 傻 B')).toEqual(['9']);
    expect(ids('你傻 b 吗')).toEqual(['9']);
    expect(ids('s p а m')).toEqual(['1']); // the а is Cyrillic
    expect(ids('ѕраm')).toEqual(['1']);
    // A word of Latin letters beside Chinese keeps its space: only lone letters close up.
    expect(normalise('我用 PS5 玩').text).toBe('我用 ps5 玩');
  });

  it('reads `_` as joining a name, not as a space, while s_p_a_m still closes up', () => {
    expect(ids('spam_2')).toEqual([]);
    expect(ids('my_spam')).toEqual([]);
    expect(ids('s_p_a_m')).toEqual(['1']);
    expect(ids('spam 2')).toEqual(['1']);
  });

  it('draws censored words as ■ in the original text', () => {
    expect(words.screen('you 傻 逼!').censored).toBe('you ■■■!');
    expect(words.screen('kick ASS now').censored).toBe('kick ■■■ now');
    expect(words.screen('no spam').censored).toBeUndefined();
    expect(new WatchedWords([{ id: '1', word: 'scam*', action: 'censor' }]).screen('Scammers!').censored).toBe('■■■■■■■■!');
    // Overlapping words once, one ■ a character, what lies between (a pair of UTF-16 units too) kept.
    const overlapping = new WatchedWords([
      { id: '1', word: '傻逼', action: 'censor' },
      { id: '2', word: '逼人', action: 'censor' },
    ]);
    expect(overlapping.screen('你傻逼人😀傻逼').censored).toBe('你■■■😀■■');
  });

  it('has no rule for a word that is only wildcards or spaces', () => {
    expect(ruleKey('**')).toBeNull();
    expect(ruleKey(' ')).toBeNull();
    expect(ruleKey('*Ｓｐａｍ*')).toBe('spam');
    expect(new WatchedWords([{ id: '1', word: '*', action: 'block' }]).screen('anything').matched).toEqual([]);
  });
});
