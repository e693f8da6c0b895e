import { currencyDigits } from '@/ui/money.ts';

// Shown by the shop and by the console's audit log, so they live in ui/.
export { currencyDigits, formatMoney } from '@/ui/money.ts';

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
