import { type Lang, languages } from './languages.ts';

/**
 * What a landing page's first render depends on beyond the data in its HTML (the island): the
 * device's choices, which the page keeps for the server in `firstScreen.frameCookie` so that the
 * server draws exactly that render (docs/first-screen.md, "Server-rendered first screen").
 */
export interface FirstRender {
  /** The interface language. */
  lang: Lang;
  /** The host's status bar, above the header. */
  statusBarHeight: number;
  /** The feed shows posts of every language ("All languages", remembered on the device). */
  allLanguages: boolean;
  /** The host's theme, when it forces one (the markup follows the system's otherwise). */
  theme: 'light' | 'dark' | 'system';
}

const themes = ['light', 'dark', 'system'] as const;

/** The cookie's value: `<lang>.<height>-<all|mine>-<theme>`, e.g. `cn.30-mine-system`. */
export function frameCookieValue({ lang, statusBarHeight, allLanguages, theme }: FirstRender): string {
  return `${lang}.${statusBarHeight}-${allLanguages ? 'all' : 'mine'}-${theme}`;
}

/**
 * The cookie read back, or null when it is not one. The first form of it, `<lang>.<height>`, was
 * written before the page kept its other choices there: they were the defaults then.
 */
export function readFrameCookie(value: string | null): FirstRender | null {
  const match = /^([a-z]{2})\.(\d{1,3}(?:\.\d+)?)(?:-(all|mine)-(light|dark|system))?$/.exec(value ?? '');
  const lang = languages.find((l) => l === match?.[1]);
  if (!match?.[2] || !lang) return null;
  return { lang, statusBarHeight: Number(match[2]), allLanguages: match[3] === 'all', theme: themes.find((t) => t === match[4]) ?? 'system' };
}

/**
 * What the server drew, in the root's `data-frame`: the choices that change the markup, and whether
 * it drew a signed-in header. The page hydrates the markup only when its own first render gives the
 * same string; otherwise it renders afresh.
 */
export function drawnFrame({ lang, statusBarHeight, allLanguages }: FirstRender, signedIn: boolean): string {
  return `${lang}.${statusBarHeight}-${allLanguages ? 'all' : 'mine'}-${signedIn ? 'in' : 'out'}`;
}
