import { afterEach, describe, expect, it } from 'vitest';
import { currentTheme, initTheme, resolveTheme, setTheme, statusBarColours } from './theme.ts';

describe('theme', () => {
  afterEach(() => setTheme('system'));

  it('follows the system unless a theme is forced', () => {
    expect(resolveTheme('system', true)).toBe('dark');
    expect(resolveTheme('system', false)).toBe('light');
    expect(resolveTheme('light', true)).toBe('light');
    expect(resolveTheme('dark', false)).toBe('dark');
  });

  it('marks <html> for the CSS and antd-mobile, and colours the status bar', () => {
    initTheme();
    setTheme('dark');
    const root = document.documentElement;
    expect(root.dataset.theme).toBe('dark');
    expect(root.dataset.prefersColorScheme).toBe('dark');
    expect(document.querySelector<HTMLMetaElement>('meta[name="theme-color"]')?.content).toBe(statusBarColours.dark);
    setTheme('system');
    expect(root.dataset.theme).toBe('basic');
    expect(root.dataset.prefersColorScheme).toBe(currentTheme());
  });

  it('writes nothing on <html> when the theme it applies is the one already there', async () => {
    initTheme();
    setTheme('dark');
    const written: string[] = [];
    const observer = new MutationObserver((records) => written.push(...records.map((r) => r.attributeName ?? r.type)));
    observer.observe(document.documentElement, { attributes: true });
    observer.observe(document.head, { attributes: true, subtree: true });
    setTheme('dark');
    await Promise.resolve();
    observer.disconnect();
    // A write of the same value still restyles the whole page in Chromium.
    expect(written).toEqual([]);
  });

  it('treats an unknown value as the system', () => {
    setTheme('blue' as 'light');
    expect(document.documentElement.dataset.theme).toBe('basic');
  });
});
