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

  it('has the messages of docs/product-spec.md, "The error catalogue"', () => {
    expect(cn.common.requestFailed).toBe('请求失败，点击重新加载');
    expect(en.common.noMore).toBe('No more items');
    expect(en.common.messageDeleted).toBe('This message has been deleted');
    expect(en.post.sent).toBe('Post sent successfully');
  });
});
