import { type Lang, htmlLangTags } from '@padhub/contracts';

/**
 * Prices travel as integers in the currency's minor unit (fen, cents; yen and won have none), so
 * the number of decimals comes from the currency itself, as Intl knows it.
 */
export function currencyDigits(currency: string): number {
  try {
    return new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2;
  } catch {
    return 2;
  }
}

/** A price as people of the app language write it: ¥599.00, CN¥599.00, US$59.99, ￥599. */
export function formatMoney(minor: number, currency: string, lang: Lang): string {
  const amount = minor / 10 ** currencyDigits(currency);
  try {
    return new Intl.NumberFormat(htmlLangTags[lang], { style: 'currency', currency }).format(amount);
  } catch {
    // An unknown currency code still shows its amount.
    return `${amount.toFixed(currencyDigits(currency))} ${currency}`;
  }
}

/** What an admin types ("599", "599.5", "599.00") in minor units; null when it is not an amount of this currency. */
export function toMinor(text: string, currency: string): number | null {
  const digits = currencyDigits(currency);
  const match = /^(\d{1,9})(?:[.,](\d+))?$/.exec(text.trim());
  if (!match || (match[2] ?? '').length > digits) return null;
  return Number(match[1]) * 10 ** digits + Number((match[2] ?? '').padEnd(digits, '0') || 0);
}

/** The amount an admin edits, without symbol or grouping: 59900 CNY → "599.00". */
export function toMajorText(minor: number, currency: string): string {
  const digits = currencyDigits(currency);
  return (minor / 10 ** digits).toFixed(digits);
}
