import { describe, expect, it, vi } from 'vitest';
import { en as enErrors } from '@padhub/contracts/error-messages/en.ts';
import { jp } from '@/locales/jp/index.ts';
import { changeLanguage, ensureStrings, errorText, i18next, initI18n } from './i18n.ts';

describe('string groups', () => {
  it('load with the page that asks, in the language being switched to', async () => {
    await initI18n('en');
    const switching = changeLanguage('jp');
    await ensureStrings(['shop']);
    await switching;
    expect(i18next.t('shop.stock.sold_out')).toBe(jp.shop.stock.sold_out);
  });

  it('follow a later language change', async () => {
    await initI18n('en');
    await ensureStrings(['safety']);
    expect(i18next.t('safety.report.reasonLabel')).not.toBe('safety.report.reasonLabel');
    await changeLanguage('jp');
    expect(i18next.t('safety.report.reasonLabel')).toBe(jp.safety.report.reasonLabel);
  });

  it('have the shell and community strings before the first render, the error messages after it', async () => {
    await initI18n('cn');
    expect(i18next.t('common.noMore')).toBe('没有更多了');
    await ensureStrings(['errors']);
    expect(errorText('login_required')).toBe('请先登录');
  });

  it('read an error as the general failure while its messages are not there', async () => {
    await initI18n('en');
    // Korean strings with no error messages yet: the language switched to before they loaded.
    await changeLanguage('ko');
    i18next.addResourceBundle('ko', 'translation', { errors: {} }, false, true);
    const loaded = i18next.store.data['ko']!['translation'] as { errors: Record<string, string> };
    for (const key of Object.keys(loaded.errors)) delete loaded.errors[key];
    expect(errorText('login_required')).toBe(i18next.t('common.requestFailed'));
  });

  it('add a group of strings without re-rendering every translated text, unless one of them was asked for before they came', async () => {
    // Each case on a module of its own: whether a message was asked for early is the module's.
    const quiet = await freshI18n();
    await quiet.initI18n('en');
    const addedQuietly: string[] = [];
    quiet.i18next.store.on('added', (lng: string) => addedQuietly.push(lng));
    await quiet.ensureStrings(['errors']);
    expect(quiet.errorText('login_required')).toBe(enErrors.login_required);
    // react-i18next re-renders on 'added' (`bindI18nStore`): none was sent.
    expect(addedQuietly).toEqual([]);

    const early = await freshI18n();
    await early.initI18n('en');
    const added: string[] = [];
    early.i18next.store.on('added', (lng: string) => added.push(lng));
    expect(early.errorText('login_required')).toBe(early.i18next.t('common.requestFailed'));
    await early.ensureStrings(['errors']);
    expect(added).toEqual(['en']);
    expect(early.errorText('login_required')).toBe(enErrors.login_required);

    // A page's string asked for before its group came (a component that did not wait for it).
    const missed = await freshI18n();
    await missed.initI18n('en');
    const addedAfterMiss: string[] = [];
    missed.i18next.store.on('added', (lng: string) => addedAfterMiss.push(lng));
    await missed.ensureStrings(['shop']);
    expect(addedAfterMiss).toEqual([]);
    expect(missed.i18next.t('safety.report.reasonLabel')).toBe('safety.report.reasonLabel');
    await missed.ensureStrings(['safety']);
    expect(addedAfterMiss).toEqual(['en']);
  });
});

async function freshI18n() {
  vi.resetModules();
  return import('./i18n.ts');
}

describe('the page language', () => {
  it('is written on <html> as a standard tag, and not written again when it stays the same', async () => {
    await changeLanguage('jp');
    expect(document.documentElement.lang).toBe('ja');
    const written: (string | null)[] = [];
    const observer = new MutationObserver((records) => written.push(...records.map((r) => r.attributeName)));
    observer.observe(document.documentElement, { attributes: true });
    await changeLanguage('jp');
    await Promise.resolve();
    observer.disconnect();
    // Chromium restyles the whole page on a write of <html lang>, even of the value it had.
    expect(written).toEqual([]);
  });
});
