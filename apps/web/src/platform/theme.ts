/**
 * Light or dark. By default the page follows the system (`prefers-color-scheme`); a host that
 * has its own theme switch forces one with `setTheme`. `data-theme` on <html> says the choice
 * (`basic` while the page follows the system, as it does from startup on); this module alone writes
 * these attributes; the CSS and antd-mobile read
 * `data-prefers-color-scheme`, and the status bar colour (`<meta name="theme-color">`) follows
 * whichever applies.
 */
export type ThemeChoice = 'light' | 'dark' | 'system';
export type Theme = 'light' | 'dark';

/** The page background of each theme (ui/global.css `--ph-surface`): the status bar matches the header. */
export const statusBarColours: Record<Theme, string> = { light: '#ffffff', dark: '#1a1d23' };

let choice: ThemeChoice = 'system';
let systemDark: MediaQueryList | undefined;

/** The theme a choice comes to, given whether the system asks for dark. */
export function resolveTheme(value: ThemeChoice, prefersDark: boolean): Theme {
  if (value === 'system') return prefersDark ? 'dark' : 'light';
  return value;
}

export function currentTheme(): Theme {
  return resolveTheme(choice, systemDark?.matches ?? false);
}

/**
 * Writes only what changed. Chromium recomputes the style of the whole page when an attribute its
 * CSS reads on <html> is written, even with the value it had: the host's answer re-applying the
 * same theme after the takeover cost a task of about 100 ms on the phone bench/web.ts simulates.
 */
function apply() {
  const root = document.documentElement;
  const mark = choice === 'system' ? 'basic' : choice;
  if (root.dataset.theme !== mark) root.dataset.theme = mark;
  const theme = currentTheme();
  if (root.dataset.prefersColorScheme !== theme) root.dataset.prefersColorScheme = theme;
  // index.html carries one per system theme for the moment before this runs; a forced theme needs one for all.
  let meta = document.querySelector<HTMLMetaElement>('meta[name="theme-color"]:not([media])');
  if (!meta) {
    for (const old of document.querySelectorAll('meta[name="theme-color"]')) old.remove();
    meta = document.createElement('meta');
    meta.name = 'theme-color';
    document.head.append(meta);
  }
  if (meta.content !== statusBarColours[theme]) meta.content = statusBarColours[theme];
}

const choiceListeners = new Set<() => void>();

/** The host's choice: a forced theme, or the system's. */
export const themeChoice = () => choice;

/** Calls `listener` each time the host's choice changes; answers the unsubscribe. */
export function onThemeChoice(listener: () => void) {
  choiceListeners.add(listener);
  return () => void choiceListeners.delete(listener);
}

/** Forces a theme, or gives the choice back to the system with 'system'. Unknown values mean 'system'. */
export function setTheme(value: ThemeChoice) {
  const previous = choice;
  choice = value === 'light' || value === 'dark' ? value : 'system';
  if (choice !== previous) for (const listener of choiceListeners) listener();
  apply();
}

/** Called once at start: applies the system's theme and follows its changes while nothing is forced. */
export function initTheme() {
  systemDark = window.matchMedia?.('(prefers-color-scheme: dark)');
  systemDark?.addEventListener('change', apply);
  apply();
}
