import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { type ErrorKey, type Lang, errorKeys, errorMessages, htmlLangTags } from '@padhub/contracts';
import { cn } from '../locales/cn/index.ts';
import { en } from '../locales/en/index.ts';
import type { Translations } from '../locales/en/index.ts';
import { readLocal, storageKeys } from './device-storage.ts';
import { useSession } from './session.ts';

// Chinese and English are the only languages of the first paint (spec section 4), so they ship
// with the first bundle; Japanese and Korean load when the host asks for them.
const loaders: Record<Lang, () => Promise<Translations>> = {
  cn: async () => cn,
  en: async () => en,
  jp: async () => (await import('../locales/jp/index.ts')).jp,
  ko: async () => (await import('../locales/ko/index.ts')).ko,
};

function withErrors(strings: Translations, lang: Lang) {
  const errors = Object.fromEntries(errorKeys.map((key) => [key, errorMessages[key][lang]]));
  return { ...strings, errors };
}

/** Spec section 4: the first paint is Chinese only when the saved host language is zh_CN; otherwise English. */
export function initialLanguage(): Lang {
  return readLocal<string>(storageKeys.language) === 'zh_CN' ? 'cn' : 'en';
}

export function initI18n(lang: Lang) {
  void i18next.use(initReactI18next).init({
    lng: lang,
    fallbackLng: 'en',
    resources: { cn: { translation: withErrors(cn, 'cn') }, en: { translation: withErrors(en, 'en') } },
    interpolation: { escapeValue: false },
    // Resources are in memory: initialise synchronously so the first render already has its strings.
    initAsync: false,
  });
  applyDocumentLanguage(lang);
  useSession.setState({ lang });
}

export async function changeLanguage(lang: Lang) {
  if (!i18next.hasResourceBundle(lang, 'translation')) {
    i18next.addResourceBundle(lang, 'translation', withErrors(await loaders[lang](), lang));
  }
  await i18next.changeLanguage(lang);
  applyDocumentLanguage(lang);
  useSession.setState({ lang });
}

function applyDocumentLanguage(lang: Lang) {
  // The page's lang takes standard tags: axe's valid-lang rule rejects "cn" and "jp".
  document.documentElement.lang = htmlLangTags[lang];
}

export function errorText(key: ErrorKey): string {
  return i18next.t(`errors.${key}`);
}

export { i18next };
