import type { ErrorKey } from '../errors.ts';
import type { Lang } from '../languages.ts';
import { cn } from './cn.ts';
import { en } from './en.ts';
import { jp } from './jp.ts';
import { ko } from './ko.ts';

/**
 * Every error message in the four languages, one file per language so that a phone downloads only
 * the languages it shows; the server, which answers in any of them, takes them all.
 */
export const errorMessagesByLang: Record<Lang, Record<ErrorKey, string>> = { cn, en, jp, ko };

export const errorMessages = Object.fromEntries(
  (Object.keys(en) as ErrorKey[]).map((key) => [key, { cn: cn[key], en: en[key], jp: jp[key], ko: ko[key] }]),
) as Record<ErrorKey, Record<Lang, string>>;
