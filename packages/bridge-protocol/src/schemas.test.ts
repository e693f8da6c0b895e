import { describe, expect, it } from 'vitest';
import { langFromHostTag } from './languages.ts';
import { anyEventSchema, errorMessageSchema, methodSchemas, requestSchema, resultMessageSchema } from './schemas.ts';

describe('message schemas', () => {
  it('accept the messages of docs/bridge.md and ignore unknown fields', () => {
    expect(requestSchema('getUserInfo').safeParse({ padhub: 1, id: 'k3x9-1', method: 'getUserInfo', params: {} }).success).toBe(true);
    expect(resultMessageSchema('getUserInfo').safeParse({ padhub: 1, id: 'k3x9-1', result: { token: 'abc', state: 0, later: true } }).success).toBe(true);
    expect(errorMessageSchema.safeParse({ padhub: 1, id: 'k3x9-2', error: { code: 'cancelled' } }).success).toBe(true);
    expect(anyEventSchema.safeParse({ padhub: 1, event: 'languageChanged', data: { tag: 'zh_Hant_TW' } }).success).toBe(true);
  });

  it('refuse the loose shapes hosts were found to send', () => {
    expect(methodSchemas.getStatusBarHeight.result.safeParse({ height: '44' }).success).toBe(false);
    expect(methodSchemas.getOrganization.result.safeParse({ id: 7 }).success).toBe(false);
    expect(methodSchemas.hello.result.safeParse({ version: 1, host: 'old' }).success).toBe(false);
    expect(methodSchemas.getUserInfo.result.safeParse({ state: 0 }).success).toBe(false);
    expect(errorMessageSchema.safeParse({ padhub: 1, id: 'x', error: { code: 'nope' } }).success).toBe(false);
  });
});

describe('langFromHostTag', () => {
  it('reads the forms phones send', () => {
    const table: [string, string][] = [
      ['zh_CN', 'cn'],
      ['zh-Hant-TW', 'cn'],
      ['zh_Hant_TW', 'cn'],
      ['en_US', 'en'],
      ['en_GB', 'en'],
      ['EN', 'en'],
      ['ja_JP', 'jp'],
      ['ja', 'jp'],
      ['Ko_KR', 'ko'],
      ['ko_KR', 'ko'],
      ['ko-kr', 'ko'],
      ['fr_FR', 'cn'],
      ['', 'cn'],
    ];
    for (const [tag, lang] of table) expect([tag, langFromHostTag(tag)]).toEqual([tag, lang]);
    expect(langFromHostTag(null)).toBe('cn');
    expect(langFromHostTag(42)).toBe('cn');
  });
});
