/** The app's language codes (spec): cn, en, jp, ko. */
export const languages = ['cn', 'en', 'jp', 'ko'] as const;
export type Lang = (typeof languages)[number];

/** Host tags as the native app speaks them. */
export const hostLanguageTags = ['zh_CN', 'en_US', 'ja_JP', 'Ko_KR'] as const;
export type HostLanguageTag = (typeof hostLanguageTags)[number];

/** Spec section 4: en_US → English, ja_JP → Japanese, Ko_KR → Korean, anything else → Chinese. */
export function langFromHostTag(tag: string | null | undefined): Lang {
  switch (tag) {
    case 'en_US':
      return 'en';
    case 'ja_JP':
      return 'jp';
    case 'Ko_KR':
      return 'ko';
    default:
      return 'cn';
  }
}

export function hostTagFromLang(lang: Lang): HostLanguageTag {
  return ({ cn: 'zh_CN', en: 'en_US', jp: 'ja_JP', ko: 'Ko_KR' } as const)[lang];
}

/** Standard BCP 47 tags for the page's lang attribute (axe rejects "cn" and "jp"). */
export const htmlLangTags: Record<Lang, string> = { cn: 'zh-CN', en: 'en', jp: 'ja', ko: 'ko' };

/**
 * Reads an Accept-Language header in any of the three spellings the server accepts: the spec's
 * codes (cn, jp), the host's tags (zh_CN, ja_JP) and standard tags (zh-CN, ja, ko-KR), with
 * optional q-weights. Answers null when nothing is recognised, so the caller picks the default.
 */
export function parseLanguage(header: string | null | undefined): Lang | null {
  if (!header) return null;
  const ranked = header
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      return { tag: tag.trim().toLowerCase().replace('_', '-'), q: q ? Number(q.slice(2)) : 1, index };
    })
    .filter((entry) => entry.tag && entry.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index);
  for (const { tag } of ranked) {
    const primary = tag.split('-')[0];
    if (primary === 'cn' || primary === 'zh') return 'cn';
    if (primary === 'en') return 'en';
    if (primary === 'jp' || primary === 'ja') return 'jp';
    if (primary === 'ko') return 'ko';
  }
  return null;
}
