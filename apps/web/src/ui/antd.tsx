import { lazy } from 'react';
import type { Lang } from '@padhub/contracts';
import i18next from 'i18next';

/**
 * antd-mobile's overlays (the popup under ui/sheet.tsx, dialog, toast, image viewer) animate with react-spring and
 * weigh ~30 KB gzip: they load when first used, not with the first page. Their built-in texts
 * follow the app language.
 */
async function loadAntd() {
  const [{ Dialog, Popup, Toast, setDefaultConfig }, locale, { renderOverlaysWithCreateRoot }] = await Promise.all([
    import('./antd-parts.ts'),
    localeOf(i18next.language as Lang),
    import('./antd-render.ts'),
  ]);
  // Before the first overlay shows: antd-mobile's own render does not work with React 19.
  renderOverlaysWithCreateRoot();
  setDefaultConfig({ locale });
  return { Dialog, Popup, Toast, setDefaultConfig };
}

function localeOf(lang: Lang) {
  const load = {
    cn: () => import('antd-mobile/es/locales/zh-CN'),
    en: () => import('antd-mobile/es/locales/en-US'),
    jp: () => import('antd-mobile/es/locales/ja-JP'),
    ko: () => import('antd-mobile/es/locales/ko-KR'),
  }[lang];
  return load().then((m) => m.default);
}

let loaded: ReturnType<typeof loadAntd> | undefined;
function antd() {
  loaded ??= loadAntd();
  return loaded;
}

// The built-in texts follow the interface language; i18next is the one that knows it.
i18next.on('languageChanged', (lang) => {
  if (loaded) void localeOf(lang as Lang).then((locale) => loaded?.then((a) => a.setDefaultConfig({ locale })));
});

export async function toast(content: string) {
  (await antd()).Toast.show({ content, position: 'center' });
}

/** Asks to confirm; answers true when the person confirmed. */
export async function confirm(content: string, labels: { confirm: string; cancel: string }) {
  return (await antd()).Dialog.confirm({ content, confirmText: labels.confirm, cancelText: labels.cancel });
}

export const Popup = lazy(async () => ({ default: (await antd()).Popup }));
