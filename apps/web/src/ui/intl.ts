import { useSyncExternalStore } from 'react';

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

/** A date and time in full, as `Date.prototype.toLocaleString(tag)` writes it, in the device's time zone. */
export const dateTimeFormat = (tag: string) =>
  once(`datetime ${tag}`, () => new Intl.DateTimeFormat(tag, { year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric', second: 'numeric' }));

export const numberFormat = (tag: string, options: Intl.NumberFormatOptions) => once(`number ${tag} ${JSON.stringify(options)}`, () => new Intl.NumberFormat(tag, options));

export const listFormat = (tag: string) => once(`list ${tag}`, () => new Intl.ListFormat(tag, { type: 'unit', style: 'long' }));

const waitingFor = new Map<string, Set<() => void>>();

/**
 * `dateTimeFormat(tag)` once made, for what can wait for it (an exact time in a title): made in an
 * idle moment, in a task of its own. The first date formatter of a page costs a long task on a slow
 * phone (about 80 ms on the one bench/web.ts simulates: ICU loads the calendar and the time zone),
 * which the flip of the drawn times to the phone's clock would otherwise take on. Undefined until
 * then, and while `wanted` is false.
 */
export function useIdleDateTimeFormat(tag: string, wanted: boolean): Intl.DateTimeFormat | undefined {
  const key = `datetime ${tag}`;
  const subscribe = (listener: () => void) => {
    if (!wanted || made.has(key)) return () => undefined;
    let waiting = waitingFor.get(key);
    if (!waiting) {
      const listeners = new Set<() => void>();
      waitingFor.set(key, listeners);
      const make = () => {
        dateTimeFormat(tag);
        waitingFor.delete(key);
        for (const each of listeners) each();
      };
      if (typeof requestIdleCallback === 'function') requestIdleCallback(make, { timeout: 2_000 });
      else setTimeout(make, 200);
      waiting = listeners;
    }
    waiting.add(listener);
    return () => void waiting.delete(listener);
  };
  const current = () => (wanted ? (made.get(key) as Intl.DateTimeFormat | undefined) : undefined);
  return useSyncExternalStore(subscribe, current, () => undefined);
}
