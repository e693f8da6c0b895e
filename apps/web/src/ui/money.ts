import { type Lang, htmlLangTags } from '@padhub/contracts';
import { numberFormat } from './intl.ts';

/**
 * Prices travel as integers in the currency's minor unit (fen, cents; yen and won have none), so
 * the number of decimals comes from the currency itself, as Intl knows it.
 */
export function currencyDigits(currency: string): number {
  try {
    return numberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2;
  } catch {
    return 2;
  }
}

/** A price as people of the app language write it: ¥599.00, CN¥599.00, US$59.99, ￥599. */
export function formatMoney(minor: number, currency: string, lang: Lang): string {
  const amount = minor / 10 ** currencyDigits(currency);
  try {
    return numberFormat(htmlLangTags[lang], { style: 'currency', currency }).format(amount);
  } catch {
    // An unknown currency code still shows its amount.
    return `${amount.toFixed(currencyDigits(currency))} ${currency}`;
  }
}
