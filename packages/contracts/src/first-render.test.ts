import { describe, expect, it } from 'vitest';
import { drawnFrame, frameCookieValue, readFrameCookie } from './first-render.ts';

describe('the frame cookie', () => {
  const chosen = { lang: 'jp', statusBarHeight: 44.5, allLanguages: true, theme: 'dark' } as const;

  it('reads back what the page wrote', () => {
    expect(frameCookieValue(chosen)).toBe('jp.44.5-all-dark');
    expect(readFrameCookie(frameCookieValue(chosen))).toEqual(chosen);
  });

  it('reads its first form, written before the device’s other choices were kept, as those choices unmade', () => {
    expect(readFrameCookie('cn.30')).toEqual({ lang: 'cn', statusBarHeight: 30, allLanguages: false, theme: 'system' });
  });

  it('is none when it is not one', () => {
    for (const value of [null, '', 'xx.30', 'cn', 'cn.30-some-dark', 'cn.30-all-blue', 'cn.1234', 'cn.30-all']) expect(readFrameCookie(value)).toBeNull();
  });

  it('tells what the server drew apart by what changes the markup, the theme aside', () => {
    expect(drawnFrame(chosen, true)).toBe('jp.44.5-all-in');
    expect(drawnFrame({ ...chosen, theme: 'light' }, false)).toBe('jp.44.5-all-out');
  });
});
