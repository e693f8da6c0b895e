import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { cn } from './cn/index.ts';
import { en } from './en/index.ts';
import { jp } from './jp/index.ts';
import { ko } from './ko/index.ts';

function keys(value: unknown, prefix = ''): string[] {
  if (typeof value === 'string') return [prefix];
  return Object.entries(value as Record<string, unknown>).flatMap(([k, v]) => keys(v, prefix ? `${prefix}.${k}` : k));
}

function strings(value: unknown): string[] {
  return typeof value === 'string' ? [value] : Object.values(value as Record<string, unknown>).flatMap(strings);
}

function placeholders(text: string) {
  return [...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();
}

describe('locales', () => {
  const source = keys(en).sort();
  it.each([
    ['cn', cn],
    ['jp', jp],
    ['ko', ko],
  ])('%s has exactly the keys of en', (_name, locale) => {
    expect(keys(locale).sort()).toEqual(source);
  });

  it.each([
    ['en', en],
    ['cn', cn],
    ['jp', jp],
    ['ko', ko],
  ])('%s has no empty text', (_name, locale) => {
    for (const text of strings(locale)) expect(text.trim()).not.toBe('');
  });

  it('keeps the same placeholders in every language', () => {
    const lookup = (locale: unknown, key: string) => key.split('.').reduce((node, part) => (node as Record<string, unknown>)[part], locale) as string;
    for (const key of source) {
      const expected = placeholders(lookup(en, key));
      for (const locale of [cn, jp, ko]) expect(placeholders(lookup(locale, key)), key).toEqual(expected);
    }
  });

  it('gives every counted noun its plural forms, in every language', () => {
    // i18next picks `_one` or `_other` by the count; a key with only one of them reads "1 days".
    for (const locale of [en, cn, jp, ko]) {
      const all = keys(locale);
      for (const key of all.filter((k) => /_(one|other)$/.test(k))) {
        const stem = key.replace(/_(one|other)$/, '');
        expect(all, key).toContain(`${stem}_one`);
        expect(all, key).toContain(`${stem}_other`);
      }
    }
  });

  it('counts days, reports and variants in words that agree with the number', async () => {
    const i18n = i18next.createInstance();
    await i18n.init({ lng: 'en', resources: { en: { translation: en } }, initAsync: false });
    expect(i18n.t('moderation.actions.days', { count: 1 })).toBe('1 day');
    expect(i18n.t('moderation.actions.days', { count: 7 })).toBe('7 days');
    expect(i18n.t('moderation.cases.openReports', { count: 1 })).toBe('1 open report');
    expect(i18n.t('shop.admin.variantCount', { count: 2 })).toBe('2 variants');
    expect(i18n.t('moderation.log.ban.days', { count: 30 })).toBe('For 30 days');
  });

  it('has the messages of docs/product-spec.md, "The error catalogue"', () => {
    expect(cn.common.requestFailed).toBe('请求失败，点击重新加载');
    expect(en.common.noMore).toBe('No more items');
    expect(en.common.messageDeleted).toBe('This message has been deleted');
    expect(en.post.sent).toBe('Post sent successfully');
  });
});
