import { type Lang, type PerLanguage, languages, pickLanguage } from '@padhub/contracts';

/** A name to show an admin: in their app language, else the organisation's default (the same rule users get). */
export function nameOf(values: PerLanguage<string | { name: string }>, appLang: string, org: { defaultLanguage: Lang }): string | undefined {
  const asked = (languages as readonly string[]).includes(appLang) ? (appLang as Lang) : org.defaultLanguage;
  const picked = pickLanguage(values, asked, org.defaultLanguage);
  if (!picked) return undefined;
  return typeof picked.value === 'string' ? picked.value : picked.value.name;
}
