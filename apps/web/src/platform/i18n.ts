import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { langFromHostTag } from '@padhub/bridge-protocol';
import { type ErrorKey, type Lang, htmlLangTags } from '@padhub/contracts';
import type { eager as en } from '@/locales/en/eager.ts';
import type { Strings, Translations } from '@/locales/en/index.ts';
import { afterFirstScreen } from './after-first-screen.ts';
import { readLocal, storageKeys } from './device-storage.ts';
import { useSession } from './session.ts';

type EagerStrings = Strings<typeof en>;

/**
 * Strings load in two steps to keep the first page small on a phone: the shell and the community
 * page's strings (`eager`) of the first paint's language come before the first render
 * (docs/product-spec.md, "States and transitions"), another language's when the host asks for
 * it; the strings of every other part (a "group": posting, configs, safety, moderation, shop)
 * load with the first page that uses them, for the current language and for every later one. No
 * language rides with the entry: each is complete (typed from English), so none needs another as
 * its fallback, and a phone in Chinese never downloads the English.
 */
const eagerLoaders: Record<Lang, () => Promise<{ eager: EagerStrings }>> = {
  cn: () => import('@/locales/cn/eager.ts'),
  en: () => import('@/locales/en/eager.ts'),
  jp: () => import('@/locales/jp/eager.ts'),
  ko: () => import('@/locales/ko/eager.ts'),
};

/**
 * The server's error messages (packages/contracts), a group of their own that loads once the first
 * screen is done: about 2 KB of the first render that no first screen shows. One asked for before
 * then reads as the general failure (`errorText`), and brings them.
 */
const errorLoaders: Record<Lang, () => Promise<Record<ErrorKey, string>>> = {
  cn: () => import('@padhub/contracts/error-messages/cn.ts').then((m) => m.cn),
  en: () => import('@padhub/contracts/error-messages/en.ts').then((m) => m.en),
  jp: () => import('@padhub/contracts/error-messages/jp.ts').then((m) => m.jp),
  ko: () => import('@padhub/contracts/error-messages/ko.ts').then((m) => m.ko),
};

export type StringGroup = Exclude<keyof Translations, keyof EagerStrings> | 'errors';

const groupFiles = import.meta.glob<Record<string, unknown>>(['../locales/*/*.ts', '!../locales/*/{index,eager,base,community}.ts']);
const wanted = new Set<StringGroup>();
/** The language being switched to, while its strings load: groups asked for meanwhile load in it too. */
let switchingTo: Lang | null = null;
const loaded = new Map<string, Promise<void>>();
/** i18next's store takes `silent` (no 'added' event), which its types do not declare. */
interface QuietStore {
  addResourceBundle(lng: string, ns: string, resources: object, deep: boolean, overwrite: boolean, options: { silent: boolean }): void;
}
/**
 * A text was asked for before its strings had come: an error's message shown as the general
 * failure (`errorText`), or a key i18next did not have (its missing-key event).
 */
let askedEarly = false;

function loadGroup(lang: Lang, group: StringGroup): Promise<void> {
  const id = `${lang}/${group}`;
  let done = loaded.get(id);
  if (!done) {
    const file: (() => Promise<Record<string, unknown>>) | undefined =
      group === 'errors' ? () => errorLoaders[lang]().then((errors) => ({ errors })) : groupFiles[`../locales/${lang}/${group}.ts`];
    if (!file) return Promise.reject(new Error(`no strings for ${id}`));
    done = file().then((module) => {
      // Adding strings re-renders every component that translates (`bindI18nStore`), all at once,
      // synchronously, and a part of the drawn page not yet hydrated is then drawn afresh. A page
      // waits for its groups before it renders (`ensureStrings`), so strings arrive without that
      // re-render unless something asked for one of them before they came.
      const silent = !askedEarly;
      (i18next.store as unknown as QuietStore).addResourceBundle(lang, 'translation', { [group]: module[group] }, true, true, { silent });
    });
    // A failed download (network) may be tried again by the next page that needs the group.
    done.catch(() => loaded.delete(id));
    loaded.set(id, done);
  }
  return done;
}

/** Makes sure the strings of these groups are there, in the current language, before a page shows. */
export async function ensureStrings(groups: readonly StringGroup[]) {
  for (const group of groups) wanted.add(group);
  const langs = new Set([useSession.getState().lang, ...(switchingTo ? [switchingTo] : [])]);
  await Promise.all([...langs].flatMap((lang) => groups.map((group) => loadGroup(lang, group))));
}

/**
 * docs/product-spec.md, "States and transitions": the first paint is Chinese only when the saved host language is Chinese (zh_CN,
 * or any tag the bridge reads as Chinese); otherwise, and with nothing saved, English.
 */
export function initialLanguage(): Lang {
  const saved = readLocal<string>(storageKeys.language);
  return saved && langFromHostTag(saved) === 'cn' ? 'cn' : 'en';
}

/**
 * Starts i18next at once, without strings; the first-paint language resolves once its strings are
 * there, and the app renders only then: no flash of another language, nor of keys.
 */
export function initI18n(lang: Lang): Promise<void> {
  void i18next.use(initReactI18next).init({
    lng: lang,
    fallbackLng: false,
    resources: {},
    interpolation: { escapeValue: false },
    // A group of strings that arrives after a text of it was asked for re-renders what translates
    // (`loadGroup`); i18next tells of such a text only when it is asked to save missing keys.
    react: { bindI18nStore: 'added' },
    saveMissing: true,
    missingKeyHandler: () => {
      askedEarly = true;
    },
    // Resources are added by hand: initialise synchronously, with nothing to wait for.
    initAsync: false,
  });
  useSession.setState({ lang });
  afterFirstScreen(() => void ensureStrings(['errors']).catch(() => undefined));
  // A guess until the host answers (startup.ts), and nothing renders before that: <html lang>
  // waits for the answer. Written for the guess and again for the answer, it restyled the whole
  // drawn page twice on the way to the takeover (Chromium restyles on every write of it).
  return changeLanguage(lang, { guess: true });
}

/** Counts language changes: one whose strings arrive after a later change's must not win. */
let changes = 0;

export async function changeLanguage(lang: Lang, { guess = false } = {}) {
  const change = ++changes;
  switchingTo = lang;
  if (!i18next.hasResourceBundle(lang, 'translation')) {
    i18next.addResourceBundle(lang, 'translation', (await eagerLoaders[lang]()).eager, true, true);
  }
  // Groups already in use follow the language change, so no page shows keys instead of text.
  await Promise.all([...wanted].map((group) => loadGroup(lang, group)));
  if (change !== changes) return;
  await i18next.changeLanguage(lang);
  if (switchingTo === lang) switchingTo = null;
  if (!guess) applyDocumentLanguage(lang);
  useSession.setState({ lang });
}

function applyDocumentLanguage(lang: Lang) {
  // The page's lang takes standard tags: axe's valid-lang rule rejects "cn" and "jp".
  // Only when it changes: written again with the same value, it makes Chromium restyle the whole page (platform/theme.ts).
  if (document.documentElement.lang !== htmlLangTags[lang]) document.documentElement.lang = htmlLangTags[lang];
}

/** An error's message; `values` fill its `{{limit}}` or `{{minutes}}` when it has them. */
export function errorText(key: ErrorKey, values?: Record<string, unknown>): string {
  if (!i18next.exists(`errors.${key}`)) {
    // Before the messages arrive (`errorLoaders`), as the server draws it: the general failure.
    askedEarly = true;
    if (typeof document !== 'undefined') void ensureStrings(['errors']);
    return i18next.t('common.requestFailed');
  }
  return i18next.t(`errors.${key}`, values);
}

export { i18next };
