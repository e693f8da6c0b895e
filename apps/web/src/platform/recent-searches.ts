import { readLocal, storageKeys, writeLocal } from './device-storage.ts';

const MAX = 10;

/** Recent searches stay on the device, newest first, without duplicates. */
export function readRecentSearches(): string[] {
  const value = readLocal<unknown>(storageKeys.recentSearches);
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string').slice(0, MAX) : [];
}

export function rememberSearch(query: string): string[] {
  const q = query.trim();
  if (!q) return readRecentSearches();
  const next = [q, ...readRecentSearches().filter((s) => s !== q)].slice(0, MAX);
  writeLocal(storageKeys.recentSearches, next);
  return next;
}

export function clearRecentSearches() {
  writeLocal(storageKeys.recentSearches, null);
}
