/**
 * Intl's formatters, made once per language and options: making one costs far more than using it,
 * and a feed formats the same times and prices for every card on every render.
 */
const made = new Map<string, unknown>();

function once<T>(key: string, make: () => T): T {
  let formatter = made.get(key) as T | undefined;
  if (formatter === undefined) {
    formatter = make();
    made.set(key, formatter);
  }
  return formatter;
}

export const numberFormat = (tag: string, options: Intl.NumberFormatOptions) => once(`number ${tag} ${JSON.stringify(options)}`, () => new Intl.NumberFormat(tag, options));

export const listFormat = (tag: string) => once(`list ${tag}`, () => new Intl.ListFormat(tag, { type: 'unit', style: 'long' }));
