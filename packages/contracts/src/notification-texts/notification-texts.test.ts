import { describe, expect, it } from 'vitest';
import { languages } from '../languages.ts';
import { groupedNotificationTypes, notificationTypes } from '../schemas/notifications.ts';
import { notificationTextsByLang } from './index.ts';

/** The placeholders of a string, sorted: `{{name}}` → ['name']. */
const placeholders = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();

describe('the notification texts (inbox and push)', () => {
  const english = notificationTextsByLang.en;

  it.each(languages)('has a title for every notification type in %s, with the placeholders of English', (lang) => {
    const { text, grouped, push } = notificationTextsByLang[lang] as { text: Record<string, string>; grouped: Record<string, string>; push: Record<string, string> };
    const keys = notificationTypes.flatMap((type) => (type === 'report_outcome' ? ['reportActionTaken', 'reportNoAction'] : [type]));
    const groupedKeys = groupedNotificationTypes.flatMap((type) => [`${type}_one`, `${type}_other`]);
    for (const key of keys) expect(text[key], `${lang} text.${key}`).toMatch(/\S/);
    for (const key of groupedKeys) expect(grouped[key], `${lang} grouped.${key}`).toMatch(/\S/);
    for (const key of ['reason', 'deregistered']) expect(push[key], `${lang} push.${key}`).toMatch(/\S/);
    for (const [part, strings] of Object.entries({ text, grouped, push })) {
      for (const [key, value] of Object.entries(strings)) {
        const source = (english as unknown as Record<string, Record<string, string>>)[part]![key]!;
        expect(placeholders(value), `${lang} ${part}.${key}`).toEqual(placeholders(source));
      }
    }
  });
});
