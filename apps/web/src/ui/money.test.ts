import { describe, expect, it } from 'vitest';
import { currencyDigits, formatMoney } from './money.ts';

describe('formatMoney', () => {
  it('reads amounts in the currency’s minor unit: fen and cents have two decimals, yen and won none', () => {
    expect(currencyDigits('CNY')).toBe(2);
    expect(currencyDigits('JPY')).toBe(0);
    expect(formatMoney(59900, 'CNY', 'cn')).toBe('¥599.00');
    expect(formatMoney(599, 'JPY', 'jp')).toBe('￥599');
    expect(formatMoney(12000, 'KRW', 'ko')).toBe('₩12,000');
    expect(formatMoney(5999, 'USD', 'en')).toBe('$59.99');
  });

  it('writes the price the app language’s way', () => {
    expect(formatMoney(59900, 'CNY', 'en')).toBe('CN¥599.00');
  });

  it('still shows the amount of a currency Intl does not know', () => {
    expect(currencyDigits('EURO')).toBe(2);
    expect(formatMoney(1234, 'EURO', 'en')).toBe('12.34 EURO');
  });
});
