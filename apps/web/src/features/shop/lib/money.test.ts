import { describe, expect, it } from 'vitest';
import { currencyDigits, formatMoney, toMajorText, toMinor } from './money.ts';

describe('money', () => {
  it('takes the decimals from the currency', () => {
    expect([currencyDigits('CNY'), currencyDigits('USD'), currencyDigits('JPY'), currencyDigits('KRW')]).toEqual([2, 2, 0, 0]);
  });

  it('formats minor units in the app language', () => {
    expect(formatMoney(59900, 'CNY', 'cn')).toBe('¥599.00');
    expect(formatMoney(5999, 'USD', 'en')).toBe('$59.99');
    expect(formatMoney(4980, 'JPY', 'jp')).toMatch(/^[¥￥]4,980$/);
    expect(formatMoney(12000, 'KRW', 'ko')).toBe('₩12,000');
    expect(formatMoney(100, 'XXQ', 'en')).toContain('1.00');
  });

  it('reads what admins type, and refuses what is not an amount of the currency', () => {
    expect(toMinor('599', 'CNY')).toBe(59900);
    expect(toMinor('599.5', 'CNY')).toBe(59950);
    expect(toMinor(' 599,05 ', 'CNY')).toBe(59905);
    expect(toMinor('4980', 'JPY')).toBe(4980);
    for (const bad of ['', '-1', '1.234', 'abc', '1e3']) expect(toMinor(bad, 'CNY'), bad).toBeNull();
    expect(toMinor('1.5', 'JPY')).toBeNull();
    expect(toMajorText(59900, 'CNY')).toBe('599.00');
    expect(toMajorText(4980, 'JPY')).toBe('4980');
  });
});
