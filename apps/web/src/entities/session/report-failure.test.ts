import { beforeAll, describe, expect, it } from 'vitest';
import { errorCatalogue, errorMessages } from '@padhub/contracts';
import { ApiError } from '@/platform/api/client.ts';
import { changeLanguage, ensureStrings, initI18n } from '@/platform/i18n.ts';
import { failureText } from './report-failure.ts';

const limited = (retryAfter?: number) =>
  new ApiError({ code: errorCatalogue.rate_limited.code, message: '', data: retryAfter === undefined ? undefined : { retryAfter } }, 429);

beforeAll(async () => {
  await initI18n('en');
  await ensureStrings(['errors']);
});

describe('failureText', () => {
  it('says what went wrong in the person’s language', async () => {
    await changeLanguage('en');
    expect(failureText(new ApiError({ code: errorCatalogue.reply_not_allowed.code, message: '' }, 403))).toBe('You cannot reply here.');
    expect(failureText(new TypeError('fetch failed'))).toBe(errorMessages.network.en);
  });

  it('adds how long to wait when the server is rate limiting, rounded up', async () => {
    await changeLanguage('en');
    expect(failureText(limited(30))).toBe(`${errorMessages.rate_limited.en} You can try again in 30 seconds.`);
    expect(failureText(limited(61))).toBe(`${errorMessages.rate_limited.en} You can try again in 2 minutes.`);
    expect(failureText(limited(3601))).toBe(`${errorMessages.rate_limited.en} You can try again in 2 hours.`);
    await changeLanguage('cn');
    expect(failureText(limited(300))).toBe(`${errorMessages.rate_limited.cn} 5分钟后可以再试。`);
  });

  it('says only what it knows when the wait is missing', async () => {
    await changeLanguage('en');
    expect(failureText(limited())).toBe(errorMessages.rate_limited.en);
  });

  it('names a new account’s limit and the minutes to wait, in four languages', async () => {
    const hourSpent = new ApiError({ code: errorCatalogue.new_account_limited.code, message: '', data: { retryAfter: 125, limit: 3 } }, 429);
    const links = new ApiError({ code: errorCatalogue.too_many_links.code, message: '', data: { limit: 2 } }, 422);
    await changeLanguage('en');
    expect(failureText(hourSpent)).toBe('New accounts can do this 3 times an hour. Try again in 3 min.');
    expect(failureText(links)).toBe('New accounts can put at most 2 links in one post or comment.');
    for (const lang of ['cn', 'jp', 'ko'] as const) {
      await changeLanguage(lang);
      expect(failureText(hourSpent)).toBe(errorMessages.new_account_limited[lang].replace('{{limit}}', '3').replace('{{minutes}}', '3'));
    }
  });
});
