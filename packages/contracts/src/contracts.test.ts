import { describe, expect, it } from 'vitest';
import { errorMessages } from './error-messages/index.ts';
import { errorCatalogue, errorKeys } from './errors.ts';
import { hostTagFromLang, langFromHostTag, languages, parseLanguage } from './languages.ts';

describe('languages', () => {
  it('maps host tags as the spec says, anything else to Chinese', () => {
    expect(langFromHostTag('en_US')).toBe('en');
    expect(langFromHostTag('ja_JP')).toBe('jp');
    expect(langFromHostTag('Ko_KR')).toBe('ko');
    expect(langFromHostTag('zh_CN')).toBe('cn');
    expect(langFromHostTag('fr_FR')).toBe('cn');
    expect(langFromHostTag(undefined)).toBe('cn');
  });

  it('round-trips every language through its host tag', () => {
    for (const lang of languages) expect(langFromHostTag(hostTagFromLang(lang))).toBe(lang);
  });

  it.each([
    ['cn', 'cn'],
    ['jp', 'jp'],
    ['ko', 'ko'],
    ['en', 'en'],
    ['zh-CN', 'cn'],
    ['zh_CN', 'cn'],
    ['ja', 'jp'],
    ['ja-JP', 'jp'],
    ['Ko_KR', 'ko'],
    ['fr-FR, ja;q=0.8, en;q=0.9', 'en'],
    ['de', null],
    ['', null],
    [undefined, null],
  ])('reads Accept-Language %s as %s', (header, expected) => {
    expect(parseLanguage(header)).toBe(expected);
  });
});

describe('error catalogue', () => {
  it('has unique codes', () => {
    const codes = errorKeys.map((key) => errorCatalogue[key].code);
    expect(new Set(codes).size).toBe(codes.length);
  });

  it('has a message in all four languages for every code', () => {
    for (const key of errorKeys) {
      for (const lang of languages) expect(errorMessages[key][lang], `${key}/${lang}`).toMatch(/\S/);
    }
  });

  it('uses honest HTTP statuses for server errors', () => {
    for (const key of errorKeys) {
      const { code, status } = errorCatalogue[key];
      if (code > 0) expect(Math.floor(code / 100)).toBe(status);
    }
  });
});
