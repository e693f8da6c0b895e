import type { Lang } from '../languages.ts';
import { cn } from './cn.ts';
import { type NotificationTexts, en } from './en.ts';
import { jp } from './jp.ts';
import { ko } from './ko.ts';

/**
 * What a notification says, in i18next's form (`{{name}}`, plural keys `_one`/`_other`): the web's
 * inbox shows `text` and `grouped` (apps/web/src/locales/<lang>/notifications.ts), and the server
 * composes each push from the same strings (apps/server/src/modules/notifications/push-texts.ts),
 * so the phone's push and the inbox never say two things. `push` holds what only a push says.
 * One file per language, so that a phone downloads only the languages it shows.
 */
export type { NotificationTexts };
export const notificationTextsByLang: Record<Lang, NotificationTexts> = { cn, en, jp, ko };
