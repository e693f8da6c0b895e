/**
 * The language a short text without a stated one (a comment) is written in, where its script says
 * so beyond doubt: Hangul is Korean, kana is Japanese. Chinese characters alone could be Chinese
 * or Japanese, and Latin letters any language: undefined, and the text keeps the page's language.
 * It decides line breaking (Korean keeps words whole, Japanese keeps small kana off a line's start).
 */
export function scriptLang(text: string): 'ko' | 'ja' | undefined {
  if (/[\p{Script=Hangul}]/u.test(text)) return 'ko';
  if (/[\p{Script=Hiragana}\p{Script=Katakana}]/u.test(text)) return 'ja';
  return undefined;
}

/** The first line that says something: a post or comment may open with an empty line. */
export function firstLine(text: string): string {
  return text.split('\n').find((line) => line.trim() !== '')?.trim() ?? '';
}
