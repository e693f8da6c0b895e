import { describe, expect, it } from 'vitest';
import { firstLine, scriptLang } from './text-lang.ts';

describe('scriptLang', () => {
  it('knows Korean by Hangul and Japanese by kana, even among Chinese characters and Latin letters', () => {
    expect(scriptLang('이 설정 정말 좋네요 LB 버튼')).toBe('ko');
    expect(scriptLang('この設定で連射がとても楽になりました')).toBe('ja');
    expect(scriptLang('背面ボタンにジャンプ')).toBe('ja');
  });

  it('leaves text whose script does not tell to the page: Chinese characters alone, Latin letters', () => {
    expect(scriptLang('这个手柄的背键很好用')).toBeUndefined();
    expect(scriptLang('Great macro, thanks!')).toBeUndefined();
    expect(scriptLang('')).toBeUndefined();
  });
});

describe('firstLine', () => {
  it('answers the first line with words, trimmed', () => {
    expect(firstLine('\n  \n  Back paddles \nsecond line')).toBe('Back paddles');
    expect(firstLine('one line')).toBe('one line');
    expect(firstLine('')).toBe('');
  });
});
