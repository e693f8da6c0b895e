/**
 * Language tags from hosts, as phones really send them: BCP 47 with "-" or "_", any case, with
 * a script or a region or neither (ko_KR, Ko_KR, en-GB, zh_Hant_TW, ja). Only the language
 * subtag decides; docs/bridge.md ("Language tags") has the table.
 */
export type PageLang = 'cn' | 'en' | 'jp' | 'ko';

const byLanguage: Record<string, PageLang> = { zh: 'cn', en: 'en', ja: 'jp', ko: 'ko' };

/** The page language for a host tag; anything unknown, missing or malformed is Chinese. */
export function langFromHostTag(tag: unknown): PageLang {
  if (typeof tag !== 'string') return 'cn';
  const language = tag.trim().split(/[-_]/)[0]?.toLowerCase() ?? '';
  return byLanguage[language] ?? 'cn';
}
