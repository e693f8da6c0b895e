/**
 * Light or dark. By default the page follows the system (`prefers-color-scheme`); a host that
 * has its own theme switch forces one with `setTheme`. The CSS reads `data-theme` on <html>
 * (absent: follow the system; see the theme sets in ui/global.css), antd-mobile reads
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

function apply() {
  const root = document.documentElement;
  if (choice === 'system') delete root.dataset.theme;
  else root.dataset.theme = choice;
  const theme = currentTheme();
  root.dataset.prefersColorScheme = theme;
  // index.html carries one per system theme for the moment before this runs; a forced theme needs one for all.
  let meta = document.querySelector<HTMLMetaElement>('meta[name="theme-color"]:not([media])');
  if (!meta) {
    for (const old of document.querySelectorAll('meta[name="theme-color"]')) old.remove();
    meta = document.createElement('meta');
    meta.name = 'theme-color';
    document.head.append(meta);
  }
  meta.content = statusBarColours[theme];
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
